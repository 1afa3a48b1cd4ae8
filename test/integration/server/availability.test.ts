/**
 * GET /available-days and /availability through the endpoint: decisions.md "Time" (grid, `any`,
 * empty months, DST days of 2026 in Europe/Berlin) and the 400/404 rows for queries.
 */
// Every response this file's tests receive is checked against the OpenAPI document.
import '../../support/server/conformance-setup';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBookingStatus } from '../../../server/db/bookings';
import { upsertEmployee, upsertService } from '../../../server/db/catalog';
import { closeServerDb, openServerDb } from '../../../server/db/open';
import { DEMO_SERVICES } from '../../../server/seed/demo';
import {
  AvailableDaysEnvelope,
  BookingCreatedEnvelope,
  ErrorEnvelopeSchema,
  TimeSlotsEnvelope,
} from '../../../shared/api/schemas';
import { createTestApp, demoBooking } from '../../support/server/harness';
import type { TestApp } from '../../support/server/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  // A night shift on Sundays that crosses 02:00-03:00, for the DST days.
  upsertService(t.db, {
    ...DEMO_SERVICES[1],
    id: 'svc-night',
    title: 'Nachtschnitt',
    features: [],
    durationValue: 30,
    durationUnit: 'minutes',
  });
  upsertEmployee(t.db, {
    id: 'emp-night',
    name: 'Nora Nacht',
    email: 'nora@salon-lindenhof.example',
    phone: '+49 30 1',
    role: 'Friseurin',
    bookable: true,
    weekly: { 0: [{ start: '00:30', end: '04:30' }] },
    breaks: {},
    serviceIds: ['svc-night'],
  });
});
afterEach(async () => {
  await t.close();
});

