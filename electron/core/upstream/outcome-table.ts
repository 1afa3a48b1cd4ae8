/**
 * The one table of what an upstream outcome means (STYLE.md §19, Signal's
 * handleCommonJobRequestError): for a booking (its verdict), for a lookup, for the sync status
 * per purpose, and what the customer hears when it refuses their request. outcome.ts builds the
 * verdicts from it, outcome-status.ts the status effects, the send path and the online booking
 * read `taken` from it: a new class of outcome fails compilation until every column says what
 * it means, and no caller decides for itself.
 */
import { SLOT_TAKEN_REFUSAL } from '../../../shared/kiosk-data';
import type { ErrorCode } from '../../../shared/result';
import { assertNever } from '../../../shared/result';
import type { LocalError, OutcomePurpose, UpstreamOutcome } from './answer';

/** Every distinct thing an upstream request can come to, before who asked matters. */
export type OutcomeClass =
  | 'ok'
  /** 401, 403: our key is refused. */
  | 'keyRefused'
  /** 409: the reference's answer to a slot that is taken now (decisions.md). */
  | 'conflict'
  /** 404: an unknown id, or (a remote's choice, issue 18) a slot that is taken now. */
  | 'notFound'
  /** 400, 422: a malformed or unbookable request, or (a remote's choice) a slot taken now. */
  | 'badRequest'
  /** Any other 4xx but 408 (413, 410...): the request's own fault. */
  | 'otherClientError'
  /** 5xx, 408, and statuses that are no answer at all (1xx, 3xx, a 2xx without its envelope). */
  | 'serverFault'
  /** 429 from the API. */
  | 'rateLimited'
  /** Our governor held the request back: the rate budget is spent. */
  | 'budgetSpent'
  /** The request never left (refused connection, connect timeout, DNS). */
  | 'notSent'
  /** Timeout or reset: it may have been received, the answer is lost. */
  | 'answerLost'
  /** An error status whose body is no envelope. */
  | 'unreadableError'
  /** A success whose body we cannot read: a booking may have been created. */
  | 'unreadableSuccess';

/** Who asked, which decides how much an answer says about the upstream (answer.ts). */
export type OutcomePurposeKind = OutcomePurpose['kind'];

/** Status effects without their payloads (outcome-status.ts fills them in). */
export type StatusEffectKind = 'none' | 'success' | 'network' | 'failure' | 'auth';

/**
 * Whether a refusal means the slot is taken: `yes`; `no`; `ask`: the spec does not say which
 * status a taken slot gets, so the day's list decides (a time taken, or gone from the list,
 * is taken: send.ts asks it, for the online booking and the replay alike).
 */
export type TakenHint = 'yes' | 'no' | 'ask';

export interface OutcomeMeaning {
  /** The booking verdict's kind (outcome.ts adds the payload; `unknown` is the send path's). */
  booking: 'sent' | 'retry' | 'refused' | 'auth' | 'wait';
  /** Of a `retry`: whether the remote may have acted on the request. */
  responseLost: boolean;
  taken: TakenHint;
  lookup: 'live' | 'fallback' | 'auth' | 'client';
  status: Record<OutcomePurposeKind, StatusEffectKind>;
  /**
   * What the customer hears when it refuses their booking or lookup (null: it refuses nothing:
   * the booking is queued, the lookup falls back to the cache). A refusal found to mean "taken"
   * is `slot_taken` instead: back to the time grid, "someone has just booked that time".
   */
  customer: ErrorCode | null;
  /**
   * Of an answer with an HTTP status: whether it shows the API works (the status goes online).
   * A 5xx came from the host but says the API has problems; classes without an answer say no.
   */
  apiWorks: boolean;
}

/** A 4xx that is the request's own fault: the API did answer (booking: it is online). */
const CLIENT_ERROR_STATUS: OutcomeMeaning['status'] = {
  lookup: 'none', // the lookup's caller hears it; the API is fine
  booking: 'success',
  replay: 'none',
  background: 'failure',
};

const refusal = (taken: TakenHint, customer: ErrorCode): OutcomeMeaning => ({
  booking: 'refused',
  responseLost: false,
  taken,
  lookup: 'client',
  status: CLIENT_ERROR_STATUS,
  customer,
  apiWorks: true,
});

/** No answer from the network: the status goes offline, except on a replay (the probe's call). */
const NETWORK_STATUS: OutcomeMeaning['status'] = {
  lookup: 'network',
  booking: 'network',
  replay: 'none',
  background: 'network',
};

