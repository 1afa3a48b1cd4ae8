/**
 * The outbox as the core opens it (db/kiosk-outbox.ts) on real SQLite: a full disk (the
 * injected write fault) and a damaged row are each announced, once, in the way the core's
 * status events and the replayer need; the log names a set-aside row by its id only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDiskFull } from '../../../electron/core/platform/disk-full';
import { openKioskDb, type KioskDb } from '../../../electron/core/db/open';
import { createLogger } from '../../../electron/core/platform/log';
import { createDomainEvents } from '../../../electron/core/platform/domain-events';
import type { HeldWrites } from '../../../electron/core/outbox/held-writes';
import { openKioskOutbox, type KioskOutboxEvents } from '../../../electron/core/db/kiosk-outbox';
import { createSqliteOutboxStore } from '../../../electron/core/db/outbox-store';
import { manualClock } from '../../support/core/manual-clock';
import { outboxEntry } from '../../support/core/outbox-entry';

let dir: string;
let db: KioskDb;
let outbox: HeldWrites;
/** Whether the disk is full now (read by the fault at each durable commit). */
let full = false;
let told: string[];
let logLines: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-kiosk-outbox-'));
  db = openKioskDb({ dataDir: dir });
  full = false;
  told = [];
  logLines = [];
  const log = createLogger('core:outbox', { level: 'info', sink: (line) => logLines.push(line) });
  const events = createDomainEvents<KioskOutboxEvents>(log);
  outbox = openKioskOutbox(db, createSqliteOutboxStore(db), {
    clock: manualClock(0),
    log,
    diskFull: () => full,
    events,
  });
  // What the status bar and the replayer hear (status/status-room.ts, kiosk-core.ts).
  events.on('booking.changed', ({ entry }) => told.push(`change ${entry.localId} ${entry.state}`));
  events.on('storage.changed', ({ full }) => told.push(full ? 'disk full' : 'disk ok'));
  events.on('outbox.rowSetAside', ({ localId }) => told.push(`set aside ${localId}`));
  events.on('outbox.due', () => told.push('wake'));
});

afterEach(() => {
  outbox.stop();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('the kiosk outbox on real SQLite', () => {
  it('a full disk is told as a status change, and space coming back as a status change and a wake', () => {
    full = true;
    expect(isDiskFull(thrown(() => outbox.store.insert(outboxEntry({ localId: 'a' }))))).toBe(true);
    expect(outbox.full()).toBe(true);
    expect(told).toEqual(['disk full']);
    expect(outbox.store.get('a')).toBeNull();

    full = false;
    outbox.store.insert(outboxEntry({ localId: 'b' }));
    expect(outbox.full()).toBe(false);
    expect(told).toEqual(['disk full', 'disk ok', 'wake']);
  });

  it('the retry probes the disk with a real commit: still full says full, space back says so', () => {
    full = true;
    thrown(() => outbox.store.insert(outboxEntry({ localId: 'a' })));
    told.length = 0;

    expect(outbox.retry()).toBe(false);
    expect(outbox.full()).toBe(true);
    expect(told).toEqual([]);

    full = false;
    expect(outbox.retry()).toBe(true);
    expect(told).toEqual(['disk ok', 'wake']);
  });

  it('an answer held on a full disk is announced as a booking change once it is written', () => {
    outbox.store.insert(outboxEntry({ localId: 'a', state: 'sending' }));
    full = true;
    const shown = outbox.settle('a', { state: 'sent', updatedAt: 5 });
    expect(shown.state).toBe('sent');
    expect(outbox.isHeld('a')).toBe(true);
    told.length = 0;

    full = false;
    expect(outbox.retry()).toBe(true);
    expect(told).toEqual(['disk ok', 'wake', 'change a sent', 'wake']);
    expect(outbox.isHeld('a')).toBe(false);
    expect(createSqliteOutboxStore(db).get('a')?.state).toBe('sent');
  });

  it('a row that cannot be read is set aside, logged by its id only, and told as a status change', () => {
    outbox.store.insert(
      outboxEntry({
        localId: 'damaged',
        request: {
          serviceId: 'svc',
          employeeId: 'emp',
          date: '2026-11-24',
          time: '10:00',
          customer: { name: 'Zelda Quarantine', email: 'zelda@example.com', phone: '5550101' },
        },
      }),
    );
    db.$client.prepare("update outbox set request = '{cut off' where local_id = ?").run('damaged');
    told.length = 0;

    expect(outbox.store.list().map((entry) => [entry.localId, entry.state])).toEqual([
      ['damaged', 'quarantined'],
    ]);
    expect(told).toEqual(['set aside damaged']);
    const errors = logLines.filter((line) => line.includes(' ERROR '));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('outbox row set aside (quarantined): it cannot be read');
    expect(errors[0]).toContain('"localId":"damaged"');
    expect(errors[0]).toContain('"reason":"its booking request cannot be read"');
    expect(errors[0]).not.toContain('Zelda');

    // Set aside once: a later read says nothing more.
    outbox.store.list();
    expect(told).toEqual(['set aside damaged']);
  });
});