async function days(query: string): Promise<number[]> {
  const response = await t.get(`/available-days?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return AvailableDaysEnvelope.parse(response.json()).data.availableDays;
}

async function slots(query: string) {
  const response = await t.get(`/availability?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return TimeSlotsEnvelope.parse(response.json()).data.timeSlots;
}

const availableTimes = async (query: string) =>
  (await slots(query)).filter((s) => s.available).map((s) => s.time);

async function errorOf(path: string, status: number): Promise<string> {
  const response = await t.get(path);
  expect(response.statusCode, response.body).toBe(status);
  return ErrorEnvelopeSchema.parse(response.json()).error ?? '';
}

describe('GET /available-days', () => {
  it('lists the days an employee can do the service this month (Tuesday to Saturday, from today)', async () => {
    expect(
      await days('year=2026&month=11&serviceId=svc-herren-schnitt&employeeId=emp-mehmet'),
    ).toEqual([24, 25, 26, 27, 28]);
    const response = AvailableDaysEnvelope.parse(
      (await t.get('/available-days?year=2026&month=11')).json(),
    ).data;
    expect(response.totalDays).toBe(response.availableDays.length);
    expect(response.availableDays).toContain(23); // Anna and Sophie work on Mondays
  });

  it('gives an empty list for a past month and for a month beyond the horizon', async () => {
    expect(await days('year=2026&month=10')).toEqual([]);
    expect(await days('year=2027&month=6&serviceId=svc-herren-schnitt')).toEqual([]);
  });

  it.each([
    ['month', 'year=2026&month=13'],
    ['month', 'year=2026&month=0'],
    ['month', 'year=2026'],
    ['year', 'year=abc&month=5'],
    ['year', 'month=5'],
    ['year', 'year=2026.5&month=5'],
  ])('400 naming %s for %s', async (field, query) => {
    expect(await errorOf(`/available-days?${query}`, 400)).toMatch(new RegExp(`^${field}:`));
  });

  it.each([
    ['serviceId', 'svc-dauerwelle'],
    ['employeeId', 'emp-lukas'],
  ])('404 naming %s %s', async (field, id) => {
    const error = await errorOf(`/available-days?year=2026&month=12&${field}=${id}`, 404);
    expect(error).toContain(field);
    expect(error).toContain(id);
  });
});

describe('GET /availability', () => {
  it('lists grid slots inside working hours minus the lunch break', async () => {
    const times = await availableTimes(
      'date=2026-11-24&serviceId=svc-herren-schnitt&employeeId=emp-mehmet',
    );
    expect(times[0]).toBe('11:00');
    expect(times.at(-1)).toBe('19:30');
    expect(times).not.toContain('14:00'); // lunch 14:00-14:30
    expect(times).toContain('13:30'); // 13:30-14:00 just fits before lunch
    expect(times.every((t) => Number(t.slice(3)) % 15 === 0)).toBe(true);
  });

  it('omitted employeeId means any; an available slot names one free employee (fewest bookings, then name)', async () => {
    const query = 'date=2026-12-01&serviceId=svc-kinder-schnitt';
    expect(await slots(query)).toEqual(await slots(`${query}&employeeId=any`));
    const at11 = (await slots(query)).find((s) => s.time === '11:00');
    expect(at11).toMatchObject({
      available: true,
      employeeId: 'emp-anna',
      employeeName: 'Anna Becker',
    });
    const booked = await t.book(
      demoBooking({
        serviceId: 'svc-kinder-schnitt',
        employeeId: 'emp-anna',
        date: '2026-12-01',
        time: '09:00',
      }),
    );
    expect(booked.statusCode).toBe(201);
    const after = (await slots(query)).find((s) => s.time === '11:00');
    expect(after).toMatchObject({ available: true, employeeId: 'emp-mehmet' });
  });

  it('a booked slot turns unavailable for that employee', async () => {
    const query = 'date=2026-12-02&serviceId=svc-herren-schnitt&employeeId=emp-mehmet';
    expect(await availableTimes(query)).toContain('12:00');
    expect((await t.book(demoBooking({ date: '2026-12-02', time: '12:00' }))).statusCode).toBe(201);
    const times = await availableTimes(query);
    expect(times).not.toContain('12:00');
    expect(times).not.toContain('11:45'); // would overlap 12:00-12:30
    expect(times).toContain('12:30');
  });

  it('a booking cancelled by another connection (another process) frees its slot at once; one restored here takes it again', async () => {
    const query = 'date=2026-12-03&serviceId=svc-herren-schnitt&employeeId=emp-mehmet';
    const booked = await t.book(demoBooking({ date: '2026-12-03', time: '12:00' }));
    expect(booked.statusCode).toBe(201);
    const { bookingId } = BookingCreatedEnvelope.parse(booked.json()).data;
    expect(await availableTimes(query)).not.toContain('12:00'); // the busy list of that day is now cached
    const other = openServerDb(t.dbPath);
    try {
      // Raw SQL on another connection: only SQLite's data_version tells this one about it.
      other.$client.prepare("UPDATE bookings SET status = 'cancelled' WHERE id = ?").run(bookingId);
    } finally {
      closeServerDb(other);
    }
    expect(await availableTimes(query)).toContain('12:00');
    setBookingStatus(t.db, bookingId, 'confirmed');
    expect(await availableTimes(query)).not.toContain('12:00');
  });

  it.each([
    ['date', 'serviceId=svc-bart'],
    ['date', 'date=2026-13-01&serviceId=svc-bart'],
    ['date', 'date=2026-11-24&date=2026-11-25&serviceId=svc-bart'],
    ['serviceId', 'date=2026-11-24'],
    ['serviceId', 'date=2026-11-24&serviceId='],
  ])('400 naming %s for %s', async (field, query) => {
    expect(await errorOf(`/availability?${query}`, 400)).toMatch(new RegExp(`^${field}:`));
  });

  it.each([
    ['serviceId', 'svc-hochsteckfrisur', 'date=2026-11-24&serviceId=svc-hochsteckfrisur'],
    ['employeeId', 'emp-nobody', 'date=2026-11-24&serviceId=svc-bart&employeeId=emp-nobody'],
  ])('404 naming %s %s', async (field, id, query) => {
    const error = await errorOf(`/availability?${query}`, 404);
    expect(error).toContain(field);
    expect(error).toContain(id);
  });
});

describe('DST days in Europe/Berlin (2026)', () => {
  const night = 'serviceId=svc-night&employeeId=emp-night';

  it('2026-03-29 (spring forward): 02:00-02:59 is never offered; a booking across the gap ends an hour later on the wall', async () => {
    t.clock.set(Date.parse('2026-03-20T12:00:00Z'));
    const times = await availableTimes(`date=2026-03-29&${night}`);
    expect(times.filter((time) => time.startsWith('02:'))).toEqual([]);
    expect(times).toEqual([
      '00:30',
      '00:45',
      '01:00',
      '01:15',
      '01:30',
      '01:45',
      '03:00',
      '03:15',
      '03:30',
      '03:45',
      '04:00',
    ]);
    const response = await t.book(
      demoBooking({
        serviceId: 'svc-night',
        employeeId: 'emp-night',
        date: '2026-03-29',
        time: '01:45',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(BookingCreatedEnvelope.parse(response.json()).data.appointment.endTime).toBe('03:15');
    const refused = await t.book(
      demoBooking({
        serviceId: 'svc-night',
        employeeId: 'emp-night',
        date: '2026-03-29',
        time: '02:15',
      }),
    );
    expect(refused.statusCode).toBe(400);
  });

  it('2026-10-25 (fall back): 02:00-02:59 is offered once, for its first occurrence', async () => {
    t.clock.set(Date.parse('2026-10-20T12:00:00Z'));
    const times = await availableTimes(`date=2026-10-25&${night}`);
    expect(new Set(times).size).toBe(times.length);
    expect(times.filter((time) => time.startsWith('02:'))).toEqual([
      '02:00',
      '02:15',
      '02:30',
      '02:45',
    ]);
    const response = await t.book(
      demoBooking({
        serviceId: 'svc-night',
        employeeId: 'emp-night',
        date: '2026-10-25',
        time: '02:30',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const data = BookingCreatedEnvelope.parse(response.json()).data;
    // 02:30 CEST (first occurrence) = 00:30Z; 30 minutes later it is 02:00 CET.
    expect(data.appointment.endTime).toBe('02:00');
    const row = t.db.$client
      .prepare('SELECT start_ms AS startMs FROM bookings WHERE id = ?')
      .get(data.bookingId) as { startMs: number };
    expect(row.startMs).toBe(Date.parse('2026-10-25T00:30:00Z'));
    expect(await availableTimes(`date=2026-10-25&${night}`)).not.toContain('02:30');
  });
});
