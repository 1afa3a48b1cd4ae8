/**
 * API keys, stored only as SHA-256 hashes. A presented key is hashed and compared with every
 * active hash in constant time, so the comparison leaks nothing about how much of a hash matched.
 */
import { hash, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import type { Queryable, ServerDb } from './open';
import { prepared } from './prepared';
import { apiKeys } from './schema';

export type KeyScope = 'read' | 'book';
export interface ApiKeyIdentity {
  id: string;
  scope: KeyScope;
}

// One-shot crypto.hash: createHash().update().digest() cost ~2 % of a read request.
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** Stores the key's hash with its scope; a known key gets the new scope and is un-revoked. */
export function upsertApiKey(db: Queryable, key: string, scope: KeyScope, now: number): void {
  db.insert(apiKeys)
    .values({ id: randomUUID(), keyHash: hashKey(key), scope, createdAt: now })
    .onConflictDoUpdate({ target: apiKeys.keyHash, set: { scope, revokedAt: null } })
    .run();
}

export function revokeApiKey(db: Queryable, key: string, now: number): void {
  db.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.keyHash, hashKey(key))).run();
}

/** The active key matching `key`, or undefined. */
export function findActiveKey(db: ServerDb, key: string): ApiKeyIdentity | undefined {
  const presented = hash('sha256', key, 'buffer');
  const rows = prepared(db, 'activeKeys', () =>
    db.select({ id: apiKeys.id, keyHash: apiKeys.keyHash, scope: apiKeys.scope }).from(apiKeys).where(isNull(apiKeys.revokedAt)).prepare(),
  ).all();
  let found: ApiKeyIdentity | undefined;
  for (const row of rows) {
    const stored = Buffer.from(row.keyHash, 'hex');
    // Every row is compared (no early exit) so timing does not depend on the match position.
    if (stored.length === presented.length && timingSafeEqual(stored, presented)) {
      found = { id: row.id, scope: row.scope };
    }
  }
  return found;
}
