/**
 * The outbox state machine as a pure function: what a send attempt's verdict does to an entry.
 * A job's run ends as done | retry(afterMs) | failed (Signal's JobQueue); `pause` asks the
 * replayer to stop the whole queue (the API refused our key).
 */
import { assertNever, type ErrorCode } from '../../../shared/result';
import { backoffDelay, type Backoff } from '../../../shared/backoff';
import type { BookingVerdict, LocalError } from '../upstream';
import { refusalCode } from '../upstream';
import { SLOT_TAKEN_REFUSAL } from '../../../shared/kiosk-data';
import type { OutboxEntry, OutboxPatch } from './entry';

export type JobResult = { kind: 'done' } | { kind: 'retry'; afterMs: number } | { kind: 'failed' };

/**
 * A queued booking is retried for as long as it takes: no time budget, no count. It ends only
 * when the API refuses it, or when its appointment time has passed while it waited (`Moment`).
 */
export interface ReplayPolicy {
  /** What it leaves out is REPLAY_BACKOFF's (a test's shorter steps keep the equal jitter). */
  backoff: Backoff;
  /**
   * How long a booking whose answer was lost waits after its re-send was refused as taken
   * before it is sent once more: the first request may still be in progress at the API (the
   * reference server answers 409 while it sends the confirmation mail).
   */
  takenPauseMs?: number;
}

/** See `ReplayPolicy.takenPauseMs`: longer than the reference server's 2.5 s mail budget. */
export const TAKEN_PAUSE_MS = 20_000;

/**
 * 1 s doubling to 5 min, with "equal jitter": half of each step fixed, so that a retry never
 * comes back at once, half random, so that the retries of many kiosks spread out.
 */
const REPLAY_BACKOFF: Backoff = { baseMs: 1_000, capMs: 5 * 60_000, jitter: 0.5 };

export const DEFAULT_REPLAY_POLICY: ReplayPolicy = {
  backoff: REPLAY_BACKOFF,
};

/**
 * When a verdict is applied: `now` is wall time (updatedAt, what staff read), `mono` the
 * monotonic time nextAttemptAt is written in (a wall-clock jump moves no retry), and whether the
 * entry's appointment time has passed. `upstreamKeepsKeys` (default true): whether the API is
 * trusted to answer a repeated Idempotency-Key with its first booking; when it is not, a lost
 * answer whose re-send is refused as taken goes to staff at once.
 */
export interface Moment {
  now: number;
  mono: number;
  appointmentPassed: boolean;
  upstreamKeepsKeys?: boolean;
  /** The customer waits at the screen for this answer (the online booking); absent: a replay. */
  waiting?: Waiting;
}

/** Why the cache refuses to queue a booking: what the customer hears (a KioskFailure's parts). */
export interface CacheRefusal {
  reason: ErrorCode;
  message: string;
}

/**
 * The online booking's attempt: the customer hears a refusal at once, so it opens no follow-up
 * or e-mail (notify/follow-ups.ts). With no answer, the booking is queued only when the cache
 * does not refuse it, as an offline one is (engine/booking.ts builds these from the cache).
 */
export interface Waiting {
  /** A refused entry stays `rejected` (one service of a visit, beside the others); else it goes. */
  keepRefused: boolean;
  /** The request itself is invalid by the cache (as of the request): the API refuses it too. */
  invalid: CacheRefusal | null;
  /** Its slot is not free on the cached day (asked only when needed); null: free or not cached. */
  slotNotFree: () => CacheRefusal | null;
}

/** A refusal the waiting customer hears at once: why, and whether its entry is dropped. */
export interface Told {
  reason: ErrorCode;
  /** Nothing stays of a lone booking the customer was told is not made (a visit's part stays). */
  forget: boolean;
}

/** The message an entry ends with when its appointment passed while the API could not be reached. */
const APPOINTMENT_PASSED = 'the appointment time passed while the booking waited';

