/**
 * The one backoff (shared/backoff.ts): the table of waits, the jitter's bounds, and properties
 * over any attempt, base, factor, cap, jitter and random draw. Its users' own waits are tested
 * with them (job-queue, transitions, loop, renderer-watchdog, http-client-reconnect).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, type Backoff } from '../../shared/backoff';

describe('backoffDelay', () => {
  const backoff = { baseMs: 1_000, capMs: 30_000 };
  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [5, 16_000],
    [6, 30_000],
    [60, 30_000],
    [10_000, 30_000],
    [0, 1_000],
  ])('attempt %i waits %i ms with no jitter', (attempt, ms) => {
    expect(backoffDelay(attempt, backoff, () => 0)).toBe(ms);
  });

  it('jitter only shortens the wait, by up to its share', () => {
    expect(backoffDelay(3, backoff, () => 1)).toBe(3_200); // 4 000 less a fifth
    expect(backoffDelay(3, { ...backoff, jitter: 0.5 }, () => 0.5)).toBe(3_000);
    for (let i = 0; i < 200; i += 1) {
      const ms = backoffDelay(4, backoff);
      expect(ms).toBeGreaterThanOrEqual(6_400);
      expect(ms).toBeLessThanOrEqual(8_000);
    }
    expect(backoffDelay(2, { baseMs: 500, capMs: 5_000, factor: 3, jitter: 0 }, () => 1)).toBe(
      1_500,
    );
  });

  it('takes a jitter or a random draw outside [0, 1] as its nearest bound', () => {
    expect(backoffDelay(2, { ...backoff, jitter: 2 }, () => 1)).toBe(0);
    expect(backoffDelay(2, { ...backoff, jitter: -1 }, () => 1)).toBe(2_000);
    expect(backoffDelay(2, { ...backoff, jitter: 0.5 }, () => 7)).toBe(1_000);
    expect(backoffDelay(2, { ...backoff, jitter: 0.5 }, () => -7)).toBe(2_000);
  });
});

const policies: fc.Arbitrary<Required<Backoff>> = fc.record({
  baseMs: fc.integer({ min: 1, max: 60_000 }),
  capMs: fc.integer({ min: 1, max: 24 * 3_600_000 }),
  factor: fc.double({ min: 1, max: 4, noNaN: true }),
  jitter: fc.double({ min: 0, max: 1, noNaN: true }),
});
const attempts = fc.integer({ min: 1, max: 200 });
const draws = fc.double({ min: 0, max: 1, noNaN: true });

describe('backoffDelay, over any policy', () => {
  it('is monotone in the attempt until the cap, for one random draw', () => {
    fc.assert(
      fc.property(policies, attempts, draws, (policy, attempt, random) => {
        const now = backoffDelay(attempt, policy, () => random);
        const next = backoffDelay(attempt + 1, policy, () => random);
        expect(next).toBeGreaterThanOrEqual(now);
      }),
    );
  });

  it('never waits longer than the cap, nor less than none', () => {
    fc.assert(
      fc.property(policies, attempts, draws, (policy, attempt, random) => {
        const ms = backoffDelay(attempt, policy, () => random);
        expect(ms).toBeGreaterThanOrEqual(0);
        expect(ms).toBeLessThanOrEqual(policy.capMs);
      }),
    );
  });

  it('stays within its jitter: between (1 - jitter) and the whole of the step', () => {
    fc.assert(
      fc.property(policies, attempts, draws, (policy, attempt, random) => {
        const step = backoffDelay(attempt, { ...policy, jitter: 0 });
        const ms = backoffDelay(attempt, policy, () => random);
        expect(ms).toBeLessThanOrEqual(step);
        // Each is rounded to the millisecond: one of slack.
        expect(ms).toBeGreaterThanOrEqual(Math.floor(step * (1 - policy.jitter)) - 1);
      }),
    );
  });

  it('reaches the cap and stays there, however many attempts', () => {
    fc.assert(
      fc.property(policies, fc.integer({ min: 60, max: 1e9 }), (policy, attempt) => {
        fc.pre(policy.factor >= 1.5);
        expect(backoffDelay(attempt, { ...policy, jitter: 0 })).toBe(policy.capMs);
      }),
    );
  });
});
