/**
 * Idempotency-Key records per API key (decisions.md). A request's record is written `done`, with
 * the response a later identical request replays, in the SAME transaction as the booking it made:
 * a crash can therefore never leave a committed booking behind a key that is not replayable.
 * `in_flight` rows are only written by older versions of this server (which claimed the key
 * before the work); one older than IN_FLIGHT_LEASE_MS is treated as abandoned by a crash.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { Queryable } from './open';
import { idempotencyRecords } from './schema';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** No request holds a key this long: the booking and its record commit in one short transaction. */
export const IN_FLIGHT_LEASE_MS = 30 * 1000;

export type IdempotencyLookup =
  | { kind: 'absent' }
  | { kind: 'in_flight' }
  | { kind: 'mismatch' }
  | { kind: 'replay'; statusCode: number; response: string };

function whereKey(apiKeyId: string, key: string) {
  return and(eq(idempotencyRecords.apiKeyId, apiKeyId), eq(idempotencyRecords.key, key));
}

/**
 * What a request with this key must answer, or `absent` if it is to be processed. Expired and
 * abandoned records are deleted on the way. Call inside the transaction that will also record
 * the response, so that the check and the record are atomic.
 */
export function lookupIdempotencyKey(
  db: Queryable,
  apiKeyId: string,
  key: string,
  bodyHash: string,
  now: number,
): IdempotencyLookup {
  const row = db.select().from(idempotencyRecords).where(whereKey(apiKeyId, key)).get();
  const live =
    row !== undefined &&
    row.createdAt > now - IDEMPOTENCY_TTL_MS &&
    (row.state === 'done' || row.createdAt > now - IN_FLIGHT_LEASE_MS);
  if (row && live) {
    if (row.state === 'in_flight') return { kind: 'in_flight' };
    if (row.bodyHash !== bodyHash) return { kind: 'mismatch' };
    return { kind: 'replay', statusCode: row.statusCode ?? 200, response: row.response ?? '{}' };
  }
  // Expired records of every key go too, so the table holds about one day of keys.
  db.delete(idempotencyRecords)
    .where(lte(idempotencyRecords.createdAt, now - IDEMPOTENCY_TTL_MS))
    .run();
  if (row) db.delete(idempotencyRecords).where(whereKey(apiKeyId, key)).run();
  return { kind: 'absent' };
}

/** Records the final response of a request processed after `lookupIdempotencyKey` said `absent`. */
export function recordIdempotentResponse(
  db: Queryable,
  record: {
    apiKeyId: string;
    key: string;
    bodyHash: string;
    statusCode: number;
    response: string;
    now: number;
  },
): void {
  const { apiKeyId, key, bodyHash, statusCode, response, now } = record;
  db.insert(idempotencyRecords)
    .values({ apiKeyId, key, bodyHash, state: 'done', statusCode, response, createdAt: now })
    .run();
}

/** Replaces the stored response (the same request's, with what became known later). */
export function updateIdempotentResponse(
  db: Queryable,
  apiKeyId: string,
  key: string,
  response: string,
): void {
  db.update(idempotencyRecords).set({ response }).where(whereKey(apiKeyId, key)).run();
}
