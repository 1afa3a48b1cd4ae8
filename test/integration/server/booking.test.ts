/**
 * POST /book: decisions.md "Status codes" (201/400/404/409), "Bookings and customers"
 * (pending, e-mail matching, numbers, duration in minutes, limits, trimming, unknown fields).
 */
// Every response this file's tests receive is checked against the OpenAPI document.
import '../../support/server/conformance-setup';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBookingStatus } from '../../../server/db/bookings';
import { BookingCreatedEnvelope, ErrorEnvelopeSchema } from '../../../shared/api/schemas';
import type { BookingResponse } from '../../../shared/api/schemas';
import { MONDAY_0800, createTestApp, demoBooking, rowCount } from '../../support/server/harness';
import type { TestApp } from '../../support/server/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function created(body: unknown): Promise<BookingResponse> {
  const response = await t.book(body);
  expect(response.statusCode, response.body).toBe(201);
  return BookingCreatedEnvelope.parse(response.json()).data;
}

async function refused(body: unknown, status: number): Promise<string> {
  const before = rowCount(t.db, 'bookings');
  const response = await t.book(body);
  expect(response.statusCode, response.body).toBe(status);
  expect(rowCount(t.db, 'bookings')).toBe(before);
  return ErrorEnvelopeSchema.parse(response.json()).error ?? '';
}

describe('a created booking', () => {
  it('is 201, pending, with numbers of the decided form and duration in minutes', async () => {
    const data = await created(demoBooking());
    expect(data.status).toBe('pending');
    expect(data.appointmentNumber).toMatch(/^[A-Z]-\d{6,}$/);
    expect(data.customer.customerNumber).toMatch(/^[A-Z]{1,4}-\d{5,}$/);
    expect(data.service).toEqual({ title: 'Herrenhaarschnitt', duration: 30 });
    expect(data.employee.name).toBe('Mehmet Yilmaz');
    expect(data.appointment).toEqual({ date: '2026-11-24', time: '11:00', endTime: '11:30' });
    expect(data.emailSent).toBe(false);
  });

  it('converts a service in hours to minutes', async () => {
    const data = await created(
      demoBooking({ serviceId: 'svc-faerben', employeeId: 'emp-anna', time: '09:00' }),
    );
    expect(data.service.duration).toBe(120);
    expect(data.appointment.endTime).toBe('11:00');
  });

  it('reuses a customer matched by trimmed, case-insensitive e-mail; a new one gets a new number', async () => {
    const customers = rowCount(t.db, 'customers');
    const first = await created(
      demoBooking({
        time: '15:00',
        customer: { name: 'Jan', email: 'jan.k@example.com', phone: '030 1234' },
      }),
    );
    const again = await created(
      demoBooking({
        time: '16:00',
        customer: { name: 'Jan K', email: '  JAN.K@Example.COM ', phone: '030 1234' },
      }),
    );
    const other = await created(
      demoBooking({
        time: '17:00',
        customer: { name: 'Ida', email: 'ida@example.com', phone: '030 9999' },
      }),
    );
    expect(rowCount(t.db, 'customers')).toBe(customers + 2);
    const customerOf = (bookingId: string) =>
      (
        t.db.$client
          .prepare('SELECT customer_id AS id FROM bookings WHERE id = ?')
          .get(bookingId) as { id: string }
      ).id;
    expect(customerOf(again.bookingId)).toBe(customerOf(first.bookingId));
    expect(customerOf(other.bookingId)).not.toBe(customerOf(first.bookingId));
    expect(
      new Set([first.appointmentNumber, again.appointmentNumber, other.appointmentNumber]).size,
    ).toBe(3);
  });

  it('an existing e-mail reveals neither the stored name nor the stored number: the response carries what was submitted', async () => {
    const owner = await created(
      demoBooking({
        date: '2026-11-27',
        time: '11:00',
        customer: { name: 'Greta Owner', email: 'greta@example.com', phone: '030 5550001' },
      }),
    );
    const stored = t.db.$client
      .prepare(
        "SELECT name, customer_number AS number FROM customers WHERE email_key = 'greta@example.com'",
      )
      .get() as { name: string; number: string };
    expect(owner.customer).toEqual({
      name: 'Greta Owner',
      email: 'greta@example.com',
      customerNumber: stored.number,
    });

    const stranger = await created(
      demoBooking({
        date: '2026-11-27',
        time: '12:00',
        customer: { name: 'Someone Else', email: ' GRETA@example.com', phone: '030 5550002' },
      }),
    );
    expect(stranger.customer.name).toBe('Someone Else');
    expect(stranger.customer.email).toBe('GRETA@example.com');
    expect(stranger.customer.customerNumber).toMatch(/^[A-Z]{1,4}-\d{5,}$/);
    expect(stranger.customer.customerNumber).not.toBe(stored.number);
    expect(JSON.stringify(stranger)).not.toContain('Greta Owner');
    expect(JSON.stringify(stranger)).not.toContain(stored.number);
    // The fresh number is nobody's, and the customer record is unchanged.
    const holders = t.db.$client
      .prepare('SELECT count(*) AS n FROM customers WHERE customer_number = ?')
      .get(stranger.customer.customerNumber) as { n: number };
    expect(holders.n).toBe(0);
    expect(
      t.db.$client
        .prepare("SELECT name FROM customers WHERE email_key = 'greta@example.com'")
        .get(),
    ).toEqual({ name: 'Greta Owner' });

    // A known and an unknown e-mail look alike: each draws the next number of one sequence.
    const newcomer = await created(
      demoBooking({
        date: '2026-11-27',
        time: '13:00',
        customer: { name: 'New', email: 'new.one@example.com', phone: '030 5550003' },
      }),
    );
    const serial = (n: string) => Number(n.split('-')[1]);
    expect(serial(stranger.customer.customerNumber)).toBe(
      serial(owner.customer.customerNumber) + 1,
    );
    expect(serial(newcomer.customer.customerNumber)).toBe(
      serial(stranger.customer.customerNumber) + 1,
    );
  });

  it('trims strings and ignores unknown fields', async () => {
    const data = await created({
      ...demoBooking({ time: '18:00' }),
      customer: { name: '  Lea  ', email: ' lea@example.com ', phone: ' +49 (30) 12-34/5 ' },
      notes: '  bitte kurz  ',
      unknownField: 'ignored',
    });
    expect(data.customer.name).toBe('Lea');
    const row = t.db.$client
      .prepare('SELECT notes FROM bookings WHERE id = ?')
      .get(data.bookingId) as { notes: string };
    expect(row.notes).toBe('bitte kurz');
  });

  it('never reuses a number, even after a cancellation frees the slot', async () => {
    const first = await created(demoBooking({ date: '2026-11-25', time: '12:00' }));
    await refused(
      demoBooking({
        date: '2026-11-25',
        time: '12:00',
        customer: { name: 'B', email: 'b@example.com', phone: '0301234' },
      }),
      409,
    );
    setBookingStatus(t.db, first.bookingId, 'cancelled');
    const second = await created(
      demoBooking({
        date: '2026-11-25',
        time: '12:00',
        customer: { name: 'B', email: 'b@example.com', phone: '0301234' },
      }),
    );
    expect(second.appointmentNumber).not.toBe(first.appointmentNumber);
    expect(Number(second.appointmentNumber.slice(2))).toBeGreaterThan(
      Number(first.appointmentNumber.slice(2)),
    );
  });
});

