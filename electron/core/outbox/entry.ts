/** One booking made at this kiosk, as the outbox keeps it (the row is also its slot's hold). */
import type { BookingRequest, BookingResponse } from '../../../shared/api/schemas';
import { bookingReference, matchesBookingQuery } from '../../../shared/booking/reference';
import type { LocalBooking, LocalBookingState } from '../../../shared/kiosk-api';

export interface OutboxEntry {
  localId: string;
  idempotencyKey: string;
  request: BookingRequest;
  /** The hold: the whole service duration of this employee from date+time. */
  hold: { employeeId: string; date: string; time: string; durationMinutes: number };
  state: LocalBookingState;
  attempts: number;
  lastError: { status: number | null; message: string } | null;
  booking: BookingResponse | null;
  nextAttemptAt: number;
  responseLost: boolean;
  firstAttemptAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** When retention erased the customer's personal data (see erasePersonalData), else null. */
  erasedAt: number | null;
  /** A rejected booking staff booked again: the new booking's local id (absent: none). */
  rebookedAs?: string | null;
  /** The bookings of one visit (several services, issue 19) share this id (absent: none). */
  visitId?: string | null;
  /**
   * The language the customer booked in, sent with the booking as its Accept-Language (an API
   * that writes them a confirmation writes it in theirs). Absent or null: a row from before it
   * was kept, sent without one.
   */
  language?: string | null;
}

/**
 * A change to an entry. `toldAtOnce` is not stored: a refusal the customer at the screen heard
 * (transitions.ts), for which no follow-up or e-mail is opened (notify/follow-ups.ts).
 */
export type OutboxPatch = Partial<
  Pick<
    OutboxEntry,
    | 'idempotencyKey'
    | 'state'
    | 'attempts'
    | 'lastError'
    | 'booking'
    | 'nextAttemptAt'
    | 'responseLost'
    | 'firstAttemptAt'
    | 'updatedAt'
    | 'rebookedAs'
  >
> & { toldAtOnce?: true };

/**
 * What an erased entry keeps in place of the customer: placeholders that still parse with the
 * shared schemas (an e-mail under the reserved .invalid domain), so every reader keeps working.
 */
export const ERASED_CUSTOMER = {
  name: 'erased',
  email: 'erased@erased.invalid',
  phone: '000',
} as const;

/**
 * The entry without the customer's personal data (name, e-mail, phone, notes, also inside the
 * API's answer); the reference, times, service, employee and appointment number stay.
 */
export function erasePersonalData(entry: OutboxEntry, now: number): OutboxEntry {
  const { notes: _notes, ...request } = entry.request;
  return {
    ...entry,
    request: { ...request, customer: { ...ERASED_CUSTOMER } },
    booking: entry.booking && {
      ...entry.booking,
      customer: { name: ERASED_CUSTOMER.name, email: ERASED_CUSTOMER.email, customerNumber: '' },
    },
    erasedAt: now,
  };
}

export function toLocalBooking(entry: OutboxEntry): LocalBooking {
  return {
    localId: entry.localId,
    reference: bookingReference(entry.localId),
    state: entry.state,
    request: entry.request,
    booking: entry.booking,
    lastError: entry.lastError,
    attempts: entry.attempts,
    createdAt: new Date(entry.createdAt).toISOString(),
    updatedAt: new Date(entry.updatedAt).toISOString(),
    erased: entry.erasedAt !== null,
    rebookedAs: entry.rebookedAs ?? null,
    visitId: entry.visitId ?? null,
  };
}

/** Staff search (listBookings' `query`): reference, appointment number, customer name, e-mail, phone. */
export function entryMatches(entry: OutboxEntry, query: string): boolean {
  return matchesBookingQuery(
    {
      reference: bookingReference(entry.localId),
      appointmentNumber: entry.booking?.appointmentNumber ?? null,
      customerName: entry.erasedAt === null ? entry.request.customer.name : null,
      customerEmail: entry.erasedAt === null ? entry.request.customer.email : null,
      customerPhone: entry.erasedAt === null ? entry.request.customer.phone : null,
    },
    query,
  );
}
