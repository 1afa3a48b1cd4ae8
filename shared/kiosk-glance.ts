/**
 * "Today at a glance" (issue 28): the counter's day view, one column per employee with free and
 * busy times along the day, answered from the mirror (no request of its own). A staff method:
 * it carries the customers' names of this kiosk's own bookings.
 */
import { z } from 'zod';
import { DateString, TimeString } from './api/schemas';
import { BookingReference, Id, LocalBookingState } from './kiosk-data';

/** The days the view covers: today and the next six (issue 38: staff plan the week ahead). */
export const GLANCE_DAYS = 7;

/**
 * One time of a person's day: `free` (bookable now), `busy` (the API lists it taken or outside
 * their time), `booked` (a booking of this kiosk, with its customer), `past` (gone by today).
 */
export const GlanceCellState = z.enum(['free', 'busy', 'booked', 'past']);
export type GlanceCellState = z.infer<typeof GlanceCellState>;

export const GlanceBooking = z.object({
  localId: z.string(),
  reference: BookingReference,
  customerName: z.string(),
  serviceId: Id,
  /** The start of the booking (a cell inside a longer booking names where it began). */
  time: TimeString,
  state: LocalBookingState,
});
export type GlanceBooking = z.infer<typeof GlanceBooking>;

export const GlanceCell = z.object({
  time: TimeString,
  state: GlanceCellState,
  booking: GlanceBooking.optional(),
});
export type GlanceCell = z.infer<typeof GlanceCell>;

export const GlanceColumn = z.object({
  employeeId: Id,
  name: z.string(),
  /** The service whose slot list describes this person's day (their shortest); null: none yet. */
  serviceId: Id.nullable(),
  /** When that list was fetched (ISO); null: the mirror has none for the day yet. */
  asOf: z.string().nullable(),
  /**
   * The person does not work that day (issue 38): the availability model's answer for them is
   * empty (their own list knows no time of theirs). Their column has no cells then.
   */
  off: z.boolean().optional(),
  cells: z.array(GlanceCell),
});
export type GlanceColumn = z.infer<typeof GlanceColumn>;

export const DayGlance = z.object({
  date: DateString,
  /** Every time of the day any column has, in order: the rows of the view. */
  times: z.array(TimeString),
  employees: z.array(GlanceColumn),
});
export type DayGlance = z.infer<typeof DayGlance>;
