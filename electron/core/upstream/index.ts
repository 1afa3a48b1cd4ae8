/**
 * The Public Booking API client (undici) and what each of its answers means (outcome-table.ts).
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { createUpstreamClient } from './client';
export type { CallOptions, UpstreamClient } from './client';
export { classifyBookingOutcome, classifyLookupOutcome, fallbackReason, waitMs } from './outcome';
export type {
  AnswerMeta,
  BookingVerdict,
  LocalError,
  NetworkReason,
  OutcomePurpose,
  UpstreamOutcome,
} from './outcome';
export {
  answerClass,
  meaningOf,
  OUTCOME_TABLE,
  refusalCode,
  refusedAsTaken,
} from './outcome-table';
export { tcpReachability } from './reachability';
export type { ReachabilityCheck } from './reachability';
export type { UpstreamEvents } from './answer';
