/**
 * The booked-times watch (link/booked-times-watch.ts) over real SQLite: what it learns is kept
 * in the settings table for the upstream it was learned of (a restart keeps it, a re-target to
 * another upstream starts unknown and takes no booking sent before as evidence), and a slot list
 * it cannot check still reaches its caller.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openKioskDb, type KioskDb } from '../../../electron/core/db/open';
import { createLogger } from '../../../electron/core/platform/log';
import { SETTLE_MS, watchBookedTimes } from '../../../electron/core/link/booked-times-watch';
import { createSqliteOutboxStore } from '../../../electron/core/db/outbox-store';
import type { OutboxStore } from '../../../electron/core/outbox/store';
import type { UpstreamTargetRef } from '../../../electron/core/link/upstream-target';
import type { BookingResponse, TimeSlots } from '../../../shared/api/schemas';
import { makeTempDir } from '../../support/core/harness';
import { manualClock, type ManualClock } from '../../support/core/manual-clock';
import { outboxEntry } from '../../support/core/outbox-entry';
import { upstreamDouble } from '../../support/core/upstream-double';

const START = Date.parse('2026-11-23T09:00:00Z');
const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };
const FREE_AT_TEN: TimeSlots = {
  date: '2026-11-24',
  timeSlots: [{ time: '10:00', available: true, employeeId: 'emp' }],
};
const BOOKING: BookingResponse = {
  bookingId: 'b-1',
  appointmentNumber: 'A-000123',
  service: { title: 'Cut', duration: 30 },
  employee: { name: 'Emp', email: 'emp@salon.example' },
  appointment: { date: '2026-11-24', time: '10:00', endTime: '10:30' },
  customer: { name: 'A', email: 'a@example.com', customerNumber: 'C-00042' },
  status: 'pending',
  emailSent: false,
};
const QUERY = { date: '2026-11-24', serviceId: 'svc', employeeId: 'emp' };
const CALL = { priority: 'interactive', maxWaitMs: 0 } as const;

let temp: ReturnType<typeof makeTempDir>;
let db: KioskDb;
let store: OutboxStore;
let clock: ManualClock;
let target: UpstreamTargetRef;
const lines: string[] = [];

beforeEach(() => {
  temp = makeTempDir('fd-booked-times-watch-');
  db = openKioskDb({ dataDir: temp.dir });
  store = createSqliteOutboxStore(db);
  clock = manualClock(START);
  target = { kind: 'remote', baseUrl: 'https://a.example', apiKey: 'k' };
  lines.length = 0;
});
afterEach(() => {
  db.$client.close();
  temp.remove();
});

const client = upstreamDouble({
  getTimeSlots: () => Promise.resolve({ kind: 'ok', status: 200, data: FREE_AT_TEN, meta }),
});

function watch(over: OutboxStore = store) {
  return watchBookedTimes({
    db,
    store: over,
    clock,
    log: createLogger('test', { level: 'info', sink: (line) => lines.push(line) }),
    link: { client: () => client, target: () => target },
  });
}

/** A booking at 10:00 with `emp`, confirmed now. */
function sentNow(localId: string): void {
  store.insert(
    outboxEntry({
      localId,
      state: 'sent',
      booking: { ...BOOKING, bookingId: localId },
      createdAt: clock.now(),
      updatedAt: clock.now(),
    }),
  );
}

describe('the booked-times watch', () => {
  it('learns from a slot list, keeps it across a restart, forgets it for another upstream', async () => {
    const first = watch();
    sentNow('l1');
    clock.advance(SETTLE_MS);
    expect(first.blocksBookedTimes()).toBe(true);
    const answer = await first.client().getTimeSlots(QUERY, CALL);
    expect(answer).toMatchObject({ kind: 'ok', data: FREE_AT_TEN });
    expect(first.blocksBookedTimes()).toBe(false);
    expect(first.report().keepsBookedTimesFree).toMatchObject({
      date: '2026-11-24',
      time: '10:00',
      learnedAt: new Date(clock.now()).toISOString(),
    });
    expect(lines.join('\n')).toMatch(/lists a time this kiosk booked as still free/);

    // A restart reads it back.
    expect(watch().blocksBookedTimes()).toBe(false);

    // Another upstream: unknown again, and l1 (sent before the re-target) is no evidence there.
    target = { kind: 'remote', baseUrl: 'https://b.example', apiKey: 'k' };
    const other = watch();
    expect(other.blocksBookedTimes()).toBe(true);
    clock.advance(SETTLE_MS);
    await other.client().getTimeSlots(QUERY, CALL);
    expect(other.blocksBookedTimes()).toBe(true);
    expect(other.report()).toEqual({
      watchedSince: new Date(START + SETTLE_MS).toISOString(),
      keepsBookedTimesFree: null,
    });
  });

  it('a slot list it cannot check still reaches its caller', async () => {
    const broken: OutboxStore = {
      ...store,
      holdsOn: () => {
        throw new Error('disk I/O error');
      },
    };
    const w = watch(broken);
    const answer = await w.client().getTimeSlots(QUERY, CALL);
    expect(answer).toMatchObject({ kind: 'ok', data: FREE_AT_TEN });
    expect(w.blocksBookedTimes()).toBe(true);
    expect(lines.join('\n')).toMatch(/could not be checked/);
  });
});
