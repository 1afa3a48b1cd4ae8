/**
 * Times per employee (issue 18) through the real core: against an API that lists a time once
 * per free employee (the variant upstream's `per-employee` shape), the grid offers each time
 * once naming a free employee, the booking goes to the one it names, and offline a second
 * customer at a shared time is booked with the other employee (holds are per employee).
 */
import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '../../../shared/api/schemas';
import { freeEmployeesAt, mergeSlotsByTime, offerAt } from '../../../shared/booking/free-times';
import {
  bookingRequest,
  CORE_TEST_KEY,
  kioskFailure,
  serverBookings,
} from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';
import { openStaffSession } from '../../support/core/staff';
import {
  takeOffline,
  variantCorePerTest,
  type VariantCoreRig,
} from '../../support/variant-upstream/core-rig';

const DATE = '2026-11-24'; // Tuesday: Anna 09-18, Mehmet 11-20; both do the children's cut
const SERVICE = 'svc-kinder-schnitt';
const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z');

const open = variantCorePerTest('fd-per-employee-');

/** Times two or more employees are free at, in order. */
function sharedTimes(slots: readonly TimeSlot[]): string[] {
  return [...new Set(slots.map((s) => s.time))].filter(
    (time) => freeEmployeesAt(slots, time).length >= 2,
  );
}

async function offers(rig: VariantCoreRig) {
  const day = await rig.core.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
  return { raw: day.timeSlots, merged: mergeSlotsByTime(day.timeSlots), source: day.source };
}

/** The upstream's own `any` list, asked straight (not through the kiosk). */
async function upstreamList(rig: VariantCoreRig): Promise<TimeSlot[]> {
  const url = `${rig.variant.url}/api/public/booking/availability?date=${DATE}&serviceId=${SERVICE}&employeeId=any`;
  const answer = await fetch(url, { headers: { Authorization: `Bearer ${CORE_TEST_KEY}` } });
  return ((await answer.json()) as { data: { timeSlots: TimeSlot[] } }).data.timeSlots;
}

describe('times listed once per free employee', () => {
  it('online: each time is offered once; booking the named employee leaves the other free at that time', async () => {
    const rig = await open(manualClock(MONDAY_1000), { slotShape: 'per-employee' });
    const upstream = await upstreamList(rig);
    const { raw, merged } = await offers(rig);
    // The API lists a shared time once per free employee; the kiosk offers each time once.
    expect(upstream.length).toBeGreaterThan(mergeSlotsByTime(upstream).length);
    expect(raw).toEqual(merged);
    expect(new Set(merged.map((s) => s.time)).size).toBe(merged.length);
    const time = sharedTimes(upstream)[0]!;
    const first = offerAt(merged, time)!;
    const sent = await rig.core.api.createBooking(
      bookingRequest({ date: DATE, serviceId: SERVICE, employeeId: first.employeeId!, time }, 1),
    );
    expect(sent.state).toBe('sent');
    const after = await rig.core.api.getTimeSlots({ date: DATE, serviceId: SERVICE, fresh: true });
    const second = offerAt(mergeSlotsByTime(after.timeSlots), time)!;
    expect(second.available).toBe(true);
    expect(second.employeeId).not.toBe(first.employeeId);
    expect(
      (
        await rig.core.api.createBooking(
          bookingRequest(
            { date: DATE, serviceId: SERVICE, employeeId: second.employeeId!, time },
            2,
          ),
        )
      ).state,
    ).toBe('sent');
    expect(
      serverBookings(rig.dbPath)
        .map((b) => [b.time, b.employeeId])
        .sort(),
    ).toEqual(
      [
        [time, first.employeeId],
        [time, second.employeeId],
      ].sort(),
    );
  });

  it('offline: the second customer at a shared time is queued with the other employee, a third is refused, both replay', async () => {
    const clock = manualClock(MONDAY_1000);
    const rig = await open(clock, { slotShape: 'per-employee' });
    await offers(rig); // cached
    const time = sharedTimes(await upstreamList(rig))[0]!;
    await takeOffline(rig, SERVICE);

    const before = await offers(rig);
    expect(before.source).toBe('cache');
    const first = offerAt(before.merged, time)!;
    const one = await rig.core.api.createBooking(
      bookingRequest({ date: DATE, serviceId: SERVICE, employeeId: first.employeeId!, time }, 1),
    );
    expect(one.state).toBe('queued');

    // The held employee's entry is unavailable, the other's still free: one offer, the other person.
    const held = await offers(rig);
    expect(held.merged.filter((s) => s.time === time)).toHaveLength(1);
    const second = offerAt(held.merged, time)!;
    expect(second).toMatchObject({ available: true });
    expect(second.employeeId).not.toBe(first.employeeId);
    const two = await rig.core.api.createBooking(
      bookingRequest({ date: DATE, serviceId: SERVICE, employeeId: second.employeeId!, time }, 2),
    );
    expect(two.state).toBe('queued');

    const full = await offers(rig);
    expect(offerAt(full.merged, time)?.available).toBe(false);
    const third = await kioskFailure(
      rig.core.api.createBooking(
        bookingRequest({ date: DATE, serviceId: SERVICE, employeeId: first.employeeId!, time }, 3),
      ),
    );
    expect(third.code).toBe('slot_taken');

    rig.proxy.setMode('pass');
    clock.advance(60_000);
    await rig.core.replayer.runOnce();
    const states = (
      await rig.core.api.listBookings({ session: await openStaffSession(rig.core) })
    ).map((b) => b.state);
    expect(states).toEqual(['sent', 'sent']);
    expect(
      serverBookings(rig.dbPath)
        .map((b) => b.employeeId)
        .sort(),
    ).toEqual([first.employeeId, second.employeeId].sort());
  });
});
