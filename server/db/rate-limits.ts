/** Storage of the per-key rate-limit counters (one row per key and window kind). */
import { eq, sql } from 'drizzle-orm';
import type { ServerDb } from './open';
import { prepared } from './prepared';
import { rateLimitCounters } from './schema';

export type WindowKind = 'minute' | 'day';

/** Requests allowed per key in each window (decision logic: server/http/rate-limiter.ts). */
export interface RateLimits {
  perMinute: number;
  perDay: number;
}

export interface RateCounterRow {
  apiKeyId: string;
  window: WindowKind;
  windowStart: number;
  count: number;
}

export function loadRateCounters(db: ServerDb, apiKeyId: string): RateCounterRow[] {
  return prepared(db, 'rateCounters', () =>
    db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.apiKeyId, sql.placeholder('apiKeyId')))
      .prepare(),
  ).all({ apiKeyId });
}

/** Writes the given counters in one transaction. */
export function saveRateCounters(db: ServerDb, rows: RateCounterRow[]): void {
  const upsert = prepared(db, 'rateUpsert', () =>
    db
      .insert(rateLimitCounters)
      .values({
        apiKeyId: sql.placeholder('apiKeyId'),
        window: sql.placeholder('window'),
        windowStart: sql.placeholder('windowStart'),
        count: sql.placeholder('count'),
      })
      .onConflictDoUpdate({
        target: [rateLimitCounters.apiKeyId, rateLimitCounters.window],
        set: { windowStart: sql`excluded.window_start`, count: sql`excluded.count` },
      })
      .prepare(),
  );
  db.transaction(() => {
    for (const row of rows) upsert.run({ ...row });
  });
}
