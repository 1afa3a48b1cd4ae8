/**
 * The local engine's less travelled paths, through the real core and the reference server behind
 * the fault proxy, on a manual clock: refusals of a lookup and of a booking by their status, a
 * failed lookup that is not a network failure, an employee's day read from the "anyone" list,
 * the days a service can be booked offline, a booking whose answer is lost while the cache says
 * its slot is taken, and staff's undo and rebook rules.
 */
import { describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { DEFAULT_MIRROR_POLICY } from '../../../electron/core/mirror';
import type { TimeSlot } from '../../../shared/api/schemas';
import { UNDO_DISCARD_MS, type KioskEvent, type LocalBooking } from '../../../shared/kiosk-api';
import {
  bookingRequest,
  corePerTest,
  firstFree,
  goOffline,
  kioskFailure as failure,
  revokeKeys,
  serverBookings,
  type startCore,
  until,
  type UpstreamFixture,
} from '../../support/core/harness';
import { manualClock, type ManualClock } from '../../support/core/manual-clock';
import { openStaffSession } from '../../support/core/staff';

const DATE = '2026-11-24'; // Tuesday: Anna 09-18, Mehmet 11-20
const SERVICE = 'svc-damen-schnitt'; // 45 minutes
const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z');

const openRig = corePerTest('fd-engine-edges-');

async function open(
  options: Parameters<typeof startCore>[2] = {},
): Promise<{ c: KioskCoreInternals; up: UpstreamFixture; clock: ManualClock }> {
  const clock = manualClock(MONDAY_1000);
  const { core, upstream } = await openRig(clock, { mirrorDays: 2, ...options });
  return { c: core, up: upstream, clock };
}

/** Anna's Tuesday for the 45-minute service, live or cached. */
const annaDay = (c: KioskCoreInternals) =>
  c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, employeeId: 'emp-anna' });
/** Booking number `n` with Anna on Tuesday at `time`. */
const annaBooking = (time: string, n: number) =>
  bookingRequest({ date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time }, n);

async function staffList(c: KioskCoreInternals): Promise<LocalBooking[]> {
  return c.api.listBookings({ session: await openStaffSession(c) });
}

