/**
 * The one table of what an upstream outcome means (STYLE.md §19, Signal's
 * handleCommonJobRequestError): for a booking (its verdict), for a lookup, for the sync status
 * per purpose, for the mirror's next refresh, what the customer hears when it refuses their
 * request, and which HTTP statuses are the class and how the client reads their body. outcome.ts
 * builds the verdicts from it, outcome-status.ts the status effects, the client (client.ts) reads
 * an answer by it, the mirror waits by it, the send path and the online booking read `taken`
 * from it: a new class of outcome (a `moved` for 3xx, say) is one row, compilation fails until
 * every column says what it means, and no caller decides for itself.
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

/**
 * The HTTP statuses that are a class: single codes, and ranges [from, to]. A code one row names
 * wins over another row's range (408 is a server fault within the 4xx); a status no row names is
 * no answer at all (NO_ANSWER).
 */
export type StatusMatch = number | readonly [from: number, to: number];

/**
 * How the client reads an answer with a status of the class: `data`: the operation's response
 * schema; `retryAfter`: the rate limit's Retry-After (body and header); `error`: the error
 * envelope's message. null: the class is no HTTP status (it names none).
 */
export type AnswerBody = 'data' | 'retryAfter' | 'error' | null;

/**
 * What the mirror does after a background refresh came to the class: `next`: its next refresh
 * at once; `offline`: waits out its offline backoff; `wait`: waits what the answer or the budget
 * says; `failed`: that list rests a failure's pause; `refused`: that list rests until it is
 * idle-old (the API refused it); `keyRefused`: waits a minute (staff must act).
 */
export type RefreshEffect = 'next' | 'offline' | 'wait' | 'failed' | 'refused' | 'keyRefused';

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
  refresh: RefreshEffect;
  statuses: readonly StatusMatch[];
  answer: AnswerBody;
}

/** A 4xx that is the request's own fault: the API did answer (booking: it is online). */
const CLIENT_ERROR_STATUS: OutcomeMeaning['status'] = {
  lookup: 'none', // the lookup's caller hears it; the API is fine
  booking: 'success',
  replay: 'none',
  background: 'failure',
};

const refusal = (
  taken: TakenHint,
  customer: ErrorCode,
  statuses: readonly StatusMatch[],
): OutcomeMeaning => ({
  booking: 'refused',
  responseLost: false,
  taken,
  lookup: 'client',
  status: CLIENT_ERROR_STATUS,
  customer,
  apiWorks: true,
  refresh: 'refused',
  statuses,
  answer: 'error',
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

/** No HTTP status is the class: the request never had an answer, or its body is the problem. */
const NO_STATUS = { statuses: [], answer: null } as const;

const retry = (
  responseLost: boolean,
  status: OutcomeMeaning['status'],
  refresh: RefreshEffect,
  http: Pick<OutcomeMeaning, 'statuses' | 'answer'> = NO_STATUS,
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
  refresh,
  ...http,
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
    refresh: 'next',
    statuses: [[200, 299]],
    answer: 'data',
  },
  keyRefused: {
    booking: 'auth',
    responseLost: false,
    taken: 'no',
    lookup: 'auth',
    status: { lookup: 'auth', booking: 'auth', replay: 'auth', background: 'auth' },
    customer: null,
    apiWorks: true, // the API works; the key is wrong (the status says so on its own)
    refresh: 'keyRefused',
    statuses: [401, 403],
    answer: 'error',
  },
  conflict: refusal('yes', 'slot_taken', [409]),
  notFound: refusal('ask', 'not_found', [404]),
  badRequest: refusal('ask', 'invalid_request', [400, 422]),
  otherClientError: refusal('no', 'invalid_request', [[400, 499]]),
  serverFault: retry(
    false,
    {
      lookup: 'failure',
      booking: 'none', // 5xx says nothing about whether the API works
      replay: 'none',
      background: 'failure',
    },
    'failed',
    // 1xx and 3xx are no answer the API gives (the spec has none): a fault like a 5xx.
    { statuses: [408, [100, 199], [300, 399], [500, 599]], answer: 'error' },
  ),
  // A 429 is the API working as agreed.
  rateLimited: retry(
    false,
    WAIT_STATUS,
    'wait',
    { statuses: [429], answer: 'retryAfter' },
    'wait',
    true,
  ),
  budgetSpent: retry(false, WAIT_STATUS, 'wait', NO_STATUS, 'wait', true), // never sent: the API was not asked
  notSent: retry(false, NETWORK_STATUS, 'offline'),
  answerLost: retry(true, NETWORK_STATUS, 'offline'),
  unreadableError: retry(false, UNREADABLE_STATUS, 'failed'),
  unreadableSuccess: retry(true, UNREADABLE_STATUS, 'failed'),
};

/** The class of a status no row names (below 100, above 599): no answer at all. */
const NO_ANSWER: OutcomeClass = 'serverFault';

const CLASSES = Object.keys(OUTCOME_TABLE) as OutcomeClass[];

function namedBy(status: number, exact: boolean): OutcomeClass | undefined {
  return CLASSES.find((cls) =>
    OUTCOME_TABLE[cls].statuses.some((match) =>
      typeof match === 'number'
        ? exact && match === status
        : !exact && match[0] <= status && status <= match[1],
    ),
  );
}

/**
 * The class of an HTTP answer by its status alone, from the table's `statuses`: the client reads
 * the answer by it, the sync status judges every answer by it, and a stored refusal's status
 * means what it says here.
 */
export function answerClass(status: number): OutcomeClass {
  return namedBy(status, true) ?? namedBy(status, false) ?? NO_ANSWER;
}

export function outcomeClass(outcome: UpstreamOutcome<unknown>): OutcomeClass {
  switch (outcome.kind) {
    case 'ok':
      return 'ok';
    case 'http':
      return answerClass(outcome.status);
    case 'rateLimited':
      return 'rateLimited';
    case 'throttled':
      return 'budgetSpent';
    case 'network':
      return outcome.reason === 'connect' ? 'notSent' : 'answerLost';
    case 'invalidBody':
      // A body read as data that was none: a booking may have been created.
      return OUTCOME_TABLE[answerClass(outcome.status)].answer === 'data'
        ? 'unreadableSuccess'
        : 'unreadableError';
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
  return OUTCOME_TABLE[answerClass(status)].customer ?? 'invalid_request';
}

/**
 * Whether a refused booking's stored error says its time was taken: the one message for it
 * (transitions.ts), or a status that always means taken (stored before that message existed).
 */
export function refusedAsTaken(error: LocalError | null): boolean {
  if (error === null) return false;
  if (error.message === SLOT_TAKEN_REFUSAL) return true;
  return error.status !== null && OUTCOME_TABLE[answerClass(error.status)].taken === 'yes';
}
