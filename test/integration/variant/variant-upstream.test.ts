/**
 * The variant upstream's own test: each switch of the answers' content and status does what it
 * says, against the real reference server underneath (real SQLite, real HTTP on 127.0.0.1).
 */
import { describe, expect, it } from 'vitest';
import {
  BookingCreatedEnvelope,
  EmployeesEnvelope,
  AvailableDaysEnvelope,
} from '../../../shared/api/schemas';
import {
  DAY,
  NOW,
  booking,
  call,
  free,
  query,
  services,
  sharedService,
  slots,
  variant,
} from './helpers';

describe('variant upstream', () => {
  it('reference: answers as the reference server does (201, ids, one slot per time, idempotent replay)', async () => {
    const upstream = await variant();
    const list = await services(upstream);
    expect(list[0]?._id).toMatch(/^svc-/);
    const serviceId = list[0]!._id;
    const day = await slots(upstream, serviceId);
    expect(new Set(day.map((s) => s.time)).size).toBe(day.length);
    const first = free(day)[0]!;
    const headers = { 'idempotency-key': 'variant-key-1' };
    const a = await call(upstream, '/book', { body: booking(serviceId, first), headers });
    const b = await call(upstream, '/book', { body: booking(serviceId, first), headers });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(BookingCreatedEnvelope.parse(b.json).data.bookingId).toBe(
      BookingCreatedEnvelope.parse(a.json).data.bookingId,
    );
    const reset = Number(a.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(NOW / 1000); // Unix seconds
    expect(reset).toBeLessThanOrEqual(NOW / 1000 + 86_400);
  });

  it('createdStatus: a booking is answered 200', async () => {
    const upstream = await variant({ createdStatus: 200 });
    const serviceId = (await services(upstream))[0]!._id;
    const reply = await call(upstream, '/book', {
      body: booking(serviceId, free(await slots(upstream, serviceId))[0]!),
    });
    expect(reply.status).toBe(200);
    expect(BookingCreatedEnvelope.safeParse(reply.json).success).toBe(true);
  });

  it.each([
    ['uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/],
    ['numeric', /^\d+$/],
    ['url-unsafe', /[/&=#% ]/],
  ] as const)(
    'ids %s: every id is in that format, asked back with it books, numbers in another pattern',
    async (ids, pattern) => {
      const upstream = await variant({ ids });
      const list = await services(upstream);
      for (const service of list) expect(service._id).toMatch(pattern);
      const employees = EmployeesEnvelope.parse((await call(upstream, '/employees')).json).data;
      for (const employee of employees) expect(employee._id).toMatch(pattern);
      const serviceId = list[0]!._id;
      const slot = free(await slots(upstream, serviceId))[0]!;
      expect(employees.map((e) => e._id)).toContain(slot.employeeId);
      expect(
        free(await slots(upstream, serviceId, slot.employeeId)).map((s) => s.employeeId),
      ).toContain(slot.employeeId);
      const reply = await call(upstream, '/book', { body: booking(serviceId, slot) });
      expect(reply.status).toBe(201);
      const data = BookingCreatedEnvelope.parse(reply.json).data;
      expect(data.bookingId).toMatch(pattern);
      expect(data.appointmentNumber).toMatch(/^2026\/\d+$/);
      expect(data.customer.customerNumber).toMatch(/^K\d+$/);
      const days = await call(
        upstream,
        `/available-days${query({ year: '2026', month: '11', serviceId })}`,
      );
      expect(AvailableDaysEnvelope.parse(days.json).data.availableDays).toContain(24);
    },
  );

  it('currency and units: USD, durations in hours, the booking duration in hours', async () => {
    const reference = await services(await variant());
    const upstream = await variant({
      currency: 'USD',
      durationUnit: 'hours',
      bookingDurationUnit: 'hours',
    });
    const list = await services(upstream);
    expect(list.map((s) => s.pricing.currency)).toEqual(list.map(() => 'USD'));
    for (const [i, service] of list.entries()) {
      const before = reference[i]!.duration;
      expect(service.duration.unit).toBe('hours');
      expect(service.duration.value).toBeCloseTo(
        before.unit === 'hours' ? before.value : before.value / 60,
      );
    }
    const serviceId = list[0]!._id;
    const reply = await call(upstream, '/book', {
      body: booking(serviceId, free(await slots(upstream, serviceId))[0]!),
    });
    const minutes =
      reference[0]!.duration.unit === 'hours'
        ? reference[0]!.duration.value * 60
        : reference[0]!.duration.value;
    expect(BookingCreatedEnvelope.parse(reply.json).data.service.duration).toBeCloseTo(
      minutes / 60,
    );
  });

  it('slot shape per-employee: a time is listed once per free employee, and each of them can be booked', async () => {
    const upstream = await variant({ slotShape: 'per-employee' });
    const reference = await variant();
    const { serviceId, day, shared } = await sharedService(upstream);
    const once = await slots(reference, serviceId);
    expect(new Set(once.map((s) => s.time)).size).toBe(once.length);
    expect(day.length).toBeGreaterThan(once.length);
    expect([...new Set(day.map((s) => s.time))]).toEqual(once.map((s) => s.time));
    expect(new Set(shared.map((s) => s.employeeId)).size).toBe(shared.length);
    // With a specific employee the list is the reference's (one per time).
    const own = await slots(upstream, serviceId, shared[0]!.employeeId);
    expect(new Set(own.map((s) => s.time)).size).toBe(own.length);
    for (const [n, slot] of shared.entries()) {
      expect((await call(upstream, '/book', { body: booking(serviceId, slot, n) })).status).toBe(
        201,
      );
    }
  });

  it('unavailable slots named: an unavailable slot carries employee fields', async () => {
    const upstream = await variant({ unavailableEmployeeFields: 'include' });
    const serviceId = (await services(upstream))[0]!._id;
    const taken = (await slots(upstream, serviceId)).filter((s) => !s.available);
    expect(taken.length).toBeGreaterThan(0);
    for (const slot of taken) expect(slot.employeeId).toEqual(expect.any(String));
  });

  it('omitted employee rejected: /availability without employeeId is 400, with any it answers', async () => {
    const upstream = await variant({ omittedEmployee: 'reject' });
    const serviceId = (await services(upstream))[0]!._id;
    expect((await call(upstream, `/availability${query({ date: DAY, serviceId })}`)).status).toBe(
      400,
    );
    expect((await slots(upstream, serviceId, 'any')).length).toBeGreaterThan(0);
  });

  it('lists reversed: services, employees and slots come in reverse order', async () => {
    const reference = await services(await variant());
    const upstream = await variant({ listOrder: 'reversed' });
    const list = await services(upstream);
    expect(list.map((s) => s._id)).toEqual(reference.map((s) => s._id).reverse());
    const day = await slots(upstream, list.at(-1)!._id);
    expect(day.map((s) => s.time)).toEqual(
      day
        .map((s) => s.time)
        .sort()
        .reverse(),
    );
  });

  it('rate-limit headers: none, or Reset as seconds from now', async () => {
    const none = await call(await variant({ rateLimitHeaders: 'none' }), '/services');
    expect(none.status).toBe(200);
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
      expect(none.headers.get(name)).toBeNull();
    const seconds = await call(await variant({ rateLimitHeaders: 'reset-seconds' }), '/services');
    const reset = Number(seconds.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);
    expect(seconds.headers.get('x-ratelimit-limit')).toBe('6000');
  });

  it.each([
    ['seconds', (s: number) => s, true],
    ['milliseconds', (s: number) => s * 1000, false],
    ['missing', null, false],
    ['header-only', null, true],
  ] as const)('retryAfter %s', async (retryAfter, body, header) => {
    const reference = await variant({}, { perMinute: 1, perDay: 100 });
    const upstream = await variant({ retryAfter }, { perMinute: 1, perDay: 100 });
    await call(reference, '/services');
    await call(upstream, '/services');
    const ref = await call(reference, '/services');
    const reply = await call(upstream, '/services');
    expect([ref.status, reply.status]).toEqual([429, 429]);
    const seconds = (ref.json as { retryAfter: number }).retryAfter;
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect((reply.json as { retryAfter?: number }).retryAfter).toBe(
      body === null ? undefined : body(seconds),
    );
    expect(reply.headers.get('retry-after')).toBe(header ? String(seconds) : null);
  });

  it('enforcedPerMinute: 429 after that many in the minute while the headers still show budget', async () => {
    const upstream = await variant(
      { enforcedPerMinute: 2, retryAfter: 'milliseconds' },
      { perMinute: 60, perDay: 1000 },
    );
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await call(upstream, '/services')).status);
    const refused = await call(upstream, '/services');
    expect([...statuses, refused.status]).toEqual([200, 200, 429, 429]);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('60');
    expect(Number(refused.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(50);
    // 07:30:00 in the test's clock: the minute resets in 60 s, said in milliseconds.
    expect((refused.json as { retryAfter?: number }).retryAfter).toBe(60_000);
    upstream.set({ enforcedPerMinute: null });
    expect((await call(upstream, '/services')).status).toBe(200);
  });

  it('idempotency: on, the same key replays the first answer; off, the retry is a new request (the slot is taken)', async () => {
    for (const idempotency of [true, false]) {
      const upstream = await variant({ idempotency, slotShape: 'per-employee' });
      const { serviceId, shared } = await sharedService(upstream);
      const slot = shared[0]!;
      const headers = { 'idempotency-key': 'variant-lost-answer' };
      const a = await call(upstream, '/book', { body: booking(serviceId, slot), headers });
      // The retry books the same time with the other free employee, as a forgetful API would.
      const b = await call(upstream, '/book', { body: booking(serviceId, slot), headers });
      expect(a.status).toBe(201);
      if (idempotency) {
        expect(b.status).toBe(201);
        expect(BookingCreatedEnvelope.parse(b.json).data.bookingId).toBe(
          BookingCreatedEnvelope.parse(a.json).data.bookingId,
        );
      } else {
        // Same employee and time again: without the key the server sees a second booking (taken).
        expect(b.status).toBe(409);
      }
    }
  });

  it('idempotency off: a retry for a free slot creates a second booking', async () => {
    const upstream = await variant({ idempotency: false });
    const serviceId = (await services(upstream))[0]!._id;
    const day = free(await slots(upstream, serviceId));
    const [first, second] = [day[0]!, day.at(-1)!]; // hours apart: both free
    const headers = { 'idempotency-key': 'same-key-different-body' };
    const a = await call(upstream, '/book', { body: booking(serviceId, first), headers });
    const b = await call(upstream, '/book', { body: booking(serviceId, second), headers });
    // The reference would answer 422 (same key, another body); a forgetful API books both.
    expect([a.status, b.status]).toEqual([201, 201]);
  });

  it('bookedTimesStayFree: a booked time stays listed free for its employee and is booked again', async () => {
    const upstream = await variant({ bookedTimesStayFree: true, idempotency: false });
    const serviceId = (await services(upstream))[0]!._id;
    const slot = free(await slots(upstream, serviceId))[0]!;
    const a = await call(upstream, '/book', { body: booking(serviceId, slot, 1) });
    expect(a.status).toBe(201);
    const own = await slots(upstream, serviceId, slot.employeeId);
    expect(own.find((s) => s.time === slot.time)).toMatchObject({
      available: true,
      employeeId: slot.employeeId,
    });
    const b = await call(upstream, '/book', { body: booking(serviceId, slot, 2) });
    expect(b.status).toBe(201);
    expect(BookingCreatedEnvelope.parse(b.json).data.bookingId).not.toBe(
      BookingCreatedEnvelope.parse(a.json).data.bookingId,
    );
    // Off (the reference's choice): a booked time is taken.
    upstream.set({ bookedTimesStayFree: false });
    const later = free(await slots(upstream, serviceId, slot.employeeId)).at(-1)!;
    expect((await call(upstream, '/book', { body: booking(serviceId, later, 3) })).status).toBe(
      201,
    );
    const after = await slots(upstream, serviceId, slot.employeeId);
    expect(after.find((s) => s.time === later.time)?.available).toBe(false);
    expect((await call(upstream, '/book', { body: booking(serviceId, later, 4) })).status).toBe(
      409,
    );
  });

  it.each(['no-error', 'other-messages'] as const)('error bodies %s', async (errorBody) => {
    const upstream = await variant({ errorBody });
    const reply = await call(
      upstream,
      `/availability${query({ date: DAY, serviceId: 'svc-none' })}`,
    );
    expect(reply.status).toBe(404);
    const body = reply.json as { success: boolean; message: string; error?: string };
    expect(body.success).toBe(false);
    if (errorBody === 'no-error') expect(body).not.toHaveProperty('error');
    else
      expect(body).toEqual({
        success: false,
        message: 'Fehler 404',
        error: 'Die Anfrage konnte nicht bearbeitet werden.',
      });
  });

  it.each([400, 404, 409, 422] as const)(
    'taken slot answered %i; an unknown id keeps its own status',
    async (takenStatus) => {
      const upstream = await variant({ takenStatus });
      const serviceId = (await services(upstream))[0]!._id;
      const slot = free(await slots(upstream, serviceId, 'any'))[0]!;
      expect((await call(upstream, '/book', { body: booking(serviceId, slot, 1) })).status).toBe(
        201,
      );
      const again = await call(upstream, '/book', { body: booking(serviceId, slot, 2) });
      expect(again.status).toBe(takenStatus);
      expect((again.json as { message: string }).message).toBe('Slot taken');
      expect((await call(upstream, '/book', { body: booking('svc-none', slot, 3) })).status).toBe(
        404,
      );
    },
  );

  it('unknown id answered 400', async () => {
    const upstream = await variant({ unknownIdStatus: 400 });
    expect(
      (await call(upstream, `/availability${query({ date: DAY, serviceId: 'svc-none' })}`)).status,
    ).toBe(400);
  });
});
