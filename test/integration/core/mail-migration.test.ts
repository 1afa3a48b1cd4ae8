/**
 * The e-mails of a kiosk database made before the job queue (issue 40): the database is
 * migrated to the schema before it (drizzle/kiosk up to 0005), mails in every state of the old
 * mail outbox are written, then the kiosk's migrations run to the end. Each mail is a job of
 * the queue, keyed by its booking, showing staff what it showed before (a mail the process died
 * sending is `uncertain`, as the old sender's start made it); the old table is gone, and the
 * queue sends the one mail still due, once.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createSqliteJobStore } from '../../../electron/core/db/job-store';
import {
  connectKioskDb,
  defaultMigrationsFolder,
  migrateKioskDb,
  openKioskDb,
} from '../../../electron/core/db/open';
import { createJobQueue } from '../../../electron/core/jobs';
import {
  createMailJob,
  MAIL_JOB,
  MailData,
  mailStateOf,
} from '../../../electron/core/notify/mail-job';
import { createLogger } from '../../../electron/core/platform/log';
import { makeTempDir } from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';
import { startSmtpSink } from '../../support/server/smtp-sink';

const BEFORE_JOBS = '0005_outbox_visit_id';
const NOW = Date.UTC(2026, 10, 28, 9, 0);

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  temp = makeTempDir('fd-mail-migration-');
});
afterEach(() => temp.remove());

/** The kiosk's migrations up to and including `lastTag`, in a folder of their own. */
function migrationsUpTo(lastTag: string): string {
  const folder = join(temp.dir, 'migrations');
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(
    readFileSync(join(defaultMigrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThanOrEqual(0);
  const entries = journal.entries.slice(0, last + 1);
  for (const { tag } of entries)
    cpSync(join(defaultMigrationsFolder, `${tag}.sql`), join(folder, `${tag}.sql`));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** The old mail outbox's states, one mail each (and one the retention erased, one damaged). */
const OLD_MAILS = [
  { localId: 'bk-pending', state: 'pending', attempts: 2, nextAttemptAt: NOW - 1_000 },
  { localId: 'bk-later', state: 'pending', attempts: 1, nextAttemptAt: NOW + 60_000 },
  { localId: 'bk-claimed', state: 'claimed', attempts: 0, nextAttemptAt: NOW - 5_000 },
  { localId: 'bk-sent', state: 'sent', attempts: 0, nextAttemptAt: NOW - 5_000 },
  { localId: 'bk-failed', state: 'failed', attempts: 5, nextAttemptAt: NOW - 5_000 },
  { localId: 'bk-uncertain', state: 'uncertain', attempts: 0, nextAttemptAt: NOW - 5_000 },
  { localId: 'bk-damaged', state: '', attempts: 0, nextAttemptAt: NOW - 5_000 },
] as const;

it('carries the mails of a database made before the job queue into it, each as staff saw it', async () => {
  const old = connectKioskDb({ dataDir: temp.dir });
  migrateKioskDb(old, migrationsUpTo(BEFORE_JOBS));
  const insert = old.$client.prepare(
    'insert into mail_outbox (local_id, message_id, recipient, subject, body, state, attempts, next_attempt_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const mail of OLD_MAILS)
    insert.run(
      mail.localId,
      `<${mail.localId}@salon.example>`,
      `${mail.localId}@example.com`,
      `Subject ${mail.localId}`,
      'Hello,\n\nunfortunately your booking could not be kept.\n',
      mail.state,
      mail.attempts,
      mail.nextAttemptAt,
      NOW - 10_000,
      NOW - 9_000,
    );
  old.$client.close();

  const db = openKioskDb({ dataDir: temp.dir });
  const sink = await startSmtpSink();
  const clock = manualClock(NOW);
  const log = createLogger('test');
  const store = createSqliteJobStore(db);
  const queue = createJobQueue({ store, clock, log });
  try {
    const tables = db.$client
      .prepare("select name from sqlite_master where type = 'table' and name = 'mail_outbox'")
      .all();
    expect(tables).toEqual([]);
    const jobs = store.list(
      MAIL_JOB,
      OLD_MAILS.map((mail) => mail.localId),
    );
    const byKey = new Map(jobs.map((job) => [job.key, job]));
    expect(jobs).toHaveLength(OLD_MAILS.length);
    expect(Object.fromEntries(jobs.map((job) => [job.key, mailStateOf(job)]))).toEqual({
      'bk-pending': 'pending',
      'bk-later': 'pending',
      'bk-claimed': 'uncertain', // its process died while sending: never again
      'bk-sent': 'sent',
      'bk-failed': 'failed',
      'bk-uncertain': 'uncertain',
      'bk-damaged': 'uncertain', // nobody knows whether it went
    });
    expect(byKey.get('bk-pending')).toMatchObject({
      state: 'queued',
      attempts: 2,
      runAt: NOW - 1_000,
      createdAt: NOW - 10_000,
      updatedAt: NOW - 9_000,
      leaseUntil: null,
    });
    expect(byKey.get('bk-claimed')).toMatchObject({ state: 'failed', interrupted: 1 });
    expect(MailData.parse(JSON.parse(byKey.get('bk-pending')?.data ?? ''))).toEqual({
      localId: 'bk-pending',
      messageId: '<bk-pending@salon.example>',
      recipient: 'bk-pending@example.com',
      subject: 'Subject bk-pending',
      body: 'Hello,\n\nunfortunately your booking could not be kept.\n',
    });

    // The queue sends what was due, once, under its Message-ID; the later one waits its turn.
    queue.define(createMailJob({ config: { smtpUrl: sink.url, from: 'desk@salon.example' }, log }));
    await queue.runOnce();
    await queue.runOnce();
    expect(sink.received.map((mail) => mail.to)).toEqual([['bk-pending@example.com']]);
    expect(sink.received[0]?.raw).toContain('Message-ID: <bk-pending@salon.example>');
    expect(mailStateOf(store.list(MAIL_JOB, ['bk-pending'])[0])).toBe('sent');
    clock.advance(60_000);
    await queue.runOnce();
    expect(sink.received.map((mail) => mail.to[0])).toEqual([
      'bk-pending@example.com',
      'bk-later@example.com',
    ]);
  } finally {
    await queue.stop();
    await sink.close();
    db.$client.close();
  }
});
