/**
 * The staff bookings list's search and state filter, client-side: the list is this kiosk's own
 * bookings (hundreds at most). The search is the core's listBookings query
 * (shared/booking/reference.ts), applied to the list already loaded so that live booking events
 * and the links between rebooked bookings keep working while staff type.
 */
import { ATTENTION_STATES, FILTERED_STATES } from '../../shared/booking/booking-states';
import { bookingReference, matchesBookingQuery } from '../../shared/booking/reference';
import type { LocalBooking, LocalBookingState } from '../../shared/kiosk-api';

/** The short code the customer was shown: the core's, so that both always agree. */
export const shortReference = bookingReference;

export type StateFilter = 'all' | 'attention' | 'followUp' | LocalBookingState;
export const STATE_FILTERS: readonly StateFilter[] = [
  'all',
  'attention',
  'followUp',
  ...FILTERED_STATES,
];

export function matchesState(booking: LocalBooking, filter: StateFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'attention') return ATTENTION_STATES.has(booking.state) && !booking.rebookedAs;
  if (filter === 'followUp') return needsFollowUp(booking);
  return booking.state === filter;
}

/** Refused after the customer was told "queued", and staff have not acted yet (issue 19). */
export function needsFollowUp(booking: LocalBooking): boolean {
  return booking.followUp?.state === 'open' && !booking.rebookedAs;
}

/** The core's listBookings query (one search for both): the list here is already loaded. */
export function matchesSearch(booking: LocalBooking, query: string): boolean {
  return matchesBookingQuery(
    {
      reference: shortReference(booking.localId),
      appointmentNumber: booking.booking?.appointmentNumber ?? null,
      customerName: booking.erased ? null : booking.request.customer.name,
      customerEmail: booking.erased ? null : booking.request.customer.email,
      customerPhone: booking.erased ? null : booking.request.customer.phone,
    },
    query,
  );
}

export function filterBookings(
  bookings: readonly LocalBooking[],
  query: string,
  filter: StateFilter,
): LocalBooking[] {
  return bookings.filter(
    (booking) => matchesState(booking, filter) && matchesSearch(booking, query),
  );
}