/** An answer that is no data (issue 18): staff read "answered something unexpected". */
const UNREADABLE_STATUS: OutcomeMeaning['status'] = {
  lookup: 'failure',
  booking: 'none',
  replay: 'none',
  background: 'failure',
};

/** Waiting for a budget is no failure of the API, except that a customer's lookup missed it. */
const WAIT_STATUS: OutcomeMeaning['status'] = {
  lookup: 'failure',
  booking: 'none',
  replay: 'none',
  background: 'none',
};

const retry = (
  responseLost: boolean,
  status: OutcomeMeaning['status'],
  booking: 'retry' | 'wait' = 'retry',
  apiWorks = false,
): OutcomeMeaning => ({
  booking,
  responseLost,
  taken: 'no',
  lookup: 'fallback',
  status,
  customer: null,
  apiWorks,
});

export const OUTCOME_TABLE: Readonly<Record<OutcomeClass, OutcomeMeaning>> = {
  ok: {
    booking: 'sent',
    responseLost: false,
    taken: 'no',
    lookup: 'live',
    status: { lookup: 'success', booking: 'success', replay: 'none', background: 'success' },
    customer: null,
    apiWorks: true,
  },
  keyRefused: {
    booking: 'auth',
    responseLost: false,
    taken: 'no',
    lookup: 'auth',
    status: { lookup: 'auth', booking: 'auth', replay: 'auth', background: 'auth' },
    customer: null,
    apiWorks: true, // the API works; the key is wrong (the status says so on its own)
  },
  conflict: refusal('yes', 'slot_taken'),
  notFound: refusal('ask', 'not_found'),
  badRequest: refusal('ask', 'invalid_request'),
  otherClientError: refusal('no', 'invalid_request'),
  serverFault: retry(false, {
    lookup: 'failure',
    booking: 'none', // 5xx says nothing about whether the API works
    replay: 'none',
    background: 'failure',
  }),
  rateLimited: retry(false, WAIT_STATUS, 'wait', true), // a 429 is the API working as agreed
  budgetSpent: retry(false, WAIT_STATUS, 'wait', true), // never sent: the API was not asked
  notSent: retry(false, NETWORK_STATUS),
  answerLost: retry(true, NETWORK_STATUS),
  unreadableError: retry(false, UNREADABLE_STATUS),
  unreadableSuccess: retry(true, UNREADABLE_STATUS),
};

/** The class of an HTTP status that came as an error (the client turns a 429 into `rateLimited`). */
export function statusClass(status: number): OutcomeClass {
  if (status === 401 || status === 403) return 'keyRefused';
  if (status === 409) return 'conflict';
  if (status === 404) return 'notFound';
  if (status === 400 || status === 422) return 'badRequest';
  if (status >= 400 && status < 500 && status !== 408) return 'otherClientError';
  return 'serverFault';
}

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** The class of any HTTP answer by its status alone (the sync status reads it per answer). */
export function answerClass(status: number): OutcomeClass {
  if (isSuccess(status)) return 'ok';
  if (status === 429) return 'rateLimited';
  return statusClass(status);
}

export function outcomeClass(outcome: UpstreamOutcome<unknown>): OutcomeClass {
  switch (outcome.kind) {
    case 'ok':
      return 'ok';
    case 'http':
      return statusClass(outcome.status);
    case 'rateLimited':
      return 'rateLimited';
    case 'throttled':
      return 'budgetSpent';
    case 'network':
      return outcome.reason === 'connect' ? 'notSent' : 'answerLost';
    case 'invalidBody':
      return isSuccess(outcome.status) ? 'unreadableSuccess' : 'unreadableError';
    // Stryker disable next-line ConditionalExpression: unreachable, the cases are exhaustive
    default:
      return assertNever(outcome);
  }
}

export const meaningOf = (outcome: UpstreamOutcome<unknown>): OutcomeMeaning =>
  OUTCOME_TABLE[outcomeClass(outcome)];

/** What the customer hears of a refusal with this status: taken, or the table's own code. */
export function refusalCode(status: number, taken: TakenHint): ErrorCode {
  if (taken === 'yes') return 'slot_taken';
  return OUTCOME_TABLE[statusClass(status)].customer ?? 'invalid_request';
}

/**
 * Whether a refused booking's stored error says its time was taken: the one message for it
 * (transitions.ts), or a status that always means taken (stored before that message existed).
 */
export function refusedAsTaken(error: LocalError | null): boolean {
  if (error === null) return false;
  if (error.message === SLOT_TAKEN_REFUSAL) return true;
  return error.status !== null && OUTCOME_TABLE[statusClass(error.status)].taken === 'yes';
}
