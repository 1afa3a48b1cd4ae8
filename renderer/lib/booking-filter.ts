/**
 * The staff bookings list's search and state filter, client-side: the list is this kiosk's own
 * bookings (hundreds at most). A search matches the short reference, the appointment number or
 * the customer's name, ignoring case, accents and spacing.
 */
import { bookingReference } from '../../shared/booking/reference';
import type { LocalBooking, LocalBookingState } from '../../shared/kiosk-api';

/** The short code the customer was shown: the core's, so that both always agree. */
export const shortReference = bookingReference;

export type StateFilter = 'all' | 'attention' | LocalBookingState;
export const STATE_FILTERS: readonly StateFilter[] = ['all', 'attention', 'queued', 'sent', 'rejected', 'unknown', 'discarded'];

/** Bookings staff must act on: not sent yet, refused without a new booking, or unclear. */
const ATTENTION: ReadonlySet<LocalBookingState> = new Set(['queued', 'sending', 'rejected', 'unknown']);

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function matchesState(booking: LocalBooking, filter: StateFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'attention') return ATTENTION.has(booking.state) && !booking.rebookedAs;
  return booking.state === filter;
}

export function matchesSearch(booking: LocalBooking, query: string): boolean {
  const wanted = fold(query);
  if (!wanted) return true;
  const compact = wanted.replace(/[\s-]/g, '');
  const fields = [
    shortReference(booking.localId),
    booking.booking?.appointmentNumber ?? '',
    booking.erased ? '' : booking.request.customer.name,
  ].map(fold);
  return fields.some((field) => field.includes(wanted) || (compact.length > 0 && field.replace(/[\s-]/g, '').includes(compact)));
}

export function filterBookings(bookings: readonly LocalBooking[], query: string, filter: StateFilter): LocalBooking[] {
  return bookings.filter((booking) => matchesState(booking, filter) && matchesSearch(booking, query));
}
