/**
 * What one upstream request came to, the verdicts built from what outcome-table.ts says it
 * means (STYLE.md §8, §19): for a booking in the outbox, for a lookup; and how long to back off.
 */
import type { BookingResponse } from '../../../shared/api/schemas';
import { assertNever, type ErrorCode } from '../../../shared/result';
import type { LocalError, UpstreamOutcome } from './answer';
import { meaningOf, type TakenHint } from './outcome-table';

export type {
  AnswerMeta,
  LocalError,
  NetworkReason,
  OutcomePurpose,
  RateLimitHeaders,
  UpstreamOutcome,
} from './answer';

export type BookingVerdict =
  | { kind: 'sent'; booking: BookingResponse }
  /** Worth retrying with the same key; `responseLost` when the remote may have acted on it. */
  | { kind: 'retry'; responseLost: boolean; error: LocalError }
  /**
   * The remote refused the request itself (400, 404, 409, 413, 422...). `taken`: whether that
   * means the slot is taken (outcome-table.ts; `ask` until the send path asked the day's list).
   */
  | { kind: 'refused'; status: number; taken: TakenHint; error: LocalError }
  /** Our key is refused: pause the queue and tell staff. */
  | { kind: 'auth'; error: LocalError }
  | { kind: 'wait'; afterMs: number; error: LocalError }
  /**
   * Not sent (again): the answer to an earlier attempt was lost and the slot is no longer free,
   * so the booking may exist upstream or not; staff must check (issue 18).
   */
  | { kind: 'unknown'; error: LocalError };

/** What the outcome's row of the table (outcome-table.ts) says a booking request came to. */
export function classifyBookingOutcome(outcome: UpstreamOutcome<BookingResponse>): BookingVerdict {
  if (outcome.kind === 'ok') return { kind: 'sent', booking: outcome.data };
  const meaning = meaningOf(outcome);
  const error = localError(outcome);
  switch (meaning.booking) {
    case 'sent':
    case 'retry':
      // `sent` without data: a status that is no answer, retried as a server fault.
      return { kind: 'retry', responseLost: meaning.responseLost, error };
    case 'refused':
      return { kind: 'refused', status: error.status ?? 0, taken: meaning.taken, error };
    case 'auth':
      return { kind: 'auth', error };
    case 'wait':
      return { kind: 'wait', afterMs: waitMs(outcome), error };
    // Stryker disable next-line ConditionalExpression: unreachable, the cases are exhaustive
    default:
      return assertNever(meaning.booking);
  }
}

/** What staff read on the booking, and the sync status's reason. */
function localError(outcome: Exclude<UpstreamOutcome<unknown>, { kind: 'ok' }>): LocalError {
  switch (outcome.kind) {
    case 'http':
      return { status: outcome.status, message: outcome.message };
    case 'rateLimited':
      return { status: 429, message: 'rate limited' };
    case 'throttled':
      return { status: null, message: 'waiting for the rate budget' };
    case 'network':
      return { status: null, message: `network: ${outcome.reason}` };
    case 'invalidBody':
      return { status: outcome.status, message: 'invalid response body' };
    // Stryker disable next-line ConditionalExpression: unreachable, the cases are exhaustive
    default:
      return assertNever(outcome);
  }
}

/** How long an outcome of a `wait` class says to wait: the 429's Retry-After, the budget's wait. */
export const waitMs = (outcome: UpstreamOutcome<unknown>): number =>
  outcome.kind === 'rateLimited'
    ? outcome.retryAfterMs
    : outcome.kind === 'throttled'
      ? outcome.waitMs
      : 0;

export type LookupVerdict<T> =
  | { kind: 'live'; data: T }
  /** Serve from the cache (network, 5xx, 429, budget, bad body). */
  | { kind: 'fallback'; reason: string }
  | { kind: 'auth'; message: string }
  /** The API refused the lookup itself; `code` is what the customer hears (outcome-table.ts). */
  | { kind: 'client'; status: number; code: ErrorCode; message: string };

/** Why a lookup fell back to the cache, for the log and the sync status. */
export function fallbackReason(outcome: UpstreamOutcome<unknown>): string {
  switch (outcome.kind) {
    case 'ok':
      return 'ok';
    case 'http':
      return `http ${outcome.status}`;
    case 'rateLimited':
      return 'rate limited';
    case 'throttled':
      return 'rate budget';
    case 'network':
      return `network: ${outcome.reason}`;
    case 'invalidBody':
      return 'invalid response body';
    // Stryker disable next-line ConditionalExpression: unreachable, the cases are exhaustive
    default:
      return assertNever(outcome);
  }
}

export function classifyLookupOutcome<T>(outcome: UpstreamOutcome<T>): LookupVerdict<T> {
  if (outcome.kind === 'ok') return { kind: 'live', data: outcome.data };
  const meaning = meaningOf(outcome);
  switch (meaning.lookup) {
    case 'live':
    case 'fallback':
      return { kind: 'fallback', reason: fallbackReason(outcome) };
    case 'auth':
      return { kind: 'auth', message: localError(outcome).message };
    case 'client': {
      const { status, message } = localError(outcome);
      return {
        kind: 'client',
        status: status ?? 0,
        code: meaning.customer ?? 'invalid_request',
        message,
      };
    }
    // Stryker disable next-line ConditionalExpression: unreachable, the cases are exhaustive
    default:
      return assertNever(meaning.lookup);
  }
}