describe('lookups', () => {
  it('a lookup the API refuses says why: an unknown service or employee is not_found', async () => {
    const { c } = await open();
    expect(
      (await failure(c.api.getAvailableDays({ year: 2026, month: 11, serviceId: 'svc-nope' })))
        .code,
    ).toBe('not_found');
    expect(
      (
        await failure(
          c.api.getAvailableDays({
            year: 2026,
            month: 11,
            serviceId: SERVICE,
            employeeId: 'emp-nope',
          }),
        )
      ).code,
    ).toBe('not_found');
    expect(
      (await failure(c.api.getTimeSlots({ date: '2026-02-30', serviceId: SERVICE }))).code,
    ).toBe('invalid_request');
    // A refusal of the request says nothing against the API: still online, nothing paused.
    expect(await c.api.getSyncStatus({})).toMatchObject({ online: true, mode: 'enabled' });
  });

  it('a lookup that fails with a 5xx answers from the cache; the status is not online and does not call the API unreachable', async () => {
    const { c, up } = await open();
    const live = await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
    up.proxy.setMode('500');
    const cached = await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, fresh: true });
    expect(cached).toMatchObject({ source: 'cache', asOf: live.asOf });
    // A 5xx is an answer from an API with problems (issue 18): not "online", not "unreachable".
    const status = await c.api.getSyncStatus({});
    expect(status.online).toBe(false);
    expect(status.lastError ?? '').not.toMatch(/unreachable/i);
  });

  it("offline, an employee's day comes from the cached 'anyone' list: only the slots the API named them for are free", async () => {
    const { c, up, clock } = await open();
    const anyone = await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
    up.proxy.setMode('down');
    clock.advance(60_000);
    const anna = await annaDay(c);
    expect(anna).toMatchObject({ source: 'cache', asOf: anyone.asOf });
    expect(anna.timeSlots.map((s) => s.time)).toEqual(anyone.timeSlots.map((s) => s.time));
    const namedFor = (id: string) =>
      anyone.timeSlots.filter((s) => s.available && s.employeeId === id).map((s) => s.time);
    const freeIn = (slots: TimeSlot[]) => slots.filter((s) => s.available).map((s) => s.time);
    expect(namedFor('emp-anna').length).toBeGreaterThan(0);
    expect(freeIn(anna.timeSlots)).toEqual(namedFor('emp-anna'));
    // A slot the API gave to someone else is unknown for them, not free.
    const mehmet = await c.api.getTimeSlots({
      date: DATE,
      serviceId: SERVICE,
      employeeId: 'emp-mehmet',
    });
    expect(freeIn(mehmet.timeSlots)).toEqual(namedFor('emp-mehmet'));
    const annas = mehmet.timeSlots.filter((s) => namedFor('emp-anna').includes(s.time));
    expect(annas.length).toBeGreaterThan(0);
    expect(annas.every((s) => !s.available && s.reason === 'unknown')).toBe(true);
    // 'any' is the anyone list itself.
    expect(
      (await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, employeeId: 'any' })).timeSlots,
    ).toEqual(anyone.timeSlots);
    // A day cached for nobody cannot be answered offline.
    expect(
      (
        await failure(
          c.api.getTimeSlots({ date: '2026-11-25', serviceId: SERVICE, employeeId: 'emp-anna' }),
        )
      ).code,
    ).toBe('unavailable');
  });

  it('the days a service can be booked offline: stored slot lists with a free slot, today or later', async () => {
    const { c, clock } = await open();
    await c.api.getTimeSlots({ date: '2026-11-23', serviceId: SERVICE });
    await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
    await c.api.getTimeSlots({ date: '2026-11-29', serviceId: SERVICE }); // Sunday: closed, no free slot
    const month = await c.api.getAvailableDays({ year: 2026, month: 11, serviceId: SERVICE });
    expect(month.bookableOffline).toEqual([23, 24]);
    expect(month.availableDays).toContain(24);
    clock.advance(24 * 3_600_000); // Tuesday: Monday has passed
    const later = await c.api.getAvailableDays({ year: 2026, month: 11, serviceId: SERVICE });
    expect(later.bookableOffline).toEqual([24]);
    // Without a service there is nothing to book offline to speak of.
    expect(await c.api.getAvailableDays({ year: 2026, month: 11 })).not.toHaveProperty(
      'bookableOffline',
    );
  });

  it('the month from the cache: an employee calendar as the API said it; live again once past the mirror\u2019s age for it (a day, issue 37)', async () => {
    const { c, up, clock } = await open();
    const live = await c.api.getAvailableDays({
      year: 2026,
      month: 11,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    expect(live.source).toBe('live');
    const requests = up.proxy.requests();
    clock.advance(DEFAULT_MIRROR_POLICY.personDaysMaxAgeMs);
    const cached = await c.api.getAvailableDays({
      year: 2026,
      month: 11,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    expect(cached).toMatchObject({
      source: 'cache',
      asOf: live.asOf,
      availableDays: live.availableDays,
      totalDays: live.totalDays,
    });
    expect(up.proxy.requests()).toBe(requests);
    clock.advance(1);
    expect(
      (
        await c.api.getAvailableDays({
          year: 2026,
          month: 11,
          serviceId: SERVICE,
          employeeId: 'emp-anna',
        })
      ).source,
    ).toBe('live');
    up.proxy.setMode('down');
    expect(
      (await failure(c.api.getAvailableDays({ year: 2026, month: 12, serviceId: SERVICE }))).code,
    ).toBe('unavailable');
  });

  it('a catalog never fetched and the API down: unavailable; a service the cache lacks is asked for once', async () => {
    const { c, up } = await open();
    up.proxy.setMode('down');
    expect((await failure(c.api.getCatalog({}))).code).toBe('unavailable');
    up.proxy.setMode('pass');
    const catalog = await c.api.getCatalog({});
    expect(catalog.source).toBe('live');
    expect(catalog.services.every((s) => s.enabled)).toBe(true);
    const requests = up.proxy.requests();
    expect((await failure(c.api.getTimeSlots({ date: DATE, serviceId: 'svc-nope' }))).code).toBe(
      'not_found',
    );
    expect(up.proxy.requests()).toBe(requests + 2); // services and employees, live
    up.proxy.setMode('down');
    expect((await failure(c.api.getTimeSlots({ date: DATE, serviceId: 'svc-nope' }))).code).toBe(
      'unavailable',
    );
  });
});

describe('what the kiosk learns from a lookup', () => {
  it('a refused key on a lookup pauses the queue and names the status', async () => {
    const { c, up } = await open();
    await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
    revokeKeys(up.dbPath);
    const cached = await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, fresh: true });
    expect(cached.source).toBe('cache');
    const status = await c.api.getSyncStatus({});
    expect(status.mode).toBe('paused');
    expect(status.lastError).toContain('HTTP 401');
    // While paused, lookups do not spend requests on a key the API refuses.
    const requests = up.proxy.requests();
    expect((await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, fresh: true })).source).toBe(
      'cache',
    );
    expect(up.proxy.requests()).toBe(requests);
  });

  it('every change a lookup or a booking makes to the sync state reaches subscribers at once', async () => {
    const { c, up, clock } = await open();
    const events: KioskEvent[] = [];
    const stop = c.events.subscribe((event) => events.push(event));
    const last = () =>
      events.filter((e): e is Extract<KioskEvent, { type: 'status' }> => e.type === 'status').at(-1)
        ?.status;
    try {
      const slot = firstFree((await annaDay(c)).timeSlots, 'emp-anna');
      expect(last()).toMatchObject({
        online: true,
        lastSyncAt: new Date(MONDAY_1000).toISOString(),
      });
      up.proxy.setMode('down');
      await c.api.getTimeSlots({
        date: DATE,
        serviceId: SERVICE,
        employeeId: 'emp-anna',
        fresh: true,
      });
      expect(last()).toMatchObject({ online: false, mode: 'offline' });
      up.proxy.setMode('pass');
      clock.advance(60_000);
      await c.api.getTimeSlots({
        date: DATE,
        serviceId: SERVICE,
        employeeId: 'emp-anna',
        fresh: true,
      });
      expect(last()).toMatchObject({
        online: true,
        lastSyncAt: new Date(MONDAY_1000 + 60_000).toISOString(),
      });
      up.proxy.setMode('500');
      await c.api.createBooking(annaBooking(slot.time, 12));
      expect(last()?.queued).toBe(1);
      up.proxy.setMode('pass');
      revokeKeys(up.dbPath);
      await c.api.getTimeSlots({
        date: DATE,
        serviceId: SERVICE,
        employeeId: 'emp-anna',
        fresh: true,
      });
      expect(last()?.mode).toBe('paused');
    } finally {
      stop();
    }
  });

  it('offline days are judged by the whole date: a past day early in a month is not bookable', async () => {
    const { c, clock } = await open();
    clock.set(Date.parse('2026-09-03T08:00:00Z')); // Thursday 10:00 in Berlin
    await c.api.getTimeSlots({ date: '2026-09-03', serviceId: SERVICE });
    await c.api.getTimeSlots({ date: '2026-09-07', serviceId: SERVICE });
    expect(
      (await c.api.getAvailableDays({ year: 2026, month: 9, serviceId: SERVICE })).bookableOffline,
    ).toEqual([3, 7]);
    clock.set(Date.parse('2026-09-05T08:00:00Z'));
    expect(
      (await c.api.getAvailableDays({ year: 2026, month: 9, serviceId: SERVICE })).bookableOffline,
    ).toEqual([7]);
  });

  it("a day whose slot list, fetched after the calendar, has nothing left leaves the service calendar, not an employee's", async () => {
    const { c, up, clock } = await open();
    const service = await c.api.getAvailableDays({ year: 2026, month: 11, serviceId: SERVICE });
    const anna = await c.api.getAvailableDays({
      year: 2026,
      month: 11,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    expect(service.availableDays).toContain(23);
    expect(anna.availableDays).toContain(23);
    clock.advance(10 * 3_600_000 - 5 * 60_000); // Monday 19:55: nothing left to book today
    const today = await c.api.getTimeSlots({ date: '2026-11-23', serviceId: SERVICE });
    expect(today.timeSlots.some((s) => s.available)).toBe(false);
    up.proxy.setMode('down');
    const cached = await c.api.getAvailableDays({ year: 2026, month: 11, serviceId: SERVICE });
    expect(cached.source).toBe('cache');
    expect(cached.availableDays).not.toContain(23);
    expect(cached.totalDays).toBe(cached.availableDays.length);
    const annaCached = await c.api.getAvailableDays({
      year: 2026,
      month: 11,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    expect(annaCached).toMatchObject({ source: 'cache', availableDays: anna.availableDays });
  });
});

describe('bookings the API refuses, or does not answer', () => {
  it('refusals by status: 404 not_found, 400 invalid_request; nothing is queued', async () => {
    const { c } = await open();
    await c.api.getCatalog({}); // online, the API decides, not the cached catalog
    const slot = firstFree(
      (await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).timeSlots,
    );
    const unknownEmployee = await failure(
      c.api.createBooking(
        bookingRequest(
          { date: DATE, serviceId: SERVICE, employeeId: 'emp-nope', time: slot.time },
          1,
        ),
      ),
    );
    expect(unknownEmployee.code).toBe('not_found');
    const offGrid = await failure(
      c.api.createBooking(
        bookingRequest(
          { date: DATE, serviceId: SERVICE, employeeId: slot.employeeId, time: '10:07' },
          2,
        ),
      ),
    );
    expect(offGrid.code).toBe('invalid_request');
    expect(await staffList(c)).toEqual([]);
    expect((await c.api.getSyncStatus({})).online).toBe(true);
  });

  it('no answer (a 5xx): a free slot is queued and held; a slot the cache calls taken or off the grid is refused and not queued', async () => {
    const { c, up } = await open();
    const day = await annaDay(c);
    const slot = firstFree(day.timeSlots, 'emp-anna');
    const taken = day.timeSlots.find((s) => !s.available);
    if (!taken) throw new Error('no taken slot');
    up.proxy.setMode('500');
    const refused = await failure(c.api.createBooking(annaBooking(taken.time, 3)));
    expect(refused.code).toBe('slot_taken');
    const offGrid = await failure(c.api.createBooking(annaBooking('10:07', 4)));
    expect(offGrid.code).toBe('invalid_request');
    expect(await staffList(c)).toEqual([]);
    const queued = await c.api.createBooking(annaBooking(slot.time, 5));
    expect(queued).toMatchObject({ state: 'queued', booking: null });
    expect((await c.api.getSyncStatus({})).queued).toBe(1);
    const held = await annaDay(c);
    expect(held.timeSlots.find((s) => s.time === slot.time)?.available).toBe(false);
  });

  it('API unreachable (connection reset): the booking is queued, the customer told unknown, and the kiosk says offline', async () => {
    const { c, up } = await open();
    const slot = firstFree((await annaDay(c)).timeSlots, 'emp-anna');
    up.proxy.setMode('down');
    const queued = await c.api.createBooking(annaBooking(slot.time, 5));
    expect(queued.state).toBe('unknown'); // a reset may hide a created booking: "we are checking" (issue 17)
    const status = await c.api.getSyncStatus({});
    expect(status).toMatchObject({ online: false, mode: 'offline', queued: 1 });
    expect(status.offlineReason).toBeDefined();
  });

  it('a lost answer on a slot the cache calls taken: the caller hears unknown (never taken), the booking stays for replay under its key', async () => {
    const { c, up } = await open({ bookingTimeoutMs: 300 });
    const day = await annaDay(c);
    const taken = day.timeSlots.find((s) => !s.available);
    if (!taken) throw new Error('no taken slot');
    up.proxy.setMode('hang');
    // The cache cannot tell what the API did with the lost request: staff will confirm.
    expect((await c.api.createBooking(annaBooking(taken.time, 6))).state).toBe('unknown');
    // The API may have created it: it stays, for the API's stored answer to settle.
    const list = await staffList(c);
    expect(list).toHaveLength(1);
    expect(list[0]?.state).toBe('queued');
  });

  it('a slot a queued booking holds is refused to a second booking before the API is asked', async () => {
    const { c, up } = await open();
    const slot = firstFree((await annaDay(c)).timeSlots, 'emp-anna');
    up.proxy.setMode('500');
    const first = await c.api.createBooking(annaBooking(slot.time, 8));
    expect(first.state).toBe('queued');
    up.proxy.setMode('pass');
    const requests = up.proxy.requests();
    const second = await failure(c.api.createBooking(annaBooking(slot.time, 9)));
    expect(second).toMatchObject({
      code: 'slot_taken',
      message: 'this slot is held by a booking waiting to be sent',
    });
    expect(up.proxy.requests()).toBe(requests);
    const list = await staffList(c);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ localId: first.localId, attempts: 1 });
  });

  it('a booking waiting for its answer counts as queued, and is held', async () => {
    const { c, up } = await open({ bookingTimeoutMs: 5_000 });
    const slot = firstFree((await annaDay(c)).timeSlots, 'emp-anna');
    up.proxy.setMode('hang');
    const pending = c.api.createBooking(annaBooking(slot.time, 10));
    await until(async () => (await c.api.getSyncStatus({})).queued === 1, 20_000);
    const list = await staffList(c);
    expect(list.map((b) => [b.state, b.attempts])).toEqual([['sending', 1]]);
    // Staff can neither retry nor discard a booking whose answer is still coming.
    const session = await openStaffSession(c);
    const localId = list[0]?.localId ?? '';
    expect((await c.api.retryBooking({ session, localId })).state).toBe('sending');
    const discard = await failure(c.api.discardBooking({ session, localId }));
    expect(discard).toMatchObject({
      code: 'invalid_request',
      message: 'a sending booking cannot be discarded',
    });
    up.proxy.setMode('down');
    const held = await annaDay(c);
    expect(held.timeSlots.find((s) => s.time === slot.time)?.available).toBe(false);
    await up.proxy.close(); // ends the hanging request
    expect((await pending).state).toBe('unknown'); // a reset may hide a created booking: "we are checking" (issue 17)
  });

  it('a booking queued while offline has had no attempt yet', async () => {
    const { c, up, clock } = await open();
    const slot = firstFree((await annaDay(c)).timeSlots, 'emp-anna');
    await goOffline(c, up, SERVICE);
    clock.advance(1_000); // within the probe interval: the booking does not try the API
    const queued = await c.api.createBooking(annaBooking(slot.time, 11));
    expect(queued.state).toBe('queued');
    expect((await staffList(c)).map((b) => [b.state, b.attempts])).toEqual([['queued', 0]]);
  });

  it('a kiosk that never reached the API cannot take a booking: unavailable, not a refusal of the customer', async () => {
    const { c, up } = await open();
    up.proxy.setMode('down');
    const refused = await failure(c.api.createBooking(annaBooking('10:00', 13)));
    expect(refused.code).toBe('unavailable');
    await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE }).catch(() => null);
    expect((await failure(c.api.createBooking(annaBooking('10:00', 13)))).code).toBe('unavailable');
  });

  it('no answer on a slot booked by this kiosk since its cached day was fetched: refused, not queued twice', async () => {
    const { c, up, clock } = await open();
    const slot = firstFree((await annaDay(c)).timeSlots, 'emp-anna');
    clock.advance(1_000);
    const first = await c.api.createBooking(annaBooking(slot.time, 14));
    expect(first.state).toBe('sent');
    up.proxy.setMode('500');
    const second = await failure(c.api.createBooking(annaBooking(slot.time, 15)));
    expect(second.code).toBe('slot_taken');
    expect((await staffList(c)).map((b) => b.localId)).toEqual([first.localId]);
  });

  it('a past time is refused while offline, before any customer data is queued', async () => {
    const { c, up } = await open();
    await c.api.getTimeSlots({ date: '2026-11-23', serviceId: SERVICE, employeeId: 'emp-anna' });
    up.proxy.setMode('down');
    await c.api.getTimeSlots({
      date: '2026-11-23',
      serviceId: SERVICE,
      employeeId: 'emp-anna',
      fresh: true,
    });
    const past = await failure(
      c.api.createBooking(
        bookingRequest(
          { date: '2026-11-23', serviceId: SERVICE, employeeId: 'emp-anna', time: '09:00' },
          7,
        ),
      ),
    );
    expect(past.code).toBe('invalid_input');
    expect(await staffList(c)).toEqual([]);
  });
});

