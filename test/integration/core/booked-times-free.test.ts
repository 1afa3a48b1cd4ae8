/**
 * An API that keeps a booked time listed free and ignores Idempotency-Key (issue 30.7): after a
 * lost answer the pre-check finds the time free and a re-send would book it twice. The kiosk
 * learns it from a slot list asked for well after one of its bookings was confirmed (that time
 * still listed free for that employee), keeps the fact across a restart, and from then on sends
 * a lost answer to staff ("to check") instead of again. Against an API that blocks booked times
 * nothing is learned and a lost answer is sent again as before.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { SETTLE_MS, type BookedTimesReport } from '../../../electron/core/link/booked-times-watch';
import { LOST_NOT_SENT_AGAIN } from '../../../electron/core/outbox/send';
import { SENT_AGAIN_TO_CHECK } from '../../../electron/core/outbox/transitions';
import type { BookingRequest } from '../../../shared/api/schemas';
import { mergeSlotsByTime } from '../../../shared/booking/free-times';
import { bookingRequest, serverBookings, startCore } from '../../support/core/harness';
import { manualClock, type ManualClock } from '../../support/core/manual-clock';
import { openStaffSession } from '../../support/core/staff';
import { variantCorePerTest } from '../../support/variant-upstream/core-rig';
import type { VariantSwitches } from '../../support/variant-upstream/switches';

const DATE = '2026-11-24'; // Tuesday: Anna 09-18 does the ladies' cut
const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z');
const KEEPS_FREE: Partial<VariantSwitches> = { bookedTimesStayFree: true, idempotency: false };

const open = variantCorePerTest('fd-booked-times-');

/** What "Save diagnostics" says of the upstream's booked times. */
async function learned(core: KioskCoreInternals, clock: ManualClock) {
  clock.advance(1_000); // each diagnostics file is named by its time
  const { path } = await core.api.saveDiagnostics({ session: await openStaffSession(core) });
  const report = JSON.parse(readFileSync(path, 'utf8')) as {
    upstreamBookedTimes: BookedTimesReport;
  };
  return report.upstreamBookedTimes.keepsBookedTimesFree;
}

/** `bookingTimeoutMs`: a dropped answer cuts the connection, no time-out is needed to lose it. */
async function rig(switches: Partial<VariantSwitches>, bookingTimeoutMs = 5_000) {
  const clock = manualClock(MONDAY_1000);
  const opened = await open(clock, switches, { bookingTimeoutMs });
  const { core, dbPath } = opened;
  const service = (await core.api.getCatalog({})).services.find(
    (s) => s.title === 'Damenhaarschnitt',
  );
  if (!service) throw new Error('no service');
  const any = await core.api.getTimeSlots({ date: DATE, serviceId: service._id });
  const employeeId = mergeSlotsByTime(any.timeSlots).find((s) => s.available)?.employeeId;
  if (!employeeId) throw new Error('no free offer');
  const slots = { date: DATE, serviceId: service._id, employeeId };
  const own = await core.api.getTimeSlots(slots);
  const free = own.timeSlots.filter((s) => s.available && s.employeeId === employeeId);
  // Hours apart: the first booking's time never overlaps the second's.
  const [early, late] = [free[0], free.at(-1)];
  if (!early || !late || early === late) throw new Error('no two free times');
  return {
    ...opened,
    clock,
    first: bookingRequest({ ...slots, time: early.time }, 1),
    second: bookingRequest({ ...slots, time: late.time }, 2),
    /** A slot list of that employee's day, asked for now. */
    lookAgain: (at: KioskCoreInternals = core) => at.api.getTimeSlots({ ...slots, fresh: true }),
    /** Bookings of this customer at this time the API holds. */
    upstreamHolds: (request: BookingRequest) =>
      serverBookings(dbPath).filter(
        (b) => b.time === request.time && b.email === request.customer.email,
      ).length,
  };
}

async function staffEntry(core: KioskCoreInternals, request: BookingRequest) {
  const list = await core.api.listBookings({ session: await openStaffSession(core) });
  return list.find((b) => b.request.time === request.time);
}

/** Books `request` with its answer lost on the way back, then lets the queue run once. */
async function bookWithLostAnswer(
  t: Awaited<ReturnType<typeof rig>>,
  core: KioskCoreInternals,
  request: BookingRequest,
) {
  t.proxy.setMode('drop'); // the API books it, the answer is lost on the way back
  const told = await core.api.createBooking(request);
  t.proxy.setMode('pass');
  const before = t.proxy.forwarded();
  t.clock.advance(60_000);
  await core.replayer.runOnce();
  return { told: told.state, requestsAfter: t.proxy.forwarded() - before };
}

