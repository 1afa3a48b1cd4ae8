import { describe, expect, it } from 'vitest';
import { createPinAttemptLimiter } from '../../../electron/core/staff/pin-attempts';
import { createRecoveryBudget } from '../../../electron/core/staff/recovery-budget';
import { KioskFailure } from '../../../shared/result';

function refusal(check: () => void): KioskFailure | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof KioskFailure) return error;
    throw error;
  }
}

describe('staff PIN attempt limiter', () => {
  it('refuses for 60 s after 5 wrong PINs, by the injected clock, saying when to retry', () => {
    let now = Date.parse('2026-11-23T08:00:00Z');
    const limiter = createPinAttemptLimiter(() => now);
    for (let i = 0; i < 4; i += 1) {
      expect(refusal(() => limiter.check())).toBeNull();
      limiter.record(false);
    }
    expect(refusal(() => limiter.check())).toBeNull();
    limiter.record(false); // the fifth
    const locked = refusal(() => limiter.check());
    expect(locked?.code).toBe('unauthorized');
    expect(locked?.message).toBe(
      'too many wrong PINs: try again in 60 s (at 2026-11-23T08:01:00.000Z)',
    );
    now += 59_500;
    expect(refusal(() => limiter.check())?.message).toMatch(/try again in 1 s/);
    now += 500;
    expect(refusal(() => limiter.check())).toBeNull();
  });

  it('a right PIN resets the count of wrong ones', () => {
    const now = 1_000;
    const limiter = createPinAttemptLimiter(() => now);
    for (let i = 0; i < 4; i += 1) limiter.record(false);
    limiter.record(true);
    for (let i = 0; i < 4; i += 1) limiter.record(false);
    expect(refusal(() => limiter.check())).toBeNull();
    limiter.record(false);
    expect(refusal(() => limiter.check())?.code).toBe('unauthorized');
  });
});

describe('staff PIN lockout, growing and kept', () => {
  const memoryStore = () => {
    const rows = new Map<string, string>();
    return {
      rows,
      store: {
        read: (screen: string) => rows.get(screen) ?? null,
        write: (screen: string, value: string) => void rows.set(screen, value),
      },
    };
  };

  it('grows 1, 5, 15, 60, 60 min; a clock moved back never lengthens a lockout', () => {
    let now = Date.parse('2026-11-23T08:00:00Z');
    const limiter = createPinAttemptLimiter(() => now);
    const lengths: (number | null)[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (let i = 0; i < 5; i += 1) limiter.record(false);
      lengths.push(limiter.retryAfterSec());
      now -= 48 * 3_600_000; // the clock jumps back two days
      lengths.push(limiter.retryAfterSec());
      now += 48 * 3_600_000 + (lengths[lengths.length - 1] ?? 0) * 1000;
      expect(limiter.retryAfterSec()).toBeNull();
    }
    expect(lengths).toEqual([60, 60, 300, 300, 900, 900, 3600, 3600, 3600, 3600]);
  });

  it('keeps its state in the store per screen; a right PIN returns the wrong ones before it and resets', () => {
    const now = 1_000_000;
    const { rows, store } = memoryStore();
    const web = createPinAttemptLimiter(() => now, { store, screen: 'web:1' });
    for (let i = 0; i < 3; i += 1) expect(web.record(false)).toBe(i + 1);
    expect([...rows.keys()]).toEqual(['web:1']);
    const again = createPinAttemptLimiter(() => now, { store, screen: 'web:1' });
    expect(again.record(false)).toBe(4);
    expect(again.record(false)).toBe(5);
    expect(again.retryAfterSec()).toBe(60);
    expect(createPinAttemptLimiter(() => now, { store, screen: 'web:1' }).retryAfterSec()).toBe(60);
    expect(createPinAttemptLimiter(() => now, { store, screen: 'app' }).retryAfterSec()).toBeNull();
    const later = createPinAttemptLimiter(() => now + 60_000, { store, screen: 'web:1' });
    expect(later.record(true)).toBe(5);
    expect(later.record(true)).toBe(0);
  });

  it('a damaged or unreadable row starts fresh; a store that cannot be written still limits in memory', () => {
    const now = 5_000;
    const errors: unknown[] = [];
    for (const text of ['{', '{"failures":-1}', 'null']) {
      const limiter = createPinAttemptLimiter(() => now, {
        store: { read: () => text, write: () => undefined },
      });
      expect(limiter.retryAfterSec()).toBeNull();
    }
    const full = createPinAttemptLimiter(() => now, {
      store: {
        read: () => {
          throw new Error('disk I/O error');
        },
        write: () => {
          throw new Error('database or disk is full');
        },
      },
      onStoreError: (error) => errors.push(error),
    });
    for (let i = 0; i < 5; i += 1) full.record(false);
    expect(full.retryAfterSec()).toBe(60);
    expect(errors).toHaveLength(5);
  });
});

describe("the recovery code's slow budget (issue 39 item 5)", () => {
  it('10 wrong, then one a minute: never a wait over a minute, kept in the store, a clock moved back waits no longer', () => {
    let now = Date.parse('2026-11-23T08:00:00Z');
    const rows = new Map<string, string>();
    const store = {
      read: (key: string) => rows.get(key) ?? null,
      write: (key: string, value: string) => void rows.set(key, value),
    };
    const budget = () => createRecoveryBudget(() => now, { key: 'recovery:app', store });
    const first = budget();
    for (let i = 1; i <= 10; i += 1) {
      expect(first.retryAfterSec()).toBeNull();
      expect(first.record(false)).toBe(i);
    }
    expect(first.retryAfterSec()).toBe(60);
    now += 30_000;
    // A restart keeps it; a clock moved back two days waits one minute at most.
    expect(budget().retryAfterSec()).toBe(30);
    now -= 48 * 3_600_000;
    expect(budget().retryAfterSec()).toBe(60);
    now += 60_000;
    const later = budget();
    expect(later.retryAfterSec()).toBeNull();
    expect(later.record(false)).toBe(11);
    expect(later.retryAfterSec()).toBe(60);
    now += 10 * 60_000;
    expect(later.record(true)).toBe(11);
    expect(budget().record(false)).toBe(1);
  });

  it('a row of the old lockout (15 min) or a damaged one starts with the whole budget', () => {
    const now = 1_000_000;
    const old = JSON.stringify({
      failures: 0,
      failedSinceLogin: 10,
      lockouts: 1,
      lockedUntil: now + 900_000,
      lockoutMs: 900_000,
    });
    for (const text of [old, '{', 'null']) {
      const budget = createRecoveryBudget(() => now, {
        key: 'recovery:app',
        store: { read: () => text, write: () => undefined },
      });
      expect(budget.retryAfterSec()).toBeNull();
    }
  });
});
