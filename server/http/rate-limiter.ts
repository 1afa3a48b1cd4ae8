/**
 * Per-key rate limits in two FIXED windows: the clock minute and the UTC calendar day
 * (decisions.md lets us choose; fixed windows make X-RateLimit-Reset exact). A refused request
 * (429) is not counted.
 *
 * The counts of this process are kept in memory (loaded from SQLite the first time a key is
 * seen) and written back to SQLite at the end of the same event-loop turn, batched, and on
 * close. Writing them through with a commit per request halved the throughput of
 * GET /availability; this way a restart keeps the counts, and a crash loses at most the
 * requests of one event-loop turn. One server process per database file is assumed.
 */
import type { ServerDb } from '../db/open';
import type { RateCounterRow, RateLimits, WindowKind } from '../db/rate-limits';
import { loadRateCounters, saveRateCounters } from '../db/rate-limits';
import type { Logger } from '../logger';

export type { RateLimits };

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

const WINDOW_MS: Record<WindowKind, number> = { minute: 60_000, day: 86_400_000 };
const KINDS = ['minute', 'day'] as const;

export interface WindowCount {
  start: number;
  used: number;
}
export type KeyCounts = Record<WindowKind, WindowCount>;

/**
 * Pure: the decision for one more request, and the counts after it (unchanged when refused).
 */
export function decideRateLimit(
  counts: KeyCounts,
  now: number,
  limits: RateLimits,
): { decision: RateDecision; counts: KeyCounts } {
  const windows = KINDS.map((kind) => {
    const start = now - (now % WINDOW_MS[kind]);
    const used = counts[kind].start === start ? counts[kind].used : 0;
    const limit = kind === 'minute' ? limits.perMinute : limits.perDay;
    return { kind, start, used, limit, end: start + WINDOW_MS[kind] };
  });

  const exhausted = windows.filter((w) => w.used >= w.limit);
  if (exhausted.length > 0) {
    const worst = exhausted.reduce((a, b) => (b.end > a.end ? b : a));
    return {
      decision: {
        allowed: false,
        limit: worst.limit,
        remaining: 0,
        resetSeconds: Math.ceil(worst.end / 1000),
        retryAfterSeconds: Math.max(1, Math.ceil((worst.end - now) / 1000)),
      },
      counts,
    };
  }
  const [minute, day] = windows.map((w) => ({ ...w, used: w.used + 1 })) as [
    (typeof windows)[0],
    (typeof windows)[0],
  ];
  // Fewest left wins; on a tie the window that resets first.
  const shown = day.limit - day.used < minute.limit - minute.used ? day : minute;
  return {
    decision: {
      allowed: true,
      limit: shown.limit,
      remaining: shown.limit - shown.used,
      resetSeconds: Math.ceil(shown.end / 1000),
      retryAfterSeconds: 0,
    },
    counts: {
      minute: { start: minute.start, used: minute.used },
      day: { start: day.start, used: day.used },
    },
  };
}

export class RateLimiter {
  private readonly counts = new Map<string, KeyCounts>();
  private readonly dirty = new Set<string>();
  private pending: NodeJS.Immediate | undefined;

  constructor(
    private readonly db: ServerDb,
    private readonly limits: RateLimits,
    private readonly log: Logger,
  ) {}

  consume(apiKeyId: string, now: number): RateDecision {
    const { decision, counts } = decideRateLimit(this.countsOf(apiKeyId), now, this.limits);
    if (decision.allowed) {
      this.counts.set(apiKeyId, counts);
      this.dirty.add(apiKeyId);
      this.pending ??= setImmediate(() => this.flush());
    }
    return decision;
  }

  /** Writes the changed counters now (also called by close). Never throws. */
  flush(): void {
    if (this.pending) clearImmediate(this.pending);
    this.pending = undefined;
    if (this.dirty.size === 0) return;
    const rows: RateCounterRow[] = [];
    for (const apiKeyId of this.dirty) {
      const counts = this.counts.get(apiKeyId);
      if (!counts) continue;
      for (const kind of KINDS)
        rows.push({
          apiKeyId,
          window: kind,
          windowStart: counts[kind].start,
          count: counts[kind].used,
        });
    }
    this.dirty.clear();
    try {
      saveRateCounters(this.db, rows);
    } catch (error) {
      this.log.error('could not save rate-limit counters', { error });
    }
  }

  private countsOf(apiKeyId: string): KeyCounts {
    let counts = this.counts.get(apiKeyId);
    if (!counts) {
      const rows = loadRateCounters(this.db, apiKeyId);
      const of = (kind: WindowKind): WindowCount => {
        const row = rows.find((r) => r.window === kind);
        return row ? { start: row.windowStart, used: row.count } : { start: 0, used: 0 };
      };
      counts = { minute: of('minute'), day: of('day') };
      this.counts.set(apiKeyId, counts);
    }
    return counts;
  }
}
