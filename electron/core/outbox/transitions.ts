/**
 * The outbox state machine as a pure function: what a send attempt's verdict does to an entry.
 * A job's run ends as done | retry(afterMs) | failed (Signal's JobQueue); `pause` asks the
 * replayer to stop the whole queue (the API refused our key).
 */
import { assertNever } from '../../../shared/result';
import {
  backoffMs,
  DEFAULT_BACKOFF,
  type BackoffPolicy,
  type BookingVerdict,
  type LocalError,
  TAKEN_STATUSES,
} from '../upstream/outcome';
import type { OutboxEntry, OutboxPatch } from './entry';

export type JobResult = { kind: 'done' } | { kind: 'retry'; afterMs: number } | { kind: 'failed' };

/**
 * A queued booking is retried for as long as it takes: no time budget, no count. It ends only
 * when the API refuses it, or when its appointment time has passed while it waited (`Moment`).
 */
export interface ReplayPolicy {
  backoff: BackoffPolicy;
}

export const DEFAULT_REPLAY_POLICY: ReplayPolicy = {
  backoff: DEFAULT_BACKOFF,
};

/**
 * When a verdict is applied: `now` is wall time (updatedAt, what staff read), `mono` the
 * monotonic time nextAttemptAt is written in (a wall-clock jump moves no retry), and whether the
 * entry's appointment time has passed.
 */
export interface Moment {
  now: number;
  mono: number;
  appointmentPassed: boolean;
}

/** The message an entry ends with when its appointment passed while the API could not be reached. */
export const APPOINTMENT_PASSED = 'the appointment time passed while the booking waited';

export interface Transition {
  patch: OutboxPatch;
  result: JobResult;
  pause: LocalError | null;
}

/** Marks an entry as being sent: the attempt is counted before the request leaves. */
export function startAttempt(entry: OutboxEntry, now: number): OutboxPatch {
  return {
    state: 'sending',
    attempts: entry.attempts + 1,
    firstAttemptAt: entry.firstAttemptAt ?? now,
    updatedAt: now,
  };
}

/** What staff read on a booking whose answer was lost and whose slot is taken now. */
export const LOST_AND_TAKEN =
  'The answer to this booking was lost and its time is no longer free: check with the booking service whether it was booked (service, employee, date, time and the customer are shown here).';

export function applyVerdict(
  entry: OutboxEntry,
  verdict: BookingVerdict,
  at: number | Moment,
  random: number,
  policy: ReplayPolicy = DEFAULT_REPLAY_POLICY,
): Transition {
  const { now, mono, appointmentPassed } =
    typeof at === 'number' ? { now: at, mono: at, appointmentPassed: false } : at;
  switch (verdict.kind) {
    case 'sent':
      return {
        patch: { state: 'sent', booking: verdict.booking, lastError: null, updatedAt: now },
        result: { kind: 'done' },
        pause: null,
      };
    case 'refused': {
      // A "taken" after an answer we never saw may be the remote refusing our own first request
      // (a remote that ignores the key; taken may come as 400, 404, 409 or 422): nobody can
      // tell, so staff must check.
      const state =
        TAKEN_STATUSES.includes(verdict.status) && entry.responseLost ? 'unknown' : 'rejected';
      const lastError =
        state === 'unknown' ? { status: verdict.status, message: LOST_AND_TAKEN } : verdict.error;
      return {
        patch: { state, lastError, updatedAt: now },
        result: { kind: 'failed' },
        pause: null,
      };
    }
    case 'retry': {
      const responseLost = entry.responseLost || verdict.responseLost;
      if (appointmentPassed) {
        // Staff hear of it as of a refused booking; a lost answer may still be a booking.
        return {
          patch: {
            state: responseLost ? 'unknown' : 'rejected',
            responseLost,
            lastError: {
              status: verdict.error.status,
              message: `${APPOINTMENT_PASSED}: ${verdict.error.message}`,
            },
            updatedAt: now,
          },
          result: { kind: 'failed' },
          pause: null,
        };
      }
      const afterMs = backoffMs(entry.attempts, random, policy.backoff);
      return {
        patch: {
          state: 'queued',
          responseLost,
          lastError: verdict.error,
          nextAttemptAt: mono + afterMs,
          updatedAt: now,
        },
        result: { kind: 'retry', afterMs },
        pause: null,
      };
    }
    case 'unknown':
      return {
        patch: { state: 'unknown', responseLost: true, lastError: verdict.error, updatedAt: now },
        result: { kind: 'failed' },
        pause: null,
      };
    case 'auth':
      // Not the booking's fault: it waits, uncounted, until staff fix the key.
      return {
        patch: {
          state: 'queued',
          attempts: Math.max(0, entry.attempts - 1),
          lastError: verdict.error,
          nextAttemptAt: mono,
          updatedAt: now,
        },
        result: { kind: 'retry', afterMs: 0 },
        pause: verdict.error,
      };
    case 'wait':
      return {
        patch: {
          state: 'queued',
          attempts: Math.max(0, entry.attempts - 1),
          lastError: verdict.error,
          nextAttemptAt: mono + verdict.afterMs,
          updatedAt: now,
        },
        result: { kind: 'retry', afterMs: verdict.afterMs },
        pause: null,
      };
    default:
      return assertNever(verdict);
  }
}

/**
 * An entry found in `sending` with no request under way (at start-up: the process died
 * mid-request): the answer is lost, it is due again at once (`mono`).
 */
export function recoverInterrupted(_entry: OutboxEntry, now: number, mono = now): OutboxPatch {
  return { state: 'queued', responseLost: true, nextAttemptAt: mono, updatedAt: now };
}
