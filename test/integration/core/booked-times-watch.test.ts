/**
 * The booked-times watch (link/booked-times-watch.ts) over real SQLite: what it learns is kept
 * in the settings table for the upstream it was learned of (a restart keeps it, a re-target to
 * another upstream starts unknown and takes no booking sent before as evidence), and a slot list
 * it cannot check still reaches its caller.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openKioskDb, type KioskDb } from '../../../electron/core/db/open';
import { createLogger } from '../../../electron/core/platform/log';
import { createDomainEvents } from '../../../electron/core/platform/domain-events';
import type { OutboxEvents } from '../../../electron/core/outbox/events';
import { SENT_AGAIN_TO_CHECK } from '../../../electron/core/outbox/transitions';
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

type WatchEvents = Pick<OutboxEvents, 'booking.changed' | 'booking.keyHonoured'>;
const log = createLogger('test', { level: 'info', sink: (line) => lines.push(line) });

function watch(over: OutboxStore = store, events = createDomainEvents<WatchEvents>(log)) {
  return watchBookedTimes({
    db,
    store: over,
    clock,
    log,
    link: { client: () => client, target: () => target },
    events,
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
  it('issue 39 item 8: once learned, bookings sent again after a lost answer since the key was last seen honoured go to staff', async () => {
    const base = outboxEntry({ localId: 'base' }).request;
    /** A booking at `time` the API accepted now; `resent`: after its first answer was lost. */
    const sent = (localId: string, time: string, resent: boolean) =>
      store.insert(
        outboxEntry({
          localId,
          request: { ...base, time },
          state: 'sent',
          responseLost: resent,
          attempts: resent ? 2 : 1,
          booking: { ...BOOKING, bookingId: localId },
          createdAt: clock.now(),
          updatedAt: clock.now(),
        }),
      );
    const before = createDomainEvents<WatchEvents>(log);
    watch(store, before);
    sent('before-proof', '11:00', true);
    clock.advance(1_000);
    sent('proof', '11:30', true);
    before.emit('booking.keyHonoured', { localId: 'proof', at: clock.now() });
    clock.advance(1_000);
    sent('after-proof', '12:00', true);
    sent('answered-at-once', '12:30', false);
    sentNow('evidence');

    // After a restart (the proof is kept with the upstream's record) the watch learns.
    const events = createDomainEvents<WatchEvents>(log);
    const changed: string[] = [];
    events.on('booking.changed', ({ entry }) => changed.push(`${entry.localId} ${entry.state}`));
    const restarted = watch(store, events);
    clock.advance(SETTLE_MS);
    await restarted.client().getTimeSlots(QUERY, CALL);
    expect(restarted.blocksBookedTimes()).toBe(false);
    expect(Object.fromEntries(store.list().map((e) => [e.localId, e.state]))).toEqual({
      'before-proof': 'sent',
      proof: 'sent',
      'after-proof': 'unknown',
      'answered-at-once': 'sent',
      evidence: 'sent',
    });
    expect(store.get('after-proof')).toMatchObject({
      lastError: { status: null, message: SENT_AGAIN_TO_CHECK },
      booking: { bookingId: 'after-proof' },
    });
    expect(changed).toEqual(['after-proof unknown']);
    expect(lines.join('\n')).toMatch(/may be booked twice/);
  });
});
