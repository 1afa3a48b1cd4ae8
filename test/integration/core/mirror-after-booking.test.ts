/**
 * Issue 37, after its own booking: the kiosk knows that day's lists are stale for that person,
 * so the mirror brings their refresh forward (the service's `any` list and the person's own,
 * when cached) to `bookedRefreshDelayMs` after the booking, instead of their next age (an hour
 * for the next days). The core as it runs (loops on, `booking.changed` heard by the mirror in
 * the composition) against the reference server; the test moves the shared clock only while
 * nothing is on the wire (stepped-run.ts).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MIRROR_POLICY } from '../../../electron/core/mirror/plan';
import {
  bookingRequest,
  corePerTest,
  firstFree,
  goOffline,
  type CoreRig,
} from '../../support/core/harness';
import { timerClock, type TimerClock } from '../../support/core/manual-clock';
import { runUntil, steppedRun } from '../../support/core/stepped-run';

const TUESDAY_1000 = Date.parse('2026-11-24T09:00:00Z');
const DATE = '2026-11-25'; // Wednesday: Anna 09-18 and Sophie 08-14 do the ladies' cut
const SERVICE = 'svc-damen-schnitt';
const OTHER = 'svc-faerben'; // Anna's too: its list that day is not the booking's
const DELAY = DEFAULT_MIRROR_POLICY.bookedRefreshDelayMs;

const open = corePerTest('fd-mirror-booked-');

/** When each cached slot list was fetched: `${date}|${serviceId}|${employee or any}`. */
function fetchedAt(rig: CoreRig): Map<string, number> {
  const db = new Database(join(rig.dataDir, 'kiosk.db'), { readonly: true });
  try {
    const rows = db
      .prepare(
        'select date, service_id as serviceId, employee_key as employee, fetched_at as at from mirror_time_slots',
      )
      .all() as { date: string; serviceId: string; employee: string; at: number }[];
    return new Map(rows.map((r) => [`${r.date}|${r.serviceId}|${r.employee}`, r.at]));
  } finally {
    db.close();
  }
}

function outboxState(rig: CoreRig): string | undefined {
  const db = new Database(join(rig.dataDir, 'kiosk.db'), { readonly: true });
  try {
    return (db.prepare('select state from outbox').get() as { state: string } | undefined)?.state;
  } finally {
    db.close();
  }
}

/** A kiosk whose mirror has filled, and a customer who looked at Anna's times that day. */
async function filled(): Promise<{ rig: CoreRig; clock: TimerClock; time: string }> {
  const clock = timerClock(TUESDAY_1000);
  const rig = await open(clock, { autoStart: true });
  await steppedRun(clock, rig.upstream.proxy, 15 * 60_000);
  const anna = await rig.core.api.getTimeSlots({
    date: DATE,
    serviceId: SERVICE,
    employeeId: 'emp-anna',
  });
  const { time } = firstFree(anna.timeSlots, 'emp-anna');
  return { rig, clock, time };
}

const ANY = `${DATE}|${SERVICE}|any`;
const ANNA = `${DATE}|${SERVICE}|emp-anna`;
const OTHER_ANY = `${DATE}|${OTHER}|any`;

describe("after a booking of this kiosk, that day's lists", () => {
  it('sent: the any list and the person\u2019s own are asked again the delay after it, not other lists', async () => {
    const { rig, clock, time } = await filled();
    const before = fetchedAt(rig);
    expect(before.has(ANY) && before.has(ANNA) && before.has(OTHER_ANY)).toBe(true);
    const request = bookingRequest(
      { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time },
      1,
    );
    const result = await rig.core.api.createBooking(request);
    expect(result.state).toBe('sent');
    const bookedAt = clock.now();

    await steppedRun(clock, rig.upstream.proxy, DELAY - 5_000);
    expect(fetchedAt(rig).get(ANY)).toBe(before.get(ANY));
    await steppedRun(clock, rig.upstream.proxy, 10_000);
    const after = fetchedAt(rig);
    expect(after.get(ANY)).toBeGreaterThanOrEqual(bookedAt + DELAY);
    expect(after.get(ANNA)).toBeGreaterThanOrEqual(bookedAt + DELAY);
    // The next days' lists are otherwise kept by the hour: the other service's is untouched.
    expect(after.get(OTHER_ANY)).toBe(before.get(OTHER_ANY));
    // Fetched once each, not again while nothing else changed.
    await steppedRun(clock, rig.upstream.proxy, 2 * 60_000);
    expect(fetchedAt(rig).get(ANY)).toBe(after.get(ANY));
  });

  it('queued while the API is away: asked again once the booking is sent, the delay after it', async () => {
    const { rig, clock, time } = await filled();
    await goOffline(rig.core, rig.upstream, SERVICE);
    const request = bookingRequest(
      { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time },
      2,
    );
    const result = await rig.core.api.createBooking(request);
    expect(result.state).toBe('queued');

    rig.upstream.proxy.setMode('pass');
    await runUntil(clock, rig.upstream.proxy, () => outboxState(rig) === 'sent', 10 * 60_000);
    const sentAt = clock.now();
    await steppedRun(clock, rig.upstream.proxy, DELAY + 5_000);
    const after = fetchedAt(rig);
    expect(after.get(ANY)).toBeGreaterThanOrEqual(sentAt - 5_000);
    expect(after.get(ANNA)).toBeGreaterThanOrEqual(sentAt - 5_000);
    // The refreshed list is the API's: Anna is no longer free at the booked time.
    const list = await rig.core.api.getTimeSlots({
      date: DATE,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    expect(list.timeSlots.some((s) => s.time === time && s.available)).toBe(false);
  });
});
