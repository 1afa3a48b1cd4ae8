/**
 * What one upstream request came to, and the pure functions that decide what it means
 * (STYLE.md §8): for a booking in the outbox, for a lookup, and how long to back off.
 */
import type { AnswerProblem } from '../../../shared/api/answer-checks';
import type { BookingResponse } from '../../../shared/api/schemas';
import { assertNever } from '../../../shared/result';

export interface RateLimitHeaders {
  limit: number;
  remaining: number;
  resetAt: number; // epoch ms
}

/** Read from every answer (errors included). */
export interface AnswerMeta {
  rateLimit: RateLimitHeaders | null;
  serverDate: number | null; // the Date header, epoch ms
  receivedAt: number; // our clock
  /** The answer's HTTP status (absent where a test builds the meta by hand). */
  status?: number;
  /** From sending the request to its answer, on our clock. */
  elapsedMs?: number;
}

/**
 * connect: the request never left (refused, connect timeout, DNS) so the server cannot have
 * acted on it. timeout / reset: it may have been received; the answer is lost.
 */
export type NetworkReason = 'connect' | 'timeout' | 'reset' | 'other';

export type UpstreamOutcome<T> =
  | { kind: 'ok'; status: number; data: T; meta: AnswerMeta }
  | { kind: 'http'; status: number; message: string; meta: AnswerMeta }
  | { kind: 'rateLimited'; retryAfterMs: number; meta: AnswerMeta | null }
  | { kind: 'network'; reason: NetworkReason; message: string }
  /** An answer that is no data: not the schema's shape, or no sense for what was asked. */
  | { kind: 'invalidBody'; status: number; meta: AnswerMeta; problem?: AnswerProblem }
  /** The governor would not let the request go within the wait the caller allowed. */
  | { kind: 'throttled'; waitMs: number };

export interface LocalError {
  status: number | null;
  message: string;
}

export type BookingVerdict =
  | { kind: 'sent'; booking: BookingResponse }
  /** Worth retrying with the same key; `responseLost` when the remote may have acted on it. */
  | { kind: 'retry'; responseLost: boolean; error: LocalError }
  /** The remote refused the request itself (400, 404, 409, 413, 422...). */
  | { kind: 'refused'; status: number; error: LocalError }
  /** Our key is refused: pause the queue and tell staff. */
  | { kind: 'auth'; error: LocalError }
  | { kind: 'wait'; afterMs: number; error: LocalError }
  /**
   * Not sent (again): the answer to an earlier attempt was lost and the slot is no longer free,
   * so the booking may exist upstream or not; staff must check (issue 18).
   */
  | { kind: 'unknown'; error: LocalError };

/** Statuses a remote may answer a taken slot with (the spec does not say which, issue 18). */
export const TAKEN_STATUSES: readonly number[] = [400, 404, 409, 422];

export function classifyBookingOutcome(outcome: UpstreamOutcome<BookingResponse>): BookingVerdict {
  switch (outcome.kind) {
    case 'ok':
      return { kind: 'sent', booking: outcome.data };
    case 'http':
      return classifyHttpStatus(outcome.status, outcome.message);
    case 'rateLimited':
      return {
        kind: 'wait',
        afterMs: outcome.retryAfterMs,
        error: { status: 429, message: 'rate limited' },
      };
    case 'throttled':
      return {
        kind: 'wait',
        afterMs: outcome.waitMs,
        error: { status: null, message: 'waiting for the rate budget' },
      };
    case 'network':
      return {
        kind: 'retry',
        responseLost: outcome.reason !== 'connect',
        error: { status: null, message: `network: ${outcome.reason}` },
      };
    case 'invalidBody':
      // A 2xx whose body we cannot read may still have created the booking.
      return {
        kind: 'retry',
        responseLost: outcome.status >= 200 && outcome.status < 300,
        error: { status: outcome.status, message: 'invalid response body' },
      };
    default:
      return assertNever(outcome);
  }
}

function classifyHttpStatus(status: number, message: string): BookingVerdict {
  const error = { status, message };
  if (status === 401 || status === 403) return { kind: 'auth', error };
  if (status === 408 || status >= 500) return { kind: 'retry', responseLost: false, error };
  if (status >= 400) return { kind: 'refused', status, error };
  // 1xx/3xx/2xx-without-envelope: nothing we can act on; retry as a server fault.
  return { kind: 'retry', responseLost: false, error };
}

export type LookupVerdict<T> =
  | { kind: 'live'; data: T }
  /** Serve from the cache (network, 5xx, 429, budget, bad body). */
  | { kind: 'fallback'; reason: string }
  | { kind: 'auth'; message: string }
  | { kind: 'client'; status: number; message: string };

export function classifyLookupOutcome<T>(outcome: UpstreamOutcome<T>): LookupVerdict<T> {
  switch (outcome.kind) {
    case 'ok':
      return { kind: 'live', data: outcome.data };
    case 'http':
      if (outcome.status === 401 || outcome.status === 403)
        return { kind: 'auth', message: outcome.message };
      if (outcome.status >= 400 && outcome.status < 500 && outcome.status !== 408) {
        return { kind: 'client', status: outcome.status, message: outcome.message };
      }
      return { kind: 'fallback', reason: `http ${outcome.status}` };
    case 'rateLimited':
      return { kind: 'fallback', reason: 'rate limited' };
    case 'throttled':
      return { kind: 'fallback', reason: 'rate budget' };
    case 'network':
      return { kind: 'fallback', reason: `network: ${outcome.reason}` };
    case 'invalidBody':
      return { kind: 'fallback', reason: 'invalid response body' };
    default:
      return assertNever(outcome);
  }
}

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, maxMs: 5 * 60_000 };

/**
 * Exponential backoff with "equal jitter": half of the exponential step is fixed, half random,
 * so retries of many kiosks spread out but never come back immediately. `attempt` starts at 1;
 * `random` is in [0, 1).
 */
export function backoffMs(
  attempt: number,
  random: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return Math.round(step / 2 + (step / 2) * Math.min(Math.max(random, 0), 1));
}
