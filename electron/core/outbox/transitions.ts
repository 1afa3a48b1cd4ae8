/**
 * The outbox state machine as a pure function: what a send attempt's verdict does to an entry.
 * A job's run ends as done | retry(afterMs) | failed (Signal's JobQueue); `pause` asks the
 * replayer to stop the whole queue (the API refused our key).
 */
import { assertNever } from '../../../shared/result';
import { backoffMs, DEFAULT_BACKOFF, type BackoffPolicy, type BookingVerdict, type LocalError } from '../upstream/outcome';
import type { OutboxEntry, OutboxPatch } from './entry';

export type JobResult = { kind: 'done' } | { kind: 'retry'; afterMs: number } | { kind: 'failed' };

export interface ReplayPolicy {
  /** Attempts come from a time budget, not a count: retry until this long after the first. */
  budgetMs: number;
  backoff: BackoffPolicy;
}

export const DEFAULT_REPLAY_POLICY: ReplayPolicy = { budgetMs: 24 * 3_600_000, backoff: DEFAULT_BACKOFF };

export interface Transition {
  patch: OutboxPatch;
  result: JobResult;
  pause: LocalError | null;
}

/** Marks an entry as being sent: the attempt is counted before the request leaves. */
export function startAttempt(entry: OutboxEntry, now: number): OutboxPatch {
  return { state: 'sending', attempts: entry.attempts + 1, firstAttemptAt: entry.firstAttemptAt ?? now, updatedAt: now };
}

export function applyVerdict(
  entry: OutboxEntry,
  verdict: BookingVerdict,
  now: number,
  random: number,
  policy: ReplayPolicy = DEFAULT_REPLAY_POLICY,
): Transition {
  switch (verdict.kind) {
    case 'sent':
      return {
        patch: { state: 'sent', booking: verdict.booking, lastError: null, updatedAt: now },
        result: { kind: 'done' },
        pause: null,
      };
    case 'refused': {
      // A 409 after an answer we never saw may be the remote refusing our own first request
      // (a remote that ignores the key): nobody can tell, so staff must check.
      const state = verdict.status === 409 && entry.responseLost ? 'unknown' : 'rejected';
      return { patch: { state, lastError: verdict.error, updatedAt: now }, result: { kind: 'failed' }, pause: null };
    }
    case 'retry': {
      const responseLost = entry.responseLost || verdict.responseLost;
      const started = entry.firstAttemptAt ?? now;
      if (now - started >= policy.budgetMs) {
        return {
          patch: {
            state: responseLost ? 'unknown' : 'rejected',
            responseLost,
            lastError: { status: verdict.error.status, message: `gave up: ${verdict.error.message}` },
            updatedAt: now,
          },
          result: { kind: 'failed' },
          pause: null,
        };
      }
      const afterMs = backoffMs(entry.attempts, random, policy.backoff);
      return {
        patch: { state: 'queued', responseLost, lastError: verdict.error, nextAttemptAt: now + afterMs, updatedAt: now },
        result: { kind: 'retry', afterMs },
        pause: null,
      };
    }
    case 'auth':
      // Not the booking's fault: it waits, uncounted, until staff fix the key.
      return {
        patch: { state: 'queued', attempts: Math.max(0, entry.attempts - 1), lastError: verdict.error, nextAttemptAt: now, updatedAt: now },
        result: { kind: 'retry', afterMs: 0 },
        pause: verdict.error,
      };
    case 'wait':
      return {
        patch: {
          state: 'queued',
          attempts: Math.max(0, entry.attempts - 1),
          lastError: verdict.error,
          nextAttemptAt: now + verdict.afterMs,
          updatedAt: now,
        },
        result: { kind: 'retry', afterMs: verdict.afterMs },
        pause: null,
      };
    default:
      return assertNever(verdict);
  }
}

/** An entry found in `sending` at start-up: the process died mid-request, the answer is lost. */
export function recoverInterrupted(entry: OutboxEntry, now: number): OutboxPatch {
  return { state: 'queued', responseLost: true, nextAttemptAt: now, updatedAt: now };
}
