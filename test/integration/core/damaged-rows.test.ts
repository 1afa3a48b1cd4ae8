/**
 * Issue 30, item 1: every field of every outbox row is checked when read. fast-check damages
 * every column of the outbox in turn (one row per column: wrong type, empty, out of range, or
 * another row's value), and the follow-up and mail rows beside them; then the real core starts
 * on the real reference server, staff list, the queue replays, and the core restarts. The
 * kiosk starts, every readable booking reaches the API exactly once, every damaged row is set
 * aside with its bytes as they were, and every list item parses with the contract.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { kioskApi } from '../../../shared/kiosk-api';
import { freeSlots, queueBookings } from '../../support/core/crash-run';
import {
  makeTempDir,
  serverBookings,
  startCore,
  startUpstream,
  until,
  type UpstreamFixture,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

type Values = Record<string, unknown>;
/** A damaged value for a column, from the row itself and the undamaged rows. */
type Damage = (row: Values, others: Values[]) => unknown;

const BLOB = Buffer.from([0xff, 0x00, 0x7b]);
/** Another row's value that differs from this row's ('' when every other row has the same). */
const other =
  (column: string): Damage =>
  (row, others) =>
    others.find((o) => o[column] !== row[column])?.[column] ?? '';
const value =
  (v: unknown): Damage =>
  () =>
    v;

const ID = [value(''), value(BLOB), value('-- --'), value('x'.repeat(300))];
const INSTANT = [value('x'), value(''), value(-1), value(1e17), value(BLOB)];

/** Every column of the outbox, with the damage each can take (none of them readable). */
const OUTBOX_DAMAGE: Record<string, Damage[]> = {
  local_id: ID,
  idempotency_key: ID,
  request: [value(''), value(BLOB), value('{"serviceId":1}'), value('{"cut'), other('request')],
  employee_id: [value(''), value(BLOB), value('x'.repeat(300)), other('employee_id')],
  date: [value(''), value(42), value('2026-02-30'), value('x'), other('date')],
  time: [value(''), value(BLOB), value('25:99'), value(930), other('time')],
  duration_minutes: [value('x'), value(''), value(0), value(-15), value(100_000)],
  state: [value(''), value(42), value('bogus'), value(BLOB)],
  attempts: [value('x'), value(''), value(-1), value(1.5)],
  last_error_status: [value('x'), value(''), value(-1), value(1000)],
  last_error_message: [value(BLOB)],
  booking: [value(''), value('x'), value(BLOB), value('{"bookingId":1}')],
  next_attempt_at: INSTANT,
  response_lost: [value('x'), value(''), value(2), value(-1)],
  first_attempt_at: INSTANT,
  created_at: INSTANT,
  updated_at: INSTANT,
  erased_at: INSTANT,
  rebooked_as: ID,
  visit_id: ID,
};
const COLUMNS = Object.keys(OUTBOX_DAMAGE);
const CLEAN = 4;

/**
 * A follow-up and a mail (a job of the queue, keyed by its booking) beside a readable booking,
 * each with one damaged column.
 */
const NOTICE_DAMAGE: { table: string; row: Values; column: string; value: unknown }[] = [
  { table: 'follow_ups', column: 'state', value: 'bogus', row: {} },
  { table: 'follow_ups', column: 'refused_at', value: 'x', row: {} },
  { table: 'jobs', column: 'state', value: '', row: {} },
  { table: 'jobs', column: 'data', value: '{"cut', row: {} },
];

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;

beforeAll(async () => {
  temp = makeTempDir('fd-damaged-rows-');
  upstream = await startUpstream(temp.dir, { rateLimit: { perMinute: 60_000, perDay: 1e6 } });
});

afterAll(async () => {
  await upstream.close();
  temp.remove();
});

function withDb<T>(dataDir: string, fn: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'kiosk.db'));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Every row as stored (blobs as hex), by rowid. */
function storedRows(dataDir: string): Map<number, Values> {
  return withDb(dataDir, (db) => {
    const rows = db.prepare('select rowid as rid, * from outbox').all() as Values[];
    return new Map(
      rows.map((r) => [
        r.rid as number,
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [k, Buffer.isBuffer(v) ? v.toString('hex') : v]),
        ),
      ]),
    );
  });
}

async function replayAll(core: KioskCoreInternals): Promise<void> {
  await until(async () => {
    await core.replayer.runOnce();
    return (await core.api.getSyncStatus({})).queued === 0;
  }, 20_000);
}

async function staffList(core: KioskCoreInternals): Promise<unknown[]> {
  const session = await openStaffSession(core);
  const list = await core.api.listBookings({ session });
  // The contract the screen's client holds every answer to: one bad item would refuse it all.
  expect(kioskApi.listBookings.output.safeParse(list).success).toBe(true);
  return list;
}

interface Prepared {
  dataDir: string;
  damaged: Map<number, string>; // rowid -> damaged column
  cleanSlots: string[];
}

const slotKey = (s: { date: string; time: string; employeeId: string }): string =>
  `${s.employeeId} ${s.date} ${s.time}`;

