/**
 * Whether a booking's slot is still free for its employee, asked live (issue 18). Two callers:
 * the send path before it sends again a booking whose answer was lost (against an API that
 * ignores Idempotency-Key, a free slot proves the first attempt failed: sending again cannot
 * book twice), and the send path again when the API refused a booking with a status that may
 * mean "taken" (the spec does not say which: outcome-table.ts's `ask`).
 */
import type { BookingRequest, TimeSlots } from '../../../shared/api/schemas';
import { listedFreeWith } from '../../../shared/booking/free-times';
import type { CallOptions, UpstreamClient, UpstreamOutcome } from '../upstream';

export type SlotCheck =
  | { kind: 'free' }
  | { kind: 'taken' }
  /**
   * The time is not on the day's list: gone from it (an API may drop taken times, issue 27)
   * when it was offered before, which is "taken" everywhere; else a request off the grid.
   */
  | { kind: 'unlisted' }
  /** The lookup got no usable answer: the outcome says why (it never is `ok`). */
  | { kind: 'failed'; outcome: Exclude<UpstreamOutcome<TimeSlots>, { kind: 'ok' }> };

/** Reads a day's slots: is `request.time` listed free for `request.employeeId`? */
export function slotFreeIn(day: TimeSlots, request: BookingRequest): boolean {
  return (
    day.date === request.date && listedFreeWith(day.timeSlots, request.time, request.employeeId)
  );
}

export async function checkSlot(
  client: UpstreamClient,
  request: BookingRequest,
  call: CallOptions,
): Promise<SlotCheck> {
  const outcome = await client.getTimeSlots(
    { date: request.date, serviceId: request.serviceId, employeeId: request.employeeId },
    call,
  );
  if (outcome.kind !== 'ok') return { kind: 'failed', outcome };
  if (slotFreeIn(outcome.data, request)) return { kind: 'free' };
  const listed = outcome.data.timeSlots.some((slot) => slot.time === request.time);
  return listed ? { kind: 'taken' } : { kind: 'unlisted' };
}
