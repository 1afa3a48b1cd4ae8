/**
 * The kiosk core against the real reference server through the fault proxy: warm-up, cache when
 * down, holds, lost responses, slots taken meanwhile, a refused key, a 429 storm.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { KioskCoreInternals, KioskCoreOptions } from '../../../electron/core/kiosk-core';
import { LOST_AND_TAKEN } from '../../../electron/core/outbox/send';
import { KioskFailure } from '../../../shared/result';
import { openStaffSession } from '../../support/core/staff';
import type { TimeSlot } from '../../../shared/api/schemas';
import {
  CORE_TEST_KEY,
  MONDAY_0830,
  bookingRequest,
  kioskFailure as failure,
  makeTempDir,
  offsetClock,
  serverBookings,
  startCore,
  startUpstream,
  until,
  warmUp,
  type UpstreamFixture,
} from '../../support/core/harness';

const DATE = '2026-11-24'; // Tuesday: Anna 09-18, Mehmet 11-20
const SERVICE = 'svc-damen-schnitt'; // 45 minutes

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let core: KioskCoreInternals | null = null;
const clock = offsetClock(MONDAY_0830);

beforeEach(async () => {
  temp = makeTempDir('fd-core-');
  upstream = await startUpstream(temp.dir, {
    clock: clock.server,
    rateLimit: { perMinute: 6000, perDay: 100_000 },
  });
});

afterEach(async () => {
  await core?.close();
  core = null;
  await upstream.close();
  temp.remove();
});

async function openCore(
  apiKey = CORE_TEST_KEY,
  replayPolicy?: KioskCoreOptions['replayPolicy'],
): Promise<KioskCoreInternals> {
  core = await startCore(`${temp.dir}/kiosk`, upstream.proxy.url, {
    clock,
    apiKey,
    mirrorDays: 2,
    ...(replayPolicy ? { replayPolicy } : {}),
  });
  return core;
}

function available(slots: TimeSlot[]): (TimeSlot & { employeeId: string })[] {
  return slots.filter(
    (s): s is TimeSlot & { employeeId: string } => s.available && s.employeeId !== undefined,
  );
}

/** Marks the core offline without letting a booking probe the API (two failed lookups). */
async function goOffline(c: KioskCoreInternals): Promise<void> {
  upstream.proxy.setMode('down');
  await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, fresh: true });
  await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, fresh: true });
  expect((await c.api.getSyncStatus({})).online).toBe(false);
}

