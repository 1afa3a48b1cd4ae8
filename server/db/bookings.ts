/** Bookings and the busy intervals that availability subtracts. */
import { and, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { BusyInterval } from '../../shared/booking/types';
import { dataVersion } from './data-version';
import type { Queryable, ServerDb } from './open';
import { prepared } from './prepared';
import { bookings } from './schema';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;

/** Statuses that occupy a slot; a cancelled booking frees it (decisions.md). */
const ACTIVE = ['pending', 'confirmed'] as const;

/**
 * No booking lasts longer than this. It gives the overlap queries a lower bound on start_ms,
 * so that the start_ms indexes scan a window instead of every earlier booking.
 */
export const MAX_BOOKING_MS = 24 * 60 * 60 * 1000;

/**
 * The one overlap test of the three busy queries: an active booking that starts before `toMs`
 * and ends after `fromMs` (placeholders), with `earliestStart` as the index's lower bound. Its
 * values come from overlapWindow.
 */
function activeOverlap() {
  return [
    gte(bookings.startMs, sql.placeholder('earliestStart')),
    lt(bookings.startMs, sql.placeholder('toMs')),
    gt(bookings.endMs, sql.placeholder('fromMs')),
    inArray(bookings.status, ACTIVE),
  ];
}

function overlapWindow(fromMs: number, toMs: number) {
  return { fromMs, toMs, earliestStart: fromMs - MAX_BOOKING_MS };
}

/**
 * Writes to bookings through this module, on any connection of this process: with SQLite's
 * data_version (another connection committed) they decide when cached busy lists are dropped.
 */
let bookingWrites = 0;

interface BusyCache {
  dataVersion: number;
  writes: number;
  windows: Map<string, readonly BusyInterval[]>;
}
const busyCaches = new WeakMap<object, BusyCache>();
/** Windows kept per connection (kiosks ask for the same few days over and over). */
const BUSY_WINDOWS_CACHED = 64;

/**
 * Active bookings that overlap [fromMs, toMs) as busy intervals, for any employee: what every
 * availability request subtracts. Kept per connection and window until a booking is written
 * through this module or another connection commits; never kept from inside a transaction.
 * The list is frozen and shared. (The booking transaction reads busyOfEmployee, never this.)
 */
export function busyBetween(db: ServerDb, fromMs: number, toMs: number): BusyInterval[] {
  const version = dataVersion(db);
  let cache = busyCaches.get(db.$client);
  if (cache === undefined || cache.dataVersion !== version || cache.writes !== bookingWrites) {
    cache = { dataVersion: version, writes: bookingWrites, windows: new Map() };
    busyCaches.set(db.$client, cache);
  }
  const key = `${fromMs}/${toMs}`;
  const cached = cache.windows.get(key);
  if (cached !== undefined) return cached as BusyInterval[];
  const busy = readBusyBetween(db, fromMs, toMs);
  if (!db.$client.inTransaction) {
    if (cache.windows.size >= BUSY_WINDOWS_CACHED) cache.windows.clear();
    for (const interval of busy) Object.freeze(interval);
    cache.windows.set(key, Object.freeze(busy));
  }
  return busy;
}

/** Rows come back as arrays (`values()`) and are mapped here: half the cost of drizzle's generic mapping. */
function readBusyBetween(db: ServerDb, fromMs: number, toMs: number): BusyInterval[] {
  const rows = prepared(db, 'busyBetween', () =>
    db
      .select({ employeeId: bookings.employeeId, startMs: bookings.startMs, endMs: bookings.endMs })
      .from(bookings)
      .where(and(...activeOverlap()))
      .prepare(),
  ).values(overlapWindow(fromMs, toMs)) as Array<[string, number, number]>;
  return rows.map(([employeeId, startMs, endMs]) => ({ employeeId, startMs, endMs }));
}

/** The same for one employee (the booking transaction needs no one else's). */
export function busyOfEmployee(
  db: ServerDb,
  employeeId: string,
  fromMs: number,
  toMs: number,
): BusyInterval[] {
  return prepared(db, 'busyOfEmployee', () =>
    db
      .select({ employeeId: bookings.employeeId, startMs: bookings.startMs, endMs: bookings.endMs })
      .from(bookings)
      .where(and(eq(bookings.employeeId, sql.placeholder('employeeId')), ...activeOverlap()))
      .prepare(),
  ).all({ employeeId, ...overlapWindow(fromMs, toMs) });
}

/** Whether the employee has an active booking overlapping [startMs, endMs). */
export function hasOverlap(
  db: ServerDb,
  employeeId: string,
  startMs: number,
  endMs: number,
): boolean {
  const row = prepared(db, 'hasOverlap', () =>
    db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.employeeId, sql.placeholder('employeeId')), ...activeOverlap()))
      .limit(1)
      .prepare(),
  ).get({ employeeId, ...overlapWindow(startMs, endMs) });
  return row !== undefined;
}

const BOOKING_COLUMNS = [
  'id',
  'appointmentNumber',
  'serviceId',
  'employeeId',
  'customerId',
  'date',
  'time',
  'endTime',
  'startMs',
  'endMs',
  'status',
  'notes',
  'emailSent',
  'createdAt',
] as const satisfies readonly (keyof NewBooking)[];

export function insertBooking(db: ServerDb, booking: NewBooking): void {
  const statement = prepared(db, 'insertBooking', () =>
    db
      .insert(bookings)
      .values(
        Object.fromEntries(
          BOOKING_COLUMNS.map((c) => [c, sql.placeholder(c)]),
        ) as unknown as NewBooking,
      )
      .prepare(),
  );
  statement.run({ notes: null, emailSent: false, ...booking });
  bookingWrites += 1;
}

export function setBookingEmailSent(db: Queryable, id: string, emailSent: boolean): void {
  db.update(bookings).set({ emailSent }).where(eq(bookings.id, id)).run();
}

export function setBookingStatus(db: Queryable, id: string, status: BookingRow['status']): void {
  db.update(bookings).set({ status }).where(eq(bookings.id, id)).run();
  bookingWrites += 1;
}
