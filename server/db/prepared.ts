/**
 * Prepared drizzle queries, built once per connection. drizzle otherwise builds the SQL text on
 * every call, which cost more than the query itself on the hot paths (auth, rate limit,
 * availability). better-sqlite3 is synchronous, so a statement run on the connection while a
 * `db.transaction()` callback is executing runs inside that transaction.
 */
import type { ServerDb } from './open';

const caches = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: ServerDb, name: string, build: () => T): T {
  let cache = caches.get(db.$client);
  if (!cache) {
    cache = new Map();
    caches.set(db.$client, cache);
  }
  let statement = cache.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build();
    cache.set(name, statement);
  }
  return statement;
}