describe('kiosk core against the reference server through the fault proxy', () => {
  it('warms the mirror up and serves reads from the cache when the API is down', async () => {
    const c = await openCore();
    const requests = await warmUp(c, clock);
    expect(requests).toBeGreaterThan(10);
    const live = await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
    expect(live.source).toBe('cache'); // fresh from the warm-up: no live request needed
    upstream.proxy.setMode('down');
    const before = upstream.proxy.requests();
    const cached = await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, fresh: true });
    expect(cached.source).toBe('cache');
    expect(cached.asOf).not.toBeNull();
    expect(available(cached.timeSlots).length).toBeGreaterThan(0);
    expect(upstream.proxy.requests()).toBe(before + 1); // it tried, then fell back
    const catalog = await c.api.getCatalog({});
    expect(catalog.services.map((s) => s._id)).toContain(SERVICE);
    const days = await c.api.getAvailableDays({ year: 2026, month: 11, serviceId: SERVICE });
    expect(days.availableDays).toContain(24);
    expect((await c.api.getSyncStatus({})).online).toBe(false);

    // The governor's count of the day survives a restart of the kiosk.
    const spent = c.governor().snapshot(clock.now()).day.used;
    await c.close();
    const reopened = await openCore();
    expect(reopened.governor().snapshot(clock.now()).day.used).toBe(spent);
  });

  it('an offline booking holds its slot: an overlapping second booking is refused; replay sends it once', async () => {
    const c = await openCore();
    await warmUp(c, clock);
    const mine = await c.api.getTimeSlots({
      date: DATE,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    const [first] = available(mine.timeSlots);
    if (!first) throw new Error('no free slot');
    const overlapping = available(mine.timeSlots).find(
      (s) => s.time > first.time && s.time < addMinutes(first.time, 45),
    );
    if (!overlapping) throw new Error('no overlapping slot');
    await goOffline(c);

    const queued = await c.api.createBooking(
      bookingRequest(
        { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: first.time },
        1,
      ),
    );
    expect(queued.state).toBe('queued');
    const after = await c.api.getTimeSlots({
      date: DATE,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    expect(after.timeSlots.find((s) => s.time === first.time)?.available).toBe(false);
    expect(after.timeSlots.find((s) => s.time === overlapping.time)?.available).toBe(false);
    const refused = await failure(
      c.api.createBooking(
        bookingRequest(
          { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: overlapping.time },
          2,
        ),
      ),
    );
    expect(refused.code).toBe('slot_taken');
    expect((await c.api.getSyncStatus({})).queued).toBe(1);

    upstream.proxy.setMode('pass');
    await c.replayer.runOnce();
    const [booking] = await c.api.listBookings({ session: await openStaffSession(c) });
    expect(booking?.state).toBe('sent');
    expect(serverBookings(upstream.dbPath)).toHaveLength(1);
    expect(serverBookings(upstream.dbPath)[0]?.id).toBe(booking?.booking?.bookingId);
  });

  it('a lost response: the customer hears unknown; the replay under the same key gets one booking, the first response’s bookingId', async () => {
    const c = await openCore();
    await warmUp(c, clock);
    const [slot] = available(
      (await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).timeSlots,
    );
    if (!slot) throw new Error('no free slot');
    upstream.proxy.setMode('drop');
    const result = await c.api.createBooking(
      bookingRequest(
        { date: DATE, serviceId: SERVICE, employeeId: slot.employeeId, time: slot.time },
        3,
      ),
    );
    expect(result.state).toBe('unknown'); // the customer: we are checking, staff confirm
    const created = serverBookings(upstream.dbPath);
    expect(created).toHaveLength(1); // the server did the work; only the answer was lost

    // Its slot is taken (by itself): the re-send under its key gets the API's stored answer.
    upstream.proxy.setMode('pass');
    const session = await openStaffSession(c);
    await until(async () => {
      await c.replayer.runOnce();
      return (await c.api.listBookings({ session }))[0]?.state === 'sent';
    }, 20_000);
    const [booking] = await c.api.listBookings({ session });
    expect(booking?.attempts).toBe(2);
    expect(booking?.booking?.bookingId).toBe(created[0]?.id);
    expect(serverBookings(upstream.dbPath)).toHaveLength(1);
  });

  it('a slot taken meanwhile ends as rejected and is not retried', async () => {
    const c = await openCore();
    await warmUp(c, clock);
    const [slot] = available(
      (await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).timeSlots,
    );
    if (!slot) throw new Error('no free slot');
    await goOffline(c);
    const req = bookingRequest(
      { date: DATE, serviceId: SERVICE, employeeId: slot.employeeId, time: slot.time },
      4,
    );
    expect((await c.api.createBooking(req)).state).toBe('queued');

    // Someone else books the slot directly on the server.
    const direct = await request(`${upstream.server.url}/api/public/booking/book`, {
      method: 'POST',
      headers: { authorization: `Bearer ${CORE_TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...req, customer: { ...req.customer, email: 'someone@example.com' } }),
    });
    expect(direct.statusCode).toBe(201);
    await direct.body.dump();

    upstream.proxy.setMode('pass');
    await c.replayer.runOnce();
    await c.replayer.runOnce();
    const [booking] = await c.api.listBookings({ session: await openStaffSession(c) });
    expect(booking?.state).toBe('rejected');
    expect(booking?.lastError?.status).toBe(409);
    expect(booking?.attempts).toBe(1);
    expect(serverBookings(upstream.dbPath)).toHaveLength(1);
  });

  it('a refused key (401) pauses the queue until staff set a working key', async () => {
    const c = await openCore('wrong-key-000000');
    const slots = await c.api
      .getTimeSlots({ date: DATE, serviceId: SERVICE })
      .catch((e: unknown) => e);
    expect(slots).toBeInstanceOf(KioskFailure);
    let status = await c.api.getSyncStatus({});
    expect(status.mode).toBe('paused');
    expect(status.lastError).toMatch(/API key/);

    // Staff fix the key (the harness set the first PIN with the printed setup code).
    const session = await openStaffSession(c);
    await c.api.updateSettings({ session, apiKey: CORE_TEST_KEY });
    await warmUp(c, clock);
    const [slot] = available(
      (await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).timeSlots,
    );
    if (!slot) throw new Error('no free slot');

    // The key is revoked again (here: replaced by a wrong one) while a booking is made.
    await c.api.updateSettings({ session, apiKey: 'wrong-key-000000' });
    const result = await c.api.createBooking(
      bookingRequest(
        { date: DATE, serviceId: SERVICE, employeeId: slot.employeeId, time: slot.time },
        5,
      ),
    );
    expect(result.state).toBe('queued');
    status = await c.api.getSyncStatus({});
    expect(status.mode).toBe('paused');
    const forwarded = upstream.proxy.forwarded();
    await c.replayer.runOnce();
    expect(upstream.proxy.forwarded()).toBe(forwarded); // paused: nothing sent

    expect(
      (
        await failure(
          c.api.updateSettings({ session: 'not-a-live-session-0000', apiKey: CORE_TEST_KEY }),
        )
      ).code,
    ).toBe('unauthorized');
    await c.api.updateSettings({ session, apiKey: CORE_TEST_KEY });
    await until(async () => {
      await c.replayer.runOnce();
      return (await c.api.listBookings({ session }))[0]?.state === 'sent';
    }, 20_000);
    expect((await c.api.getSyncStatus({})).mode).toBe('enabled');
    expect(serverBookings(upstream.dbPath)).toHaveLength(1);
  });

  it('waits out a 429 storm and then sends everything', async () => {
    const c = await openCore();
    await warmUp(c, clock);
    const free = available(
      (await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, employeeId: 'emp-anna' }))
        .timeSlots,
    );
    const picks = [free[0], free.find((s) => s.time >= addMinutes(free[0]?.time ?? '00:00', 60))];
    upstream.proxy.setMode('429');
    for (const [i, slot] of picks.entries()) {
      if (!slot) throw new Error('no free slot');
      const result = await c.api.createBooking(
        bookingRequest(
          { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: slot.time },
          10 + i,
        ),
      );
      expect(result.state).toBe('queued');
    }
    let stormRequests = 0;
    const stormStart = upstream.proxy.requests();
    setTimeout(() => {
      stormRequests = upstream.proxy.requests() - stormStart;
      upstream.proxy.setMode('pass');
    }, 3_000);
    await until(
      async () => {
        await c.replayer.runOnce();
        return (await c.api.listBookings({ session: await openStaffSession(c) })).every(
          (b) => b.state === 'sent',
        );
      },
      15_000,
      250,
    );
    // retryAfter is 2 s: within 3 s of storm at most one more round of the two bookings.
    expect(stormRequests).toBeLessThanOrEqual(3);
    expect(serverBookings(upstream.dbPath)).toHaveLength(2);
    expect(
      (await c.api.listBookings({ session: await openStaffSession(c) })).map((b) => b.lastError),
    ).toEqual([null, null]);
  });
});

describe('upstream failures that are not refusals', () => {
  it.each(['500', 'hang', 'malformed'] as const)(
    'a %s answer: lookups come from the cache, a booking is queued and sent once the API is back',
    async (mode) => {
      const c = await openCore();
      await warmUp(c, clock);
      const [slot] = available(
        (await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).timeSlots,
      );
      if (!slot) throw new Error('no free slot');
      upstream.proxy.setMode(mode);
      const read = await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, fresh: true });
      expect(read.source).toBe('cache');
      const result = await c.api.createBooking(
        bookingRequest(
          { date: DATE, serviceId: SERVICE, employeeId: slot.employeeId, time: slot.time },
          20,
        ),
      );
      // A 500 is a clean answer: queued. A hang or an unreadable 200 lost the answer: the
      // customer hears `unknown` (we are checking) while the entry waits for its replay.
      expect(result.state).toBe(mode === '500' ? 'queued' : 'unknown');
      const [queued] = await c.api.listBookings({ session: await openStaffSession(c) });
      // A 500 is a clean answer; a hang (timeout) or an unreadable 200 may hide a created booking.
      expect(queued?.lastError?.message).toMatch(
        mode === '500' ? /HTTP 500|error/i : mode === 'hang' ? /timeout/ : /invalid/,
      );
      upstream.proxy.setMode('pass');
      await until(async () => {
        await c.replayer.runOnce();
        return (
          (await c.api.listBookings({ session: await openStaffSession(c) }))[0]?.state === 'sent'
        );
      }, 5_000);
      expect(serverBookings(upstream.dbPath)).toHaveLength(1);
    },
  );
});

describe('an online booking whose request gets no answer is checked against the cached day first', () => {
  const COLOUR = 'svc-faerben'; // 2 hours; Anna's lunch is 12:30-13:15
  const anna = (time: string, n: number, date = DATE) =>
    bookingRequest({ date, serviceId: COLOUR, employeeId: 'emp-anna', time }, n);

  async function cacheAnnasDay(c: KioskCoreInternals): Promise<void> {
    await c.api.getCatalog({});
    const day = await c.api.getTimeSlots({ date: DATE, serviceId: COLOUR, employeeId: 'emp-anna' });
    expect(day.source).toBe('live');
    // 11:00 is on the grid but not free: two hours from 11:00 run into the lunch break.
    expect(day.timeSlots.find((s) => s.time === '11:00')?.available).toBe(false);
    expect(day.timeSlots.find((s) => s.time === '10:00')?.available).toBe(true);
  }

  it('a 500: a slot the cache says is not free is refused and nothing is queued; a free one is queued', async () => {
    const c = await openCore();
    await cacheAnnasDay(c);
    upstream.proxy.setMode('500');
    expect((await failure(c.api.createBooking(anna('11:00', 30)))).code).toBe('slot_taken');
    expect((await failure(c.api.createBooking(anna('11:05', 31)))).code).toBe('invalid_request'); // off the grid
    expect(await c.api.listBookings({ session: await openStaffSession(c) })).toEqual([]);
    expect((await c.api.getSyncStatus({})).queued).toBe(0);
    // A free slot of the cached day, and a day not cached at all, are queued as before.
    expect((await c.api.createBooking(anna('10:00', 32))).state).toBe('queued');
    expect((await c.api.createBooking(anna('10:00', 33, '2026-12-01'))).state).toBe('queued');
    expect((await c.api.getSyncStatus({})).queued).toBe(2);
  });

  it('a lost answer (hang): the caller hears unknown, never taken; its slot is not free, so it is refused twice: unknown, staff check', async () => {
    // A short pause between the two re-sends: this test's clock runs at real speed.
    const c = await openCore(CORE_TEST_KEY, {
      backoff: { baseMs: 100, capMs: 1_000 },
      takenPauseMs: 50,
    });
    await cacheAnnasDay(c);
    upstream.proxy.setMode('hang');
    // The cache says "not free", but the API may have acted on the lost request: the customer
    // is told that staff will confirm (issue 17), not that the slot is taken.
    expect((await c.api.createBooking(anna('11:00', 40))).state).toBe('unknown');
    // The API may have acted on the lost request: it stays in the outbox until its answer is known.
    const [kept] = await c.api.listBookings({ session: await openStaffSession(c) });
    expect(kept?.state).toBe('queued');
    upstream.proxy.setMode('pass');
    await until(async () => {
      await c.replayer.runOnce();
      return (
        (await c.api.listBookings({ session: await openStaffSession(c) }))[0]?.state === 'unknown'
      );
    }, 20_000);
    const [unknown] = await c.api.listBookings({ session: await openStaffSession(c) });
    expect(unknown?.lastError?.message).toBe(LOST_AND_TAKEN);
    expect(serverBookings(upstream.dbPath)).toHaveLength(0);
  });
});

describe('a service the cached catalog lacks', () => {
  it('offline: its slots are unavailable and its bookings refused, never offered with a 0-minute hold', async () => {
    const c = await openCore();
    await c.api.getCatalog({});
    await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE }); // goOffline reads this day
    const day = await c.api.getTimeSlots({
      date: DATE,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    const [first] = available(day.timeSlots);
    if (!first) throw new Error('no free slot');
    await goOffline(c);
    expect(
      (
        await c.api.createBooking(
          bookingRequest(
            { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: first.time },
            50,
          ),
        )
      ).state,
    ).toBe('queued');
    const held = await c.api.getTimeSlots({
      date: DATE,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    expect(held.timeSlots.find((s) => s.time === first.time)?.available).toBe(false);

    // The cached catalog loses the service (a catalog refresh while it was disabled, say).
    const kioskDb = new Database(join(temp.dir, 'kiosk', 'kiosk.db'));
    try {
      kioskDb.prepare('delete from mirror_services where id = ?').run(SERVICE);
    } finally {
      kioskDb.close();
    }
    // Its duration is unknown: the held slot must not come back as free.
    expect(
      (
        await failure(
          c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, employeeId: 'emp-anna' }),
        )
      ).code,
    ).toBe('unavailable');
    const overlapping = bookingRequest(
      { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: addMinutes(first.time, 15) },
      51,
    );
    // A booking for a service the cached catalog does not know is refused before it is queued.
    expect((await failure(c.api.createBooking(overlapping))).code).toBe('invalid_input');
    expect((await c.api.getSyncStatus({})).queued).toBe(1);
  });
});

function addMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
