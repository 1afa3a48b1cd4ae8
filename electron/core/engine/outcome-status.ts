/**
 * The one place that decides what an upstream outcome means for the sync status (STYLE.md §19,
 * Signal's handleCommonJobRequestError): every caller (a customer's lookup, the online booking,
 * the replayer, the mirror and the recovery probe) asks `statusEffect`, so a new outcome kind or
 * status code is taught here once. Pure: the tracker applies the effect (`applyStatusEffect`).
 */
import type { AnswerProblem } from '../../../shared/api/answer-checks';
import { assertNever } from '../../../shared/result';
import type { LocalError, NetworkReason, UpstreamOutcome } from '../upstream/outcome';
import type { SyncStatusTracker } from './sync-status';

/** Who asked, which decides how much an answer says about the upstream as a whole. */
export type OutcomePurpose =
  /** A customer's live lookup: anything but live data or a client error is a failure to show. */
  | { kind: 'lookup' }
  /** The online booking: a clean refusal is an answer (the API works); 5xx and 429 say nothing. */
  | { kind: 'booking' }
  /**
   * A queued booking sent again: only a refused key reaches the status. Its answers already
   * mark the API online (the client's onAnswer); being offline is the recovery probe's call.
   */
  | { kind: 'replay' }
  /** The mirror's refresh or the recovery probe: `what` names it in the status's last error. */
  | { kind: 'background'; what: string };

export type StatusEffect =
  | { kind: 'none' }
  | { kind: 'success' }
  | { kind: 'network'; reason: NetworkReason }
  | { kind: 'failure'; message: string }
  /** The API refused our key: the status shows it and the queue pauses until staff act. */
  | { kind: 'auth'; error: LocalError };

const NONE: StatusEffect = { kind: 'none' };
const SUCCESS: StatusEffect = { kind: 'success' };

/** 4xx that is the request's own fault (not the key's, not a timeout): the API did answer. */
const isClientError = (status: number): boolean => status >= 400 && status < 500 && status !== 408;

export function statusEffect(
  outcome: UpstreamOutcome<unknown>,
  purpose: OutcomePurpose,
): StatusEffect {
  switch (outcome.kind) {
    case 'ok':
      return purpose.kind === 'replay' ? NONE : SUCCESS;
    case 'network':
      return purpose.kind === 'replay' ? NONE : { kind: 'network', reason: outcome.reason };
    case 'http':
      if (outcome.status === 401 || outcome.status === 403) {
        return { kind: 'auth', error: { status: outcome.status, message: outcome.message } };
      }
      return httpEffect(outcome.status, purpose);
    case 'invalidBody':
      return unexpectedAnswer(outcome.problem, purpose);
    // Waiting for a budget is no failure of the API, except that a customer's lookup missed it.
    case 'rateLimited':
      return purpose.kind === 'lookup' ? lookupFailure('rate limited') : NONE;
    case 'throttled':
      return purpose.kind === 'lookup' ? lookupFailure('rate budget') : NONE;
    default:
      return assertNever(outcome);
  }
}

/** An HTTP error other than a refused key. */
function httpEffect(status: number, purpose: OutcomePurpose): StatusEffect {
  switch (purpose.kind) {
    case 'lookup':
      // A client error is the lookup's own (its caller hears it); the API is fine.
      return isClientError(status) ? NONE : lookupFailure(`http ${status}`);
    case 'booking':
      return isClientError(status) ? SUCCESS : NONE;
    case 'replay':
      return NONE;
    case 'background':
      return { kind: 'failure', message: `${purpose.what} failed (HTTP ${status})` };
    default:
      return assertNever(purpose);
  }
}

/**
 * An answer that is no data (issue 18): the API did answer, so staff read that it answered
 * something unexpected, with the operation and the field, never that it cannot be reached.
 */
function unexpectedAnswer(
  problem: AnswerProblem | undefined,
  purpose: OutcomePurpose,
): StatusEffect {
  switch (purpose.kind) {
    case 'lookup':
    case 'background':
      return {
        kind: 'failure',
        message: problem
          ? `The booking service answered something unexpected (${problem.operation}: ${problem.field})`
          : 'The booking service answered something unexpected',
      };
    case 'booking':
    case 'replay':
      return NONE;
    default:
      return assertNever(purpose);
  }
}

const lookupFailure = (reason: string): StatusEffect => ({
  kind: 'failure',
  message: `live lookup failed (${reason})`,
});

/** Applies an effect to the tracker; `now` is when the outcome arrived. */
export function applyStatusEffect(
  status: SyncStatusTracker,
  effect: StatusEffect,
  now: number,
): void {
  switch (effect.kind) {
    case 'none':
      return;
    case 'success':
      status.onSuccess(now);
      return;
    case 'network':
      status.onNetworkFailure(now, effect.reason);
      return;
    case 'failure':
      status.onFailure(effect.message);
      return;
    case 'auth':
      status.onAuthError(effect.error);
      return;
    default:
      assertNever(effect);
  }
}

/** Tells the tracker what an outcome means; returns the effect (callers pause on `auth`). */
export type NoteOutcome = (
  outcome: UpstreamOutcome<unknown>,
  purpose: OutcomePurpose,
) => StatusEffect;

export function createOutcomeNotes(status: SyncStatusTracker, now: () => number): NoteOutcome {
  return (outcome, purpose) => {
    const effect = statusEffect(outcome, purpose);
    applyStatusEffect(status, effect, now());
    return effect;
  };
}

/**
 * What a background request (mirror refresh, recovery probe) says about the upstream: noted,
 * the queue paused on a refused key, and the status announced.
 */
export function backgroundNotes(deps: {
  noteOutcome: NoteOutcome;
  pauseQueue: () => void;
  emitStatus: () => void;
}): (what: string) => (outcome: UpstreamOutcome<unknown>) => void {
  return (what) => (outcome) => {
    if (deps.noteOutcome(outcome, { kind: 'background', what }).kind === 'auth') deps.pauseQueue();
    deps.emitStatus();
  };
}