describe('staff rules of the engine', () => {
  /** A booking queued while the API is down; then the API is back. */
  async function queued(c: KioskCoreInternals, up: UpstreamFixture, n: number): Promise<string> {
    const day = await annaDay(c);
    const free = day.timeSlots.filter((s) => s.available);
    const slot = free[n];
    if (!slot) throw new Error('no free slot');
    up.proxy.setMode('500');
    const result = await c.api.createBooking(annaBooking(slot.time, n));
    up.proxy.setMode('pass');
    expect(result.state).toBe('queued');
    return result.localId;
  }

  it('a discard can be undone only within its window, and only once', async () => {
    const { c, up, clock } = await open();
    const session = await openStaffSession(c);
    const id = await queued(c, up, 0);
    expect((await c.api.discardBooking({ session, localId: id })).state).toBe('discarded');
    expect((await c.api.discardBooking({ session, localId: id })).state).toBe('discarded'); // again: as it is
    clock.advance(UNDO_DISCARD_MS);
    expect((await c.api.restoreBooking({ session, localId: id })).state).toBe('queued');
    expect((await failure(c.api.restoreBooking({ session, localId: id }))).code).toBe(
      'invalid_request',
    );
    await c.api.discardBooking({ session, localId: id });
    clock.advance(UNDO_DISCARD_MS + 1);
    expect((await failure(c.api.restoreBooking({ session, localId: id }))).code).toBe(
      'invalid_request',
    );
    expect((await failure(c.api.restoreBooking({ session, localId: 'no-such-id' }))).code).toBe(
      'not_found',
    );
  });

  it('only a rejected booking can be linked to its rebooking, not to itself, and not to an unknown one', async () => {
    const { c, up } = await open();
    const session = await openStaffSession(c);
    const first = await queued(c, up, 0);
    const second = await queued(c, up, 1);
    expect(
      (await failure(c.api.linkRebooking({ session, localId: first, rebookedAs: second }))).code,
    ).toBe('invalid_request');
    expect(
      (await failure(c.api.linkRebooking({ session, localId: first, rebookedAs: 'no-such-id' })))
        .code,
    ).toBe('not_found');
    expect(
      (await failure(c.api.linkRebooking({ session, localId: 'no-such-id', rebookedAs: second })))
        .code,
    ).toBe('not_found');
  });

  it('listBookings finds bookings by what staff type: a customer name, not another', async () => {
    const { c, up } = await open();
    const session = await openStaffSession(c);
    await queued(c, up, 0);
    const all = await c.api.listBookings({ session });
    expect(all).toHaveLength(1);
    const name = annaBooking('10:00', 0).customer.name;
    expect(await c.api.listBookings({ session, query: name })).toHaveLength(1);
    expect(await c.api.listBookings({ session, query: 'nobody by this name' })).toEqual([]);
  });

  it('listBookings folds case and accents and matches inside a name: "muller" finds "Müller"', async () => {
    const { c, up } = await open();
    const session = await openStaffSession(c);
    const day = await annaDay(c);
    const slot = day.timeSlots.find((s) => s.available);
    if (!slot) throw new Error('no free slot');
    const request = annaBooking(slot.time, 0);
    up.proxy.setMode('500');
    const created = await c.api.createBooking({
      ...request,
      customer: { ...request.customer, name: 'Jürgen Müller-Lüdenscheidt' },
    });
    up.proxy.setMode('pass');
    expect(created.state).toBe('queued');
    for (const query of ['muller', 'MÜLLER', 'ludensch', 'jurgen muller']) {
      expect(
        (await c.api.listBookings({ session, query })).map((b) => b.localId),
        query,
      ).toEqual([created.localId]);
    }
    expect(await c.api.listBookings({ session, query: 'mueller' })).toEqual([]);
  });

  it('Sync now while the API is down says offline and sends nothing; once it is back, online with the count sent', async () => {
    const { c, up } = await open();
    const session = await openStaffSession(c);
    await queued(c, up, 0);
    up.proxy.setMode('down');
    const down = await c.api.syncNow({ session });
    expect(down.report).toEqual({ result: 'offline', sent: 0, stillQueued: 1 });
    expect(serverBookings(up.dbPath)).toEqual([]);
    up.proxy.setMode('pass');
    const back = await c.api.syncNow({ session });
    expect(back.report).toEqual({ result: 'online', sent: 1, stillQueued: 0 });
    expect(serverBookings(up.dbPath)).toHaveLength(1);
  });
});