export interface Transition {
  patch: OutboxPatch;
  result: JobResult;
  pause: LocalError | null;
  /** Set when the waiting customer is told a refusal at once (see `Waiting`). */
  told?: Told;
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
  'The answer to this booking was lost and the booking service refused it twice as taken: check with the booking service whether it was booked (service, employee, date, time and the customer are shown here).';

/** What staff read on a booking sent again after a lost answer, to an API that keeps booked times free. */
export const SENT_AGAIN_TO_CHECK =
  'The answer to this booking was lost, the kiosk sent it again and the booking service accepted it; this booking service has since been seen keeping booked times listed as free, so it may not honour the repeated request and may hold this booking twice: check with the booking service and cancel a second booking there (service, employee, date, time and the customer are shown here).';

/**
 * A booking sent again after its answer was lost, to an upstream later seen keeping booked
 * times free (link/booked-times-watch.ts): the free pre-check proved nothing, and an upstream
 * that ignored the key booked it twice while saying "sent". Staff check it (`unknown`); its
 * answer stays with it.
 */
export function sentAgainToCheck(entry: OutboxEntry, now: number): OutboxPatch | null {
  if (entry.state !== 'sent' || !entry.responseLost) return null;
  return {
    state: 'unknown',
    lastError: { status: null, message: SENT_AGAIN_TO_CHECK },
    updatedAt: now,
  };
}

/** The note a booking waits under after its first "taken" on a re-send (see `takenPauseMs`). */
export const TAKEN_ONCE =
  'The answer to this booking was lost and its re-send was refused as taken: it is sent again after a pause (the first request may still be in progress at the booking service).';

/**
 * A re-send of a booking whose answer was lost, refused as taken: the first such refusal waits
 * `takenPauseMs` and sends again under the same key; a second refusal, or an upstream that is
 * not trusted to keep keys, needs staff (`unknown`).
 */
function lostAndTaken(
  entry: OutboxEntry,
  status: number,
  moment: Moment,
  policy: ReplayPolicy,
): Transition {
  const refusedBefore = entry.lastError?.message === TAKEN_ONCE;
  const pauseMs = policy.takenPauseMs ?? TAKEN_PAUSE_MS;
  const sendAgain =
    (moment.upstreamKeepsKeys ?? true) && !refusedBefore && !moment.appointmentPassed;
  if (sendAgain)
    return {
      patch: {
        state: 'queued',
        lastError: { status, message: TAKEN_ONCE },
        nextAttemptAt: moment.mono + pauseMs,
        updatedAt: moment.now,
      },
      result: { kind: 'retry', afterMs: pauseMs },
      pause: null,
    };
  return {
    patch: {
      state: 'unknown',
      lastError: { status, message: LOST_AND_TAKEN },
      updatedAt: moment.now,
    },
    result: { kind: 'failed' },
    pause: null,
  };
}

export function applyVerdict(
  entry: OutboxEntry,
  verdict: BookingVerdict,
  at: number | Moment,
  random: number,
  policy: ReplayPolicy = DEFAULT_REPLAY_POLICY,
): Transition {
  const moment: Moment =
    typeof at === 'number' ? { now: at, mono: at, appointmentPassed: false } : at;
  const { now, mono, appointmentPassed } = moment;
  const told = moment.waiting ? toldAtOnce(verdict, now, moment.waiting) : null;
  if (told) return told;
  switch (verdict.kind) {
    case 'sent':
      return {
        patch: { state: 'sent', booking: verdict.booking, lastError: null, updatedAt: now },
        result: { kind: 'done' },
        pause: null,
      };
    case 'refused': {
      // A "taken" after an answer we never saw may be our own first request (still in progress
      // at the API, or booked by a remote that ignores the key): lostAndTaken decides between
      // sending again and staff. `ask` (the day's list could not tell) may be taken too.
      if (verdict.taken !== 'no' && entry.responseLost)
        return lostAndTaken(entry, verdict.status, moment, policy);
      // Taken, however the API said it (outcome-table.ts): staff and the customer's e-mail
      // read the one message for it (notify/follow-ups.ts offers the next free times).
      const lastError =
        verdict.taken === 'yes'
          ? { status: verdict.status, message: SLOT_TAKEN_REFUSAL }
          : verdict.error;
      return {
        patch: { state: 'rejected', lastError, updatedAt: now },
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
      const backoff = { ...REPLAY_BACKOFF, ...policy.backoff };
      const afterMs = backoffDelay(entry.attempts, backoff, () => random);
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
    // Stryker disable next-line ConditionalExpression: unreachable, the cases are exhaustive
    default:
      return assertNever(verdict);
  }
}

/** What a refusal does when the customer waits for it; null: the same as on a replay. */
function toldAtOnce(verdict: BookingVerdict, now: number, waiting: Waiting): Transition | null {
  const refused = (lastError: LocalError, reason: ErrorCode, forget: boolean): Transition => ({
    // `toldAtOnce`: the follow-up's store hook opens nothing (the customer heard it now).
    patch: { state: 'rejected', lastError, updatedAt: now, toldAtOnce: true },
    result: { kind: 'failed' },
    pause: verdict.kind === 'auth' ? verdict.error : null,
    told: { reason, forget },
  });
  const fromCache = (refusal: CacheRefusal | null): Transition | null =>
    refusal && refused({ status: null, message: refusal.message }, refusal.reason, true);
  switch (verdict.kind) {
    case 'sent':
      return null;
    case 'refused': {
      // Taken (or gone from the list): back to the time grid, with the one message for it.
      const lastError =
        verdict.taken === 'yes'
          ? { status: verdict.status, message: SLOT_TAKEN_REFUSAL }
          : verdict.error;
      return refused(lastError, refusalCode(verdict.status, verdict.taken), !waiting.keepRefused);
    }
    case 'retry':
      // A lost answer may be a booking the cache cannot tell of (its "any employee" list names
      // one employee per time): it is queued, the customer told `unknown`, unless it is invalid.
      if (verdict.responseLost && waiting.invalid === null) return null;
      return fromCache(waiting.invalid ?? waiting.slotNotFree());
    // No answer: before promising "reserved", the same check as offline (a day not cached is
    // queued unchecked: the API decides on replay).
    case 'auth':
    case 'wait':
    case 'unknown':
      return fromCache(waiting.invalid ?? waiting.slotNotFree());
    // Stryker disable next-line ConditionalExpression: unreachable, the cases are exhaustive
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
