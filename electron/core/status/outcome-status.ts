/**
 * The one place that decides what an upstream outcome means for the sync status (STYLE.md §19,
 * Signal's handleCommonJobRequestError): every request's outcome (a customer's lookup, the online
 * booking, the replayer, the mirror and the recovery probe), heard as `upstream.outcome`
 * (status-room.ts), is read by `statusEffect`, which takes the effect's kind from the one table
 * of outcomes (upstream/outcome-table.ts) and adds its payload here. Pure: the tracker applies
 * the effect (`applyStatusEffect`).
 */
import { assertNever } from '../../../shared/result';
import {
  fallbackReason,
  type LocalError,
  type NetworkReason,
  type OutcomePurpose,
  type UpstreamOutcome,
  meaningOf,
} from '../upstream';
import type { SyncStatusTracker } from './sync-status';

export type StatusEffect =
  | { kind: 'none' }
  | { kind: 'success' }
  | { kind: 'network'; reason: NetworkReason }
  | { kind: 'failure'; message: string }
  /** The API refused our key: the status shows it and the queue pauses until staff act. */
  | { kind: 'auth'; error: LocalError };

const NONE: StatusEffect = { kind: 'none' };
const SUCCESS: StatusEffect = { kind: 'success' };

/** The effect the table (outcome-table.ts) gives the outcome for this purpose, with its payload. */
export function statusEffect(
  outcome: UpstreamOutcome<unknown>,
  purpose: OutcomePurpose,
): StatusEffect {
  const effect = meaningOf(outcome).status[purpose.kind];
  switch (effect) {
    case 'none':
      return NONE;
    case 'success':
      return SUCCESS;
    case 'network':
      return {
        kind: 'network',
        reason:
          outcome.kind === 'network'
            ? outcome.reason
            : // Stryker disable next-line StringLiteral: unreachable, the table gives 'network' to network outcomes only
              'other',
      };
    case 'failure':
      return { kind: 'failure', message: failureMessage(outcome, purpose) };
    case 'auth':
      return {
        kind: 'auth',
        error:
          // Stryker disable next-line ConditionalExpression: only an HTTP 401/403 refuses the key, never another outcome
          outcome.kind === 'http'
            ? { status: outcome.status, message: outcome.message }
            : // Stryker disable next-line ObjectLiteral,StringLiteral: unreachable, only an HTTP 401/403 refuses the key
              { status: null, message: 'key refused' },
      };
    // Stryker disable next-line ConditionalExpression: the exhaustive switch's assertNever
    default:
      return assertNever(effect);
  }
}

/** What staff read in the status's last error. */
function failureMessage(outcome: UpstreamOutcome<unknown>, purpose: OutcomePurpose): string {
  // An answer that is no data (issue 18): the API did answer, so staff read that it answered
  // something unexpected, with the operation and the field, never that it cannot be reached.
  if (outcome.kind === 'invalidBody')
    return outcome.problem
      ? `The booking service answered something unexpected (${outcome.problem.operation}: ${outcome.problem.field})`
      : 'The booking service answered something unexpected';
  if (purpose.kind !== 'background') return `live lookup failed (${fallbackReason(outcome)})`;
  // A background failure is an HTTP status (the table gives it to statuses and bodies only).
  const why = outcome.kind === 'http' ? `HTTP ${outcome.status}` : fallbackReason(outcome);
  return `${purpose.what} failed (${why})`;
}

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
    // Stryker disable next-line ConditionalExpression: the exhaustive switch's assertNever
    default:
      // Stryker disable next-line CallExpression: the exhaustive switch's assertNever
      assertNever(effect);
  }
}

/** Tells the tracker what an outcome means; returns the effect. */
export type NoteOutcome = (
  outcome: UpstreamOutcome<unknown>,
  purpose: OutcomePurpose,
) => StatusEffect;

export function createOutcomeNotes(
  status: SyncStatusTracker,
  now: () => number,
  /** The API refused our key (the composition pauses the queue on `upstream.keyRefused`). */
  onKeyRefused: () => void,
  /**
   * An answer came with the key the API had refused (fixed upstream, or a lookup or the
   * watch's probe heard it work): the composition resumes the queue (`upstream.keyAccepted`).
   */
  onKeyAccepted: () => void,
): NoteOutcome {
  return (outcome, purpose) => {
    const effect = statusEffect(outcome, purpose);
    const wasPaused = status.paused;
    applyStatusEffect(status, effect, now());
    if (effect.kind === 'auth') onKeyRefused();
    else if (wasPaused && !status.paused) onKeyAccepted();
    return effect;
  };
}
