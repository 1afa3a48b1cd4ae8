/** One booking made at this kiosk, as the outbox keeps it (the row is also its slot's hold). */
import type { BookingRequest, BookingResponse } from '../../../shared/api/schemas';
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
}

export type OutboxPatch = Partial<
  Pick<
    OutboxEntry,
    'idempotencyKey' | 'state' | 'attempts' | 'lastError' | 'booking' | 'nextAttemptAt' | 'responseLost' | 'firstAttemptAt' | 'updatedAt'
  >
>;

/** States whose entry still holds its slot locally. */
export const HOLDING_STATES: readonly LocalBookingState[] = ['queued', 'sending', 'unknown'];

export function toLocalBooking(entry: OutboxEntry): LocalBooking {
  return {
    localId: entry.localId,
    state: entry.state,
    request: entry.request,
    booking: entry.booking,
    lastError: entry.lastError,
    attempts: entry.attempts,
    createdAt: new Date(entry.createdAt).toISOString(),
    updatedAt: new Date(entry.updatedAt).toISOString(),
  };
}
