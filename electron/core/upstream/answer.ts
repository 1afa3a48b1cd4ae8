/**
 * What one upstream request came to, as the client reports it (types only): outcome-table.ts
 * says what each kind of answer means, outcome.ts builds the verdicts from that.
 */
import type { AnswerProblem } from '../../../shared/api/answer-checks';

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

/**
 * Who asked, which decides how much an answer says about the upstream as a whole (the table's
 * `status` column, outcome-table.ts; status/outcome-status.ts adds the payloads).
 */
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

/** The domain events of the upstream room (platform/domain-events.ts). */
export interface UpstreamEvents {
  /** Every answer's headers, errors included (clock skew, rate limit, back online, metrics). */
  'upstream.answered': AnswerMeta;
  /**
   * What a request came to, from the room that made it (a lookup, the send path, the mirror,
   * the probe): the status room notes what it means (status/status-room.ts).
   */
  'upstream.outcome': { outcome: UpstreamOutcome<unknown>; purpose: OutcomePurpose };
}
