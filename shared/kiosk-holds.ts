/**
 * A screen's hold on the time its customer is booking (issue 28): the contract's input and
 * output of holdSlot, and how long a hold lasts. Pure: no Node, no DOM.
 */
import { z } from 'zod';
import { BookingRequestSchema } from './api/schemas';
import { MAX_VISIT_SERVICES } from './booking/visit-fit';

/** A hold lasts this long unless the screen books, goes back or is reset first. */
export const SCREEN_HOLD_MS = 5 * 60_000;

/** One time (or the services of one visit, in order) with the person each is with. */
export const HoldSlotInput = z.object({
  parts: z
    .array(BookingRequestSchema.pick({ serviceId: true, employeeId: true, date: true, time: true }))
    .min(1)
    .max(MAX_VISIT_SERVICES),
});
export type HoldSlotInput = z.infer<typeof HoldSlotInput>;

/**
 * `heldUntil`: when the hold runs out, as an ISO instant of the core's clock; `heldForMs`: how
 * long from now, for a screen whose own clock differs from the core's (a tablet of a hub).
 */
export const HoldSlotResult = z.object({ heldUntil: z.string(), heldForMs: z.number() });
export type HoldSlotResult = z.infer<typeof HoldSlotResult>;