describe('an upstream that keeps booked times free', () => {
  it('is learned from a slot list; a lost answer then goes to staff, booked once upstream', async () => {
    const t = await rig(KEEPS_FREE);
    const { core, clock, first, second } = t;
    const booked = await core.api.createBooking(first);
    expect(booked.state).toBe('sent');
    // A list asked for at once may not know the booking yet (a cache, a replica): no evidence.
    await t.lookAgain();
    expect(await learned(core, clock)).toBeNull();

    clock.advance(SETTLE_MS);
    await t.lookAgain();
    expect(await learned(core, clock)).toMatchObject({
      reference: booked.reference,
      date: DATE,
      time: first.time,
    });

    const lost = await bookWithLostAnswer(t, core, second);
    // The customer hears "we are checking" (issue 17), as for any lost answer.
    expect(lost.told).toBe('unknown');
    // Not sent again (not even the pre-check's lookup): staff check it by hand.
    expect(lost.requestsAfter).toBe(0);
    expect(await staffEntry(core, second)).toMatchObject({
      state: 'unknown',
      lastError: { message: LOST_NOT_SENT_AGAIN },
    });
    expect(t.upstreamHolds(second)).toBe(1);
    expect((await core.api.getSyncStatus({})).unknown).toBe(1);
  });

  it("is learned from the mirror's refresh too (no customer asked)", async () => {
    const t = await rig(KEEPS_FREE);
    const { core, clock, first } = t;
    expect((await core.api.createBooking(first)).state).toBe('sent');
    // An hour on, the next days' lists are due again: the mirror's steps, on its clock.
    clock.advance(60 * 60_000);
    const end = clock.now() + 30 * 60_000;
    for (let i = 0; i < 500; i += 1) {
      const next = await core.mirror.step();
      if (next > end) break;
      if (next > clock.now()) clock.set(next);
    }
    expect(core.mirror.requestsByKind.slots).toBeGreaterThan(0);
    expect(await learned(core, clock)).toMatchObject({ date: DATE, time: first.time });
  });

  it('stays learned across a restart of the core', async () => {
    const t = await rig(KEEPS_FREE);
    const { core, clock, first, second, proxy, dbPath } = t;
    expect((await core.api.createBooking(first)).state).toBe('sent');
    clock.advance(SETTLE_MS);
    await t.lookAgain();
    await core.close();

    const again = await startCore(join(dirname(dbPath), 'kiosk'), proxy.url, {
      clock,
      bookingTimeoutMs: 5_000,
    });
    try {
      expect(await learned(again, clock)).toMatchObject({ time: first.time });
      const lost = await bookWithLostAnswer(t, again, second);
      expect(lost).toEqual({ told: 'unknown', requestsAfter: 0 });
      expect(await staffEntry(again, second)).toMatchObject({
        state: 'unknown',
        lastError: { message: LOST_NOT_SENT_AGAIN },
      });
      expect(t.upstreamHolds(second)).toBe(1);
    } finally {
      await again.close();
    }
  });
});

describe('an upstream that blocks booked times (the reference)', () => {
  it('teaches nothing: a lost answer is sent again under its key and ends sent, booked once', async () => {
    const t = await rig({});
    const { core, clock, first, second } = t;
    expect((await core.api.createBooking(first)).state).toBe('sent');
    clock.advance(SETTLE_MS);
    await t.lookAgain();
    expect(await learned(core, clock)).toBeNull();

    const lost = await bookWithLostAnswer(t, core, second);
    expect(lost.told).toBe('unknown');
    // The pre-check's lookup, then the re-send the API answers with its first booking.
    expect(lost.requestsAfter).toBe(2);
    expect((await staffEntry(core, second))?.state).toBe('sent');
    expect(t.upstreamHolds(second)).toBe(1);
  });
});

describe('bookings sent again before the kiosk learned (issue 39, item 8)', () => {
  it('issue 39 item 8: an API that ignores keys and keeps booked times free books a re-send twice; once learned, that booking is "check by hand", never "sent"', async () => {
    // A loaded machine must not make an answer late: 5 s for the answers that do come.
    const t = await rig(KEEPS_FREE);
    const { core, clock, second } = t;
    // Nothing learned yet: the lost answer's re-send finds its time free and is sent again; the
    // API ignores the key and books it a second time, answering as if new.
    const lost = await bookWithLostAnswer(t, core, second);
    expect(lost.told).toBe('unknown');
    expect(lost.requestsAfter).toBe(2); // the pre-check's lookup, then the re-send
    expect(t.upstreamHolds(second)).toBe(2);
    expect((await staffEntry(core, second))?.state).toBe('sent');

    // Later a slot list still shows that time free: the kiosk learns what this API does.
    clock.advance(SETTLE_MS);
    await t.lookAgain();
    expect(await learned(core, clock)).toMatchObject({ date: DATE, time: second.time });
    expect(await staffEntry(core, second)).toMatchObject({
      state: 'unknown',
      lastError: { message: SENT_AGAIN_TO_CHECK },
    });
    expect((await core.api.getSyncStatus({})).unknown).toBe(1);
  });

  it('issue 39 item 8: a re-send answered with the first booking proves the key honoured; bookings sent again before that stay sent', async () => {
    // The reference: the re-send's pre-check finds the time taken, the API answers the key.
    const t = await rig({});
    const { core, clock, first, second } = t;
    const lost = await bookWithLostAnswer(t, core, second);
    expect(lost.requestsAfter).toBe(2);
    expect((await staffEntry(core, second))?.state).toBe('sent');
    expect(t.upstreamHolds(second)).toBe(1);

    // The same API, changed (an update) to keep booked times free and ignore keys.
    t.variant.set(KEEPS_FREE);
    clock.advance(60_000);
    expect((await core.api.createBooking(first)).state).toBe('sent');
    clock.advance(SETTLE_MS);
    await t.lookAgain();
    expect(await learned(core, clock)).not.toBeNull();
    // Proven honoured when it was sent again: not sent to staff.
    expect((await staffEntry(core, second))?.state).toBe('sent');
  });
});
