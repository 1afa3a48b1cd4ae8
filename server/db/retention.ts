/**
 * Erasing customers' personal data that is no longer needed (the kiosk's embedded server runs it
 * with the kiosk's retention days). A booking's row stays (times, service, employee, number) as
 * the record; what names a person goes: the customer's name, e-mail and phone once none of their
 * bookings is still needed, a booking's notes, and the stored idempotent answers (which repeat the
 * customer). A booking is no longer needed when both its appointment and its creation are older
 * than the cutoff: the shop needs the customer until the appointment has passed.
 */
import { and, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { ServerDb } from './open';
import { bookings, customers, idempotencyRecords } from './schema';

export interface ErasedCustomerData {
  customers: number;
  bookingNotes: number;
  idempotentAnswers: number;
}

/** The e-mail key of an erased customer: unique (the column is), and matching no e-mail. */
const ERASED_KEY_PREFIX = 'erased:';

export function eraseCustomerDataBefore(db: ServerDb, cutoffMs: number): ErasedCustomerData {
  return db.transaction((tx) => {
    const stillNeeded = tx
      .select({ id: bookings.customerId })
      .from(bookings)
      .where(or(sql`${bookings.endMs} >= ${cutoffMs}`, sql`${bookings.createdAt} >= ${cutoffMs}`));
    const erasedCustomers = tx
      .update(customers)
      .set({
        name: '',
        email: '',
        phone: '',
        emailKey: sql`${ERASED_KEY_PREFIX} || ${customers.id}`,
      })
      .where(
        and(
          lt(customers.createdAt, cutoffMs),
          notInArray(customers.id, stillNeeded),
          sql`${customers.emailKey} NOT LIKE ${`${ERASED_KEY_PREFIX}%`}`,
        ),
      )
      .run().changes;
    const notes = tx
      .update(bookings)
      .set({ notes: null })
      .where(
        and(
          lt(bookings.endMs, cutoffMs),
          lt(bookings.createdAt, cutoffMs),
          sql`${bookings.notes} IS NOT NULL`,
        ),
      )
      .run().changes;
    const answers = tx
      .delete(idempotencyRecords)
      .where(lte(idempotencyRecords.createdAt, cutoffMs))
      .run().changes;
    return { customers: erasedCustomers, bookingNotes: notes, idempotentAnswers: answers };
  });
}