/** Queues one booking per column plus CLEAN more; row i gets column i's damage. */
async function prepare(run: number, kinds: number[], sending: boolean[]): Promise<Prepared> {
  const dataDir = join(temp.dir, `kiosk-${run}`);
  const slots = await freeSlots(upstream.server.url, COLUMNS.length + CLEAN);
  queueBookings(dataDir, slots);
  const damaged = new Map<number, string>();
  withDb(dataDir, (db) => {
    // Keys of their own: every run books on the same API, which remembers the keys it saw.
    db.prepare("update outbox set idempotency_key = idempotency_key || '-run-' || ?").run(run);
    const rows = db
      .prepare('select rowid as rid, * from outbox order by local_id')
      .all() as Values[];
    // Some rows were being sent when the kiosk stopped (attempts='x' must not stay 'sending').
    rows.forEach((row, i) => {
      if (sending[i])
        db.prepare(
          "update outbox set state = 'sending', attempts = 1, first_attempt_at = created_at where rowid = ?",
        ).run(row.rid);
    });
    const clean = rows.slice(COLUMNS.length);
    COLUMNS.forEach((column, i) => {
      const row = rows[i] as Values;
      const options = OUTBOX_DAMAGE[column] as Damage[];
      const damage = options[(kinds[i] ?? 0) % options.length] as Damage;
      db.prepare(`update outbox set ${column} = ? where rowid = ?`).run(
        damage(row, clean),
        row.rid,
      );
      damaged.set(row.rid as number, column);
    });
    // Notices beside the first clean bookings, each with one damaged column.
    NOTICE_DAMAGE.forEach((notice, i) => {
      const localId = (clean[i] as Values).local_id as string;
      if (notice.table === 'follow_ups')
        db.prepare(
          "insert into follow_ups (local_id, language, state, refused_at, updated_at) values (?, 'de', 'waiting', null, 0)",
        ).run(localId);
      else
        db.prepare(
          "insert into jobs (id, type, key, data, state, attempts, interrupted, run_at, lease_until, reason, created_at, updated_at) values (?, 'mail', ?, json_object('localId', ?, 'messageId', 'm', 'recipient', 'a@example.com', 'subject', 's', 'body', 'b'), 'queued', 0, 0, 0, null, null, 0, 0)",
        ).run(`job-${localId}`, localId, localId);
      const key = notice.table === 'jobs' ? 'key' : 'local_id';
      db.prepare(`update ${notice.table} set ${notice.column} = ? where ${key} = ?`).run(
        notice.value,
        localId,
      );
    });
  });
  return { dataDir, damaged, cleanSlots: slots.slice(COLUMNS.length).map(slotKey) };
}

async function checkRun(prepared: Prepared): Promise<void> {
  const { dataDir, damaged, cleanSlots } = prepared;
  const before = storedRows(dataDir);
  const booked = new Set(serverBookings(upstream.dbPath).map((b) => b.id));

  // The kiosk starts (a damaged row stopped it before), staff see every row, the queue replays.
  let core = await startCore(dataDir, upstream.proxy.url);
  try {
    expect((await staffList(core)).length).toBe(COLUMNS.length + CLEAN);
    await replayAll(core);
  } finally {
    await core.close();
  }
  // A second start sends nothing again and lists the same.
  core = await startCore(dataDir, upstream.proxy.url);
  try {
    await core.replayer.runOnce();
    const list = (await staffList(core)) as {
      state: string;
      lastError: { message: string } | null;
    }[];
    expect(list.filter((b) => b.state === 'quarantined').length).toBe(damaged.size);
    expect(list.filter((b) => b.state === 'sent').length).toBe(CLEAN);
    for (const b of list.filter((x) => x.state === 'quarantined'))
      expect(b.lastError?.message).toMatch(/^Set aside, not sent: .*docs\/deploy\.md/);
  } finally {
    await core.close();
  }

  // The API: each readable booking exactly once, nothing of a damaged one.
  const added = serverBookings(upstream.dbPath).filter((b) => !booked.has(b.id));
  expect(added.map(slotKey).sort()).toEqual([...cleanSlots].sort());

  // On disk: a damaged row is set aside and otherwise byte for byte as it was.
  const after = storedRows(dataDir);
  for (const [rowid, column] of damaged) {
    const {
      state,
      last_error_status: _s,
      last_error_message: _m,
      ...rest
    } = after.get(rowid) ?? {};
    const {
      state: _b,
      last_error_status: _bs,
      last_error_message: _bm,
      ...was
    } = before.get(rowid) ?? {};
    expect({ column, state }).toEqual({ column, state: 'quarantined' });
    expect({ column, rest }).toEqual({ column, rest: was });
  }
  for (const [rowid, row] of after)
    if (!damaged.has(rowid))
      expect({ id: row.local_id, state: row.state }).toMatchObject({ state: 'sent' });
}

describe('damaged outbox rows (issue 30)', () => {
  it("the issue's cases: created_at, state, attempts, local_id, idempotency_key", async () => {
    // Kinds chosen so each column gets the audit's value; the others take their first kind.
    const kinds = COLUMNS.map((c) =>
      c === 'created_at' || c === 'attempts' ? 0 : c === 'state' ? 2 : 0,
    );
    const sending = COLUMNS.map((c) => c === 'created_at' || c === 'attempts');
    await checkRun(await prepare(0, kinds, [...sending, false, false, true, false]));
  });

  it('property: every column damaged in turn; start, list, replay, restart', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(20), { minLength: COLUMNS.length, maxLength: COLUMNS.length }),
        fc.array(fc.boolean(), {
          minLength: COLUMNS.length + CLEAN,
          maxLength: COLUMNS.length + CLEAN,
        }),
        async (kinds, sending) => {
          run += 1;
          await checkRun(await prepare(run, kinds, sending));
        },
      ),
      { numRuns: 5 },
    );
  });
});
