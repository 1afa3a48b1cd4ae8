/**
 * Idempotency-Key records per API key (decisions.md): a key is claimed as `in_flight` before any
 * work and completed with the response, which later requests with the same key and body replay.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { Queryable } from './open';
import { idempotencyRecords } from './schema';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'in_flight' }
  | { kind: 'mismatch' }
  | { kind: 'replay'; statusCode: number; response: string };

function whereKey(apiKeyId: string, key: string) {
  return and(eq(idempotencyRecords.apiKeyId, apiKeyId), eq(idempotencyRecords.key, key));
}

/** Claims the key, or says why not. Call inside a transaction so the check and claim are atomic. */
export function claimIdempotencyKey(
  db: Queryable,
  apiKeyId: string,
  key: string,
  bodyHash: string,
  now: number,
): IdempotencyClaim {
  const row = db.select().from(idempotencyRecords).where(whereKey(apiKeyId, key)).get();
  if (row && row.createdAt > now - IDEMPOTENCY_TTL_MS) {
    if (row.state === 'in_flight') return { kind: 'in_flight' };
    if (row.bodyHash !== bodyHash) return { kind: 'mismatch' };
    return { kind: 'replay', statusCode: row.statusCode ?? 200, response: row.response ?? '{}' };
  }
  // Expired records of every key go too, so the table holds about one day of keys.
  db.delete(idempotencyRecords).where(lte(idempotencyRecords.createdAt, now - IDEMPOTENCY_TTL_MS)).run();
  if (row) db.delete(idempotencyRecords).where(whereKey(apiKeyId, key)).run();
  db.insert(idempotencyRecords).values({ apiKeyId, key, bodyHash, state: 'in_flight', createdAt: now }).run();
  return { kind: 'claimed' };
}

export function completeIdempotencyKey(db: Queryable, apiKeyId: string, key: string, statusCode: number, response: string): void {
  db.update(idempotencyRecords).set({ state: 'done', statusCode, response }).where(whereKey(apiKeyId, key)).run();
}

/** Forgets a claim whose request failed unexpectedly, so that a retry is processed afresh. */
export function releaseIdempotencyKey(db: Queryable, apiKeyId: string, key: string): void {
  db.delete(idempotencyRecords).where(whereKey(apiKeyId, key)).run();
}
