import { describe, expect, it } from 'vitest';
import { decideRateLimit } from '../../../server/http/rate-limiter';
import type { KeyCounts } from '../../../server/http/rate-limiter';

const T0 = Date.parse('2026-11-23T07:00:10Z'); // 10 s into a minute
const MINUTE = Date.parse('2026-11-23T07:00:00Z');
const DAY = Date.parse('2026-11-23T00:00:00Z');
const fresh: KeyCounts = { minute: { start: 0, used: 0 }, day: { start: 0, used: 0 } };
const limits = { perMinute: 3, perDay: 10 };

describe('decideRateLimit (fixed minute and UTC-day windows)', () => {
  it('counts into both windows and shows the one with fewest left', () => {
    const { decision, counts } = decideRateLimit(fresh, T0, limits);
    expect(decision).toEqual({
      allowed: true,
      limit: 3,
      remaining: 2,
      resetSeconds: (MINUTE + 60_000) / 1000,
      retryAfterSeconds: 0,
    });
    expect(counts).toEqual({ minute: { start: MINUTE, used: 1 }, day: { start: DAY, used: 1 } });
  });

  it('refuses without counting when a window is exhausted; retryAfter is whole seconds >= 1', () => {
    const full: KeyCounts = { minute: { start: MINUTE, used: 3 }, day: { start: DAY, used: 3 } };
    const { decision, counts } = decideRateLimit(full, MINUTE + 59_999, limits);
    expect(decision).toMatchObject({
      allowed: false,
      remaining: 0,
      limit: 3,
      retryAfterSeconds: 1,
    });
    expect(counts).toBe(full);
  });

  it('when both are exhausted, the later reset is reported', () => {
    const full: KeyCounts = { minute: { start: MINUTE, used: 3 }, day: { start: DAY, used: 10 } };
    const { decision } = decideRateLimit(full, T0, limits);
    expect(decision).toMatchObject({
      allowed: false,
      limit: 10,
      resetSeconds: (DAY + 86_400_000) / 1000,
    });
    expect(decision.retryAfterSeconds).toBe(Math.ceil((DAY + 86_400_000 - T0) / 1000));
  });

  it('a new window starts from zero', () => {
    const old: KeyCounts = {
      minute: { start: MINUTE - 60_000, used: 3 },
      day: { start: DAY - 86_400_000, used: 10 },
    };
    expect(decideRateLimit(old, T0, limits).decision.allowed).toBe(true);
  });
});
