/**
 * Creates a booking in ONE immediate SQLite transaction: lookups, the slot check of
 * shared/booking, an overlap re-check, the customer and the numbers. better-sqlite3 is
 * synchronous and BEGIN IMMEDIATE takes the write lock first, so two requests for one slot
 * cannot both pass the check (the loser gets `taken`).
 */
import { randomUUID } from 'node:crypto';
import { durationMinutes } from '../../shared/api/duration';
import type { BookingRequest, BookingResponse } from '../../shared/api/schemas';
import { checkSlot } from '../../shared/booking/check-slot';
import { instantToWall } from '../../shared/booking/time';
import type { AvailabilitySettings } from '../../shared/booking/types';
import { busyOfEmployee, insertBooking } from '../db/bookings';
import {
  findBookableEmployee,
  findBookableService,
  loadSchedules,
  toApiService,
} from '../db/catalog';
import { nextCounter } from '../db/counters';
import { emailKey, findCustomerByEmail, insertCustomer } from '../db/customers';
import type { ServerDb } from '../db/open';
import { dayWindow } from './day-window';

export type CreateBookingOutcome =
  | { kind: 'created'; data: BookingResponse }
  | { kind: 'not_found'; error: string }
  | { kind: 'invalid'; error: string }
  | { kind: 'taken'; error: string };

export const APPOINTMENT_PREFIX = 'A';
export const CUSTOMER_PREFIX = 'KD';

export function formatNumber(prefix: string, value: number, digits: number): string {
  return `${prefix}-${String(value).padStart(digits, '0')}`;
}

export function createBooking(
  db: ServerDb,
  input: BookingRequest,
  now: number,
  settings: AvailabilitySettings,
): CreateBookingOutcome {
  return db.transaction(() => createBookingInTransaction(db, input, now, settings), {
    behavior: 'immediate',
  });
}

/**
 * The body of `createBooking`, for a caller that writes more in the same IMMEDIATE transaction
 * (the idempotency record). Call it only inside one: the repositories run their prepared
 * statements on `db`, which inside a synchronous transaction callback is that transaction
 * (better-sqlite3 has one connection, no await here).
 */
export function createBookingInTransaction(
  db: ServerDb,
  input: BookingRequest,
  now: number,
  settings: AvailabilitySettings,
): CreateBookingOutcome {
  const service = findBookableService(db, input.serviceId);
  if (!service)
    return {
      kind: 'not_found',
      error: `serviceId: no bookable service with id ${JSON.stringify(input.serviceId)}`,
    };
  const employee = findBookableEmployee(db, input.employeeId);
  if (!employee)
    return {
      kind: 'not_found',
      error: `employeeId: no bookable employee with id ${JSON.stringify(input.employeeId)}`,
    };

  const minutes = durationMinutes(toApiService(service));
  const { fromMs, toMs } = dayWindow(input.date);
  const check = checkSlot({
    date: input.date,
    time: input.time,
    durationMinutes: minutes,
    serviceId: service.id,
    employeeId: employee.id,
    employees: loadSchedules(db),
    // Every booking the slot could overlap (see dayWindow), read inside this IMMEDIATE
    // transaction, so no other writer can add one before the insert below.
    busy: busyOfEmployee(db, employee.id, fromMs, toMs),
    now,
    settings,
  });
  if (!check.ok) {
    return check.problem === 'taken'
      ? { kind: 'taken', error: `slot taken: ${check.message}` }
      : { kind: 'invalid', error: `${check.problem}: ${check.message}` };
  }
  // A known e-mail is not proof of identity: whoever typed it must learn neither the stored
  // name nor the stored number (issue 11). Every booking draws a number from the customer
  // sequence; a new customer is stored under it, a known one keeps its own and the response
  // carries the fresh one, so the answer does not even tell whether the e-mail was known.
  const customerNumber = formatNumber(CUSTOMER_PREFIX, nextCounter(db, 'customer'), 5);
  let customerId = findCustomerByEmail(db, input.customer.email)?.id;
  if (customerId === undefined) {
    customerId = randomUUID();
    insertCustomer(db, {
      id: customerId,
      customerNumber,
      name: input.customer.name,
      email: input.customer.email,
      emailKey: emailKey(input.customer.email),
      phone: input.customer.phone,
      createdAt: now,
    });
  }

  const bookingId = randomUUID();
  const appointmentNumber = formatNumber(APPOINTMENT_PREFIX, nextCounter(db, 'appointment'), 6);
  const endTime = instantToWall(check.endMs, settings.timeZone).time;
  insertBooking(db, {
    id: bookingId,
    appointmentNumber,
    serviceId: service.id,
    employeeId: employee.id,
    customerId,
    date: input.date,
    time: input.time,
    endTime,
    startMs: check.startMs,
    endMs: check.endMs,
    status: 'pending',
    notes: input.notes ? input.notes : null,
    createdAt: now,
  });
  return {
    kind: 'created',
    data: {
      bookingId,
      appointmentNumber,
      service: { title: service.title, duration: minutes },
      employee: { name: employee.name, email: employee.email },
      appointment: { date: input.date, time: input.time, endTime },
      customer: { name: input.customer.name, email: input.customer.email, customerNumber },
      status: 'pending',
      emailSent: false,
    },
  };
}