describe('400: a malformed field is named by its path', () => {
  const base = demoBooking({ date: '2026-11-26' });
  it.each([
    ['serviceId', { ...base, serviceId: undefined }],
    ['employeeId', { ...base, employeeId: 42 }],
    ['date', { ...base, date: '2026-02-30' }],
    ['date', { ...base, date: '26-11-2026' }],
    ['time', { ...base, time: '25:00' }],
    ['customer', { ...base, customer: undefined }],
    ['customer.name', { ...base, customer: { ...base.customer, name: '   ' } }],
    ['customer.name', { ...base, customer: { ...base.customer, name: 'n'.repeat(201) } }],
    ['customer.email', { ...base, customer: { ...base.customer, email: 'not-an-email' } }],
    [
      'customer.email',
      { ...base, customer: { ...base.customer, email: `${'a'.repeat(250)}@example.com` } },
    ],
    ['customer.phone', { ...base, customer: { ...base.customer, phone: '12' } }],
    ['customer.phone', { ...base, customer: { ...base.customer, phone: '030 CALL ME' } }],
    ['notes', { ...base, notes: 'n'.repeat(1001) }],
    ['body', null],
    ['body', ['not', 'an', 'object']],
  ])('%s', async (path, body) => {
    const error = await refused(body, 400);
    expect(error.startsWith(`${path}:`), error).toBe(true);
  });
});

describe('404: an unknown, disabled or deleted id is named', () => {
  it.each([
    ['serviceId', 'svc-unknown', {}],
    ['serviceId', 'svc-dauerwelle', {}],
    ['serviceId', 'svc-hochsteckfrisur', {}],
    ['employeeId', 'emp-lukas', {}],
    ['employeeId', 'emp-unknown', {}],
    ['employeeId', 'any', {}],
  ])('%s %s', async (field, id) => {
    const error = await refused(demoBooking({ [field]: id }), 404);
    expect(error).toContain(field);
    expect(error).toContain(id);
  });
});

describe('400: slot not bookable by its nature, error says which', () => {
  it.each([
    ['past', demoBooking({ date: '2026-11-20' })],
    ['horizon', demoBooking({ date: '2027-03-02' })],
    ['grid', demoBooking({ time: '11:07' })],
    ['hours', demoBooking({ time: '08:00' })],
    ['hours', demoBooking({ time: '20:00' })],
    ['service', demoBooking({ serviceId: 'svc-damen-schnitt' })],
  ])('%s', async (problem, body) => {
    const error = await refused(body, 400);
    expect(error.startsWith(`${problem}:`), error).toBe(true);
  });

  it('notice', async () => {
    t.clock.set(MONDAY_0800 + 50 * 60_000); // 08:50: 09:00 is within the 30-minute notice
    try {
      const error = await refused(
        demoBooking({
          serviceId: 'svc-damen-schnitt',
          employeeId: 'emp-anna',
          date: '2026-11-23',
          time: '09:00',
        }),
        400,
      );
      expect(error.startsWith('notice:'), error).toBe(true);
    } finally {
      t.clock.set(MONDAY_0800);
    }
  });
});

describe('409: the slot is taken', () => {
  it('by the same start or an overlapping booking of that employee', async () => {
    await created(demoBooking({ date: '2026-11-26', time: '12:00' }));
    expect(await refused(demoBooking({ date: '2026-11-26', time: '12:00' }), 409)).toMatch(/taken/);
    expect(await refused(demoBooking({ date: '2026-11-26', time: '11:45' }), 409)).toMatch(/taken/);
    expect(await refused(demoBooking({ date: '2026-11-26', time: '12:15' }), 409)).toMatch(/taken/);
    // Another employee is free at the same time.
    await created(demoBooking({ date: '2026-11-26', time: '12:00', employeeId: 'emp-sophie' }));
  });
});
