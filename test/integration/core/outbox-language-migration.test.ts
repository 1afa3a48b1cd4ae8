/**
 * Issue 40: the customer's language travels on the booking (the outbox's `language` column). The
 * migration that adds it gives a booking written before it the language its follow-up kept:
 * migrated to the migration before, rows written, then migrated to it (Signal's pattern).
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectKioskDb, migrateKioskDb } from '../../../electron/core/db/open';
import { makeTempDir } from '../../support/core/harness';

const MIGRATIONS = join(import.meta.dirname, '..', '..', '..', 'drizzle', 'kiosk');
const TAG = /_outbox_language$/;

interface Journal {
  entries: { tag: string }[];
}

/** A copy of the kiosk's migrations that ends before the one adding the language. */
function migrationsBefore(dir: string): string {
  const folder = join(dir, 'migrations');
  cpSync(MIGRATIONS, folder, { recursive: true });
  const path = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) => TAG.test(entry.tag));
  expect(at).toBeGreaterThan(0);
  writeFileSync(path, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

let temp: ReturnType<typeof makeTempDir>;
afterEach(() => temp.remove());

describe('the migration that keeps the language on the booking', () => {
  it("gives a queued booking its follow-up's language, and one without a follow-up none", () => {
    temp = makeTempDir('fd-outbox-language-');
    const db = connectKioskDb({ dataDir: temp.dir });
    try {
      migrateKioskDb(db, migrationsBefore(temp.dir));
      const insert = db.$client.prepare(
        `insert into outbox (local_id, idempotency_key, request, employee_id, date, time,
           duration_minutes, state, next_attempt_at, created_at, updated_at)
         values (?, ?, '{}', 'emp-anna', '2026-11-24', '10:00', 45, ?, 0, 0, 0)`,
      );
      insert.run('local-queued', 'key-queued', 'queued');
      insert.run('local-sent', 'key-sent', 'sent');
      db.$client
        .prepare(
          `insert into follow_ups (local_id, language, state, updated_at)
           values ('local-queued', 'uk', 'waiting', 0)`,
        )
        .run();

      migrateKioskDb(db);

      const rows = db.$client
        .prepare('select local_id as localId, language from outbox order by local_id')
        .all();
      expect(rows).toEqual([
        { localId: 'local-queued', language: 'uk' },
        { localId: 'local-sent', language: null },
      ]);
    } finally {
      db.$client.close();
    }
  });
});
