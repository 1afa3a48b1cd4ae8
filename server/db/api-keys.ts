/**
 * API keys, stored only as SHA-256 hashes. A presented key is hashed and compared with every
 * active hash in constant time, so the comparison leaks nothing about how much of a hash matched.
 */
import { hash, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { dataVersion } from './data-version';
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

interface ActiveKey {
  identity: ApiKeyIdentity;
  hash: Buffer;
}
interface KeyCache {
  dataVersion: number;
  localVersion: number;
  keys: readonly ActiveKey[];
}
/**
 * The active keys, kept per connection: reading them was the largest cost of authentication.
 * Dropped when another connection commits (data_version) or when this module wrote keys on
 * any connection of this process (keyWrites). Never kept from inside a transaction, which
 * might still roll back.
 */
let keyWrites = 0;
const keyCaches = new WeakMap<object, KeyCache>();

function keysChanged(): void {
  keyWrites += 1;
}

/** Stores the key's hash with its scope; a known key gets the new scope and is un-revoked. */
export function upsertApiKey(db: Queryable, key: string, scope: KeyScope, now: number): void {
  db.insert(apiKeys)
    .values({ id: randomUUID(), keyHash: hashKey(key), scope, createdAt: now })
    .onConflictDoUpdate({ target: apiKeys.keyHash, set: { scope, revokedAt: null } })
    .run();
  keysChanged();
}

export function revokeApiKey(db: Queryable, key: string, now: number): void {
  db.update(apiKeys)
    .set({ revokedAt: now })
    .where(eq(apiKeys.keyHash, hashKey(key)))
    .run();
  keysChanged();
}

function activeKeys(db: ServerDb): readonly ActiveKey[] {
  const version = dataVersion(db);
  const cached = keyCaches.get(db.$client);
  if (cached !== undefined && cached.dataVersion === version && cached.localVersion === keyWrites)
    return cached.keys;
  const rows = prepared(db, 'activeKeys', () =>
    db
      .select({ id: apiKeys.id, keyHash: apiKeys.keyHash, scope: apiKeys.scope })
      .from(apiKeys)
      .where(isNull(apiKeys.revokedAt))
      .prepare(),
  ).all();
  const keys = rows.map((row) => ({
    identity: Object.freeze({ id: row.id, scope: row.scope }),
    hash: Buffer.from(row.keyHash, 'hex'),
  }));
  if (!db.$client.inTransaction)
    keyCaches.set(db.$client, { dataVersion: version, localVersion: keyWrites, keys });
  return keys;
}

/** The active key matching `key`, or undefined. */
export function findActiveKey(db: ServerDb, key: string): ApiKeyIdentity | undefined {
  const presented = hash('sha256', key, 'buffer');
  let found: ApiKeyIdentity | undefined;
  for (const { identity, hash: stored } of activeKeys(db)) {
    // Every key is compared (no early exit) so timing does not depend on the match position.
    if (stored.length === presented.length && timingSafeEqual(stored, presented)) found = identity;
  }
  return found;
}
