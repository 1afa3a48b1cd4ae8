/**
 * The engine's lookups and booking (catalog/lookups.ts, booking/booking.ts), through the real core
 * on a manual clock shared with the reference server (behind the fault proxy): when a lookup goes live and
 * when it answers from the cache, which holds the cache must respect, how a booking is decided
 * online, offline and while the key is refused.
 */
import { describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { DEFAULT_MIRROR_POLICY } from '../../../electron/core/mirror';
import {
  bookingRequest,
  corePerTest,
  firstFree,
  goOffline,
  kioskFailure as failure,
  revokeKeys,
  serverBookings,
  type UpstreamFixture,
} from '../../support/core/harness';
import { manualClock, type ManualClock } from '../../support/core/manual-clock';
import { openStaffSession } from '../../support/core/staff';
import { dispatchKioskCall } from '../../../shared/kiosk-dispatch';

const DATE = '2026-11-24'; // Tuesday: Anna 09-18, Mehmet 11-20
const SERVICE = 'svc-damen-schnitt'; // 45 minutes
const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z');

const openRig = corePerTest('fd-engine-');

async function open(): Promise<{ c: KioskCoreInternals; up: UpstreamFixture; clock: ManualClock }> {
  const clock = manualClock(MONDAY_1000);
  const { core, upstream } = await openRig(clock, { mirrorDays: 2 });
  return { c: core, up: upstream, clock };
}

// The lookups' ages are the mirror's (mirror/freshness.ts): one rule (issue 37).
const AGES = DEFAULT_MIRROR_POLICY;

describe('lookups', () => {
  it('go live when the cache is missing or stale, else answer from the cache with its age', async () => {
    const { c, up, clock } = await open();
    const first = await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
    expect(first).toMatchObject({ source: 'live', asOf: new Date(MONDAY_1000).toISOString() });
    const requests = up.proxy.requests();
    // Tomorrow is in the mirror's window (mirrorDays 2): kept futureMaxAgeMs.
    clock.advance(AGES.futureMaxAgeMs); // exactly at the limit: still fresh
    const cached = await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
    expect(cached).toMatchObject({ source: 'cache', asOf: first.asOf });
    expect(up.proxy.requests()).toBe(requests);
    const forced = await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, fresh: true });
    expect(forced.source).toBe('live');
    clock.advance(AGES.futureMaxAgeMs + 1);
    expect((await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).source).toBe('live');
    expect(up.proxy.requests()).toBe(requests + 2);
  });

  it("today's slots go stale sooner than other days'", async () => {
    const { c, clock } = await open();
    const today = '2026-11-23';
    expect((await c.api.getTimeSlots({ date: today, serviceId: SERVICE })).source).toBe('live');
    expect((await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).source).toBe('live');
    clock.advance(AGES.todayMaxAgeMs + 1);
    expect((await c.api.getTimeSlots({ date: today, serviceId: SERVICE })).source).toBe('live');
    expect((await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).source).toBe('cache');
  });

  it('the catalog is fetched once and served from the cache until it is old', async () => {
    const { c, up, clock } = await open();
    expect((await c.api.getCatalog({})).source).toBe('live');
    const requests = up.proxy.requests();
    clock.advance(AGES.catalogMaxAgeMs);
    expect((await c.api.getCatalog({})).source).toBe('cache');
    expect(up.proxy.requests()).toBe(requests);
    clock.advance(1);
    expect((await c.api.getCatalog({})).source).toBe('live');
  });

  it("a day beyond the window, a calendar, a later month and a person's days are kept as the mirror keeps them", async () => {
    const { c, up, clock } = await open();
    const later = { date: '2026-12-01', serviceId: SERVICE }; // past the 2-day window
    const months = [
      { year: 2026, month: 11, serviceId: SERVICE },
      { year: 2027, month: 1, serviceId: SERVICE }, // a month the mirror never asks
      { year: 2026, month: 12, serviceId: SERVICE, employeeId: 'emp-anna' },
    ];
    expect((await c.api.getTimeSlots(later)).source).toBe('live');
    for (const month of months) expect((await c.api.getAvailableDays(month)).source).toBe('live');
    const requests = up.proxy.requests();
    // Three hours on (a restart after a power cut): the lookups before would have asked all four again.
    clock.advance(3 * 3_600_000);
    expect((await c.api.getTimeSlots(later)).source).toBe('cache');
    for (const month of months) expect((await c.api.getAvailableDays(month)).source).toBe('cache');
    expect(up.proxy.requests()).toBe(requests);
    // A day on: past every one of their ages.
    clock.advance(AGES.daysMaxAgeMs);
    expect((await c.api.getTimeSlots(later)).source).toBe('live');
    for (const month of months) expect((await c.api.getAvailableDays(month)).source).toBe('live');
  });

  it('offline, a lookup tries the API again only once per probe interval', async () => {
    const { c, up, clock } = await open();
    await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
    await goOffline(c, up, SERVICE);
    const requests = up.proxy.requests();
    clock.advance(14_000);
    expect((await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, fresh: true })).source).toBe(
      'cache',
    );
    expect(up.proxy.requests()).toBe(requests); // within 15 s of the last probe: not even tried
    clock.advance(1_000);
    await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, fresh: true });
    expect(up.proxy.requests()).toBe(requests + 1);
  });

  it('cached slots stay taken for a booking sent after that answer was fetched', async () => {
    const { c, up, clock } = await open();
    const day = await c.api.getTimeSlots({
      date: DATE,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    const slot = firstFree(day.timeSlots);
    clock.advance(60_000);
    const sent = await c.api.createBooking(
      bookingRequest(
        { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: slot.time },
        1,
      ),
    );
    expect(sent.state).toBe('sent');
    await goOffline(c, up, SERVICE);
    const cached = await c.api.getTimeSlots({
      date: DATE,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    expect(cached.source).toBe('cache');
    expect(cached.asOf).toBe(day.asOf); // the answer from before the booking
    expect(cached.timeSlots.find((s) => s.time === slot.time)?.available).toBe(false);
    // A slot the booking does not touch is still offered.
    expect(cached.timeSlots.filter((s) => s.available).length).toBeGreaterThan(0);
  });
});

describe('bookings', () => {
  it('online: sent at once with the API answer; a clean 409 queues nothing and says slot_taken', async () => {
    const { c, up } = await open();
    const slot = firstFree(
      (await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).timeSlots,
    );
    const req = bookingRequest(
      { date: DATE, serviceId: SERVICE, employeeId: slot.employeeId, time: slot.time },
      2,
    );
    const sent = await c.api.createBooking(req);
    expect(sent).toMatchObject({
      state: 'sent',
      booking: { bookingId: serverBookings(up.dbPath)[0]?.id },
    });
    // The same slot again, from a kiosk whose cache still shows it free: the API refuses.
    const again = await failure(
      c.api.createBooking({ ...req, customer: { ...req.customer, email: 'other@example.com' } }),
    );
    expect(again.code).toBe('slot_taken');
    expect(
      (await c.api.listBookings({ session: await openStaffSession(c) })).map((b) => b.state),
    ).toEqual(['sent']);
    expect((await c.api.getSyncStatus({})).queued).toBe(0);
  });

  it('offline on a day that is not cached: unavailable, nothing queued', async () => {
    const { c, up } = await open();
    await c.api.getCatalog({});
    await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
    await goOffline(c, up, SERVICE);
    const refused = await failure(
      c.api.createBooking(
        bookingRequest(
          { date: '2026-11-25', serviceId: SERVICE, employeeId: 'emp-anna', time: '10:00' },
          3,
        ),
      ),
    );
    expect(refused.code).toBe('unavailable');
    expect(await c.api.listBookings({ session: await openStaffSession(c) })).toEqual([]);
  });

  it('an invalid booking is refused at the transport, before anything else', async () => {
    // The core takes the contract's parsed input: the one validation is the transport's.
    const { c, up } = await open();
    const requests = up.proxy.requests();
    const invalid = {
      ...bookingRequest(
        { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: '10:00' },
        4,
      ),
      date: '2026-02-30',
    };
    const refused = await dispatchKioskCall(c.api, 'createBooking', invalid);
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(up.proxy.requests()).toBe(requests);
    expect(await c.api.listBookings({ session: await openStaffSession(c) })).toEqual([]);
  });

  it('while the key is refused, a booking is queued without asking the API, and held', async () => {
    const { c, up } = await open();
    const day = await c.api.getTimeSlots({
      date: DATE,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    const slot = firstFree(day.timeSlots);
    revokeKeys(up.dbPath);
    await c.api.getTimeSlots({
      date: DATE,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
      fresh: true,
    });
    expect((await c.api.getSyncStatus({})).mode).toBe('paused');
    const requests = up.proxy.requests();
    const queued = await c.api.createBooking(
      bookingRequest(
        { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: slot.time },
        5,
      ),
    );
    expect(queued.state).toBe('queued');
    expect(up.proxy.requests()).toBe(requests);
    await c.replayer.runOnce();
    expect(up.proxy.requests()).toBe(requests); // the queue is paused too
    const held = await c.api.getTimeSlots({
      date: DATE,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    expect(held.timeSlots.find((s) => s.time === slot.time)?.available).toBe(false);
  });
});
