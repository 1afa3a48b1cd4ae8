/** Bookings and the busy intervals that availability subtracts. */
import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { BusyInterval } from '../../shared/booking/types';
import type { Queryable } from './open';
import { bookings } from './schema';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;

/** Statuses that occupy a slot; a cancelled booking frees it (decisions.md). */
const ACTIVE = ['pending', 'confirmed'] as const;

/** Active bookings that overlap [fromMs, toMs) as busy intervals, for any employee. */
export function busyBetween(db: Queryable, fromMs: number, toMs: number): BusyInterval[] {
  return db
    .select({ employeeId: bookings.employeeId, startMs: bookings.startMs, endMs: bookings.endMs })
    .from(bookings)
    .where(and(inArray(bookings.status, ACTIVE), lt(bookings.startMs, toMs), gt(bookings.endMs, fromMs)))
    .all();
}

/** Whether the employee has an active booking overlapping [startMs, endMs). */
export function hasOverlap(db: Queryable, employeeId: string, startMs: number, endMs: number): boolean {
  const row = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.employeeId, employeeId),
        inArray(bookings.status, ACTIVE),
        lt(bookings.startMs, endMs),
        gt(bookings.endMs, startMs),
      ),
    )
    .limit(1)
    .get();
  return row !== undefined;
}

export function insertBooking(db: Queryable, booking: NewBooking): void {
  db.insert(bookings).values(booking).run();
}

export function setBookingEmailSent(db: Queryable, id: string, emailSent: boolean): void {
  db.update(bookings).set({ emailSent }).where(eq(bookings.id, id)).run();
}

export function setBookingStatus(db: Queryable, id: string, status: BookingRow['status']): void {
  db.update(bookings).set({ status }).where(eq(bookings.id, id)).run();
}

export function findBooking(db: Queryable, id: string): BookingRow | undefined {
  return db.select().from(bookings).where(eq(bookings.id, id)).get();
}

export function listBookings(db: Queryable): BookingRow[] {
  return db.select().from(bookings).orderBy(bookings.startMs, bookings.id).all();
}

export function countBookings(db: Queryable): number {
  return db.select({ n: count() }).from(bookings).get()?.n ?? 0;
}
