/**
 * The kiosk contract's data for several services in one visit (issue 19). The API books one
 * service per booking, so a visit is two or three bookings of this kiosk linked by a local
 * visit id (the outbox's `visit_id`), each starting when the one before ends.
 */
import { z } from 'zod';
import { BookingRequestSchema, DateString } from './api/schemas';
import { MAX_VISIT_SERVICES } from './booking/visit-fit';
import { CreateBookingResult, Freshness, Id } from './kiosk-data';
import { KioskErrorSchema } from './result-schemas';
import { Language } from './settings';

export const VisitTimesInput = z.object({
  date: DateString,
  /** The services in the order of the visit. */
  serviceIds: z.array(Id).min(2).max(MAX_VISIT_SERVICES),
  /** The person chosen for the first service; absent: anyone. */
  employeeId: Id.optional(),
  fresh: z.boolean().optional(),
});

export const VisitPartOffer = z.object({
  serviceId: z.string(),
  time: z.string(),
  employeeId: z.string(),
  employeeName: z.string().nullable(),
});
export type VisitPartOffer = z.infer<typeof VisitPartOffer>;

export const VisitOffer = z.object({
  time: z.string(),
  parts: z.array(VisitPartOffer),
  samePerson: z.boolean(),
});
export type VisitOffer = z.infer<typeof VisitOffer>;

/** Start times where the whole visit fits; freshness is the oldest of the lookups behind it. */
export const VisitTimesResult = z.object({
  date: z.string(),
  offers: z.array(VisitOffer),
  ...Freshness.shape,
});
export type VisitTimesResult = z.infer<typeof VisitTimesResult>;

const VisitPart = BookingRequestSchema.pick({
  serviceId: true,
  employeeId: true,
  date: true,
  time: true,
});

export const CreateVisitInput = BookingRequestSchema.pick({ customer: true, notes: true })
  .extend({
    parts: z.array(VisitPart).min(2).max(MAX_VISIT_SERVICES),
    /** The screen's language, for a later message about these bookings. */
    language: Language.optional(),
  })
  .refine((input) => input.parts.every((part) => part.date === input.parts[0]?.date), {
    message: 'the services of one visit are on one day',
    path: ['parts'],
  });

export type CreateVisitInput = z.input<typeof CreateVisitInput>;

/**
 * What became of each service, in the visit's order: `booked` (sent, queued or unknown, as
 * createBooking says), `refused` (the API or the cache said no: what the customer is told), or
 * `not_tried` (a service before it was refused, so its time no longer follows anything).
 */
export const VisitPartResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('booked'), serviceId: z.string(), result: CreateBookingResult }),
  z.object({ outcome: z.literal('refused'), serviceId: z.string(), error: KioskErrorSchema }),
  z.object({ outcome: z.literal('not_tried'), serviceId: z.string() }),
]);
export type VisitPartResult = z.infer<typeof VisitPartResult>;

export const CreateVisitResult = z.object({
  visitId: z.string(),
  parts: z.array(VisitPartResult),
});
export type CreateVisitResult = z.infer<typeof CreateVisitResult>;
