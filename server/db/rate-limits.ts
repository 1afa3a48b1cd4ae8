/**
 * Per-key rate limits in two FIXED windows: the clock minute and the UTC calendar day. Counters
 * live in SQLite so that a restart does not reset the day. A refused request (429) is not counted.
 */
import { eq, sql } from 'drizzle-orm';
import type { ServerDb } from './open';
import { prepared } from './prepared';
import { rateLimitCounters } from './schema';

export interface RateLimits {
  perMinute: number;
  perDay: number;
}

type WindowKind = 'minute' | 'day';
const WINDOW_MS: Record<WindowKind, number> = { minute: 60_000, day: 86_400_000 };

export interface RateDecision {
  allowed: boolean;
  /** The window with the fewest requests left: what the X-RateLimit-* headers describe. */
  limit: number;
  remaining: number;
  /** Unix seconds at which that window resets. */
  resetSeconds: number;
  /** Whole seconds (>= 1) until the request may be retried; only when refused. */
  retryAfterSeconds: number;
}

interface WindowState {
  kind: WindowKind;
  start: number;
  used: number;
  limit: number;
}

function windowEnd(w: WindowState): number {
  return w.start + WINDOW_MS[w.kind];
}

/** Counts one request for the key unless a window is exhausted. Call inside a transaction. */
export function consumeRateLimit(db: ServerDb, apiKeyId: string, now: number, limits: RateLimits): RateDecision {
  const rows = prepared(db, 'rateCounters', () =>
    db.select().from(rateLimitCounters).where(eq(rateLimitCounters.apiKeyId, sql.placeholder('apiKeyId'))).prepare(),
  ).all({ apiKeyId });
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
  const windows: WindowState[] = (['minute', 'day'] as const).map((kind) => {
    const start = now - (now % WINDOW_MS[kind]);
    const row = rows.find((r) => r.window === kind);
    const used = row && row.windowStart === start ? row.count : 0;
    return { kind, start, used, limit: kind === 'minute' ? limits.perMinute : limits.perDay };
  });

  const exhausted = windows.filter((w) => w.used >= w.limit);
  if (exhausted.length > 0) {
    const until = Math.max(...exhausted.map(windowEnd));
    const worst = exhausted.find((w) => windowEnd(w) === until) ?? exhausted[0]!;
    return {
      allowed: false,
      limit: worst.limit,
      remaining: 0,
      resetSeconds: Math.ceil(until / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)),
    };
  }

  for (const w of windows) {
    w.used += 1;
    upsert.run({ apiKeyId, window: w.kind, windowStart: w.start, count: w.used });
  }
  // Fewest left wins; on a tie the window that resets first.
  const [minute, day] = windows as [WindowState, WindowState];
  const shown = day.limit - day.used < minute.limit - minute.used ? day : minute;
  return {
    allowed: true,
    limit: shown.limit,
    remaining: shown.limit - shown.used,
    resetSeconds: Math.ceil(windowEnd(shown) / 1000),
    retryAfterSeconds: 0,
  };
}
