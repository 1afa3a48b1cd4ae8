import { describe, expect, it } from 'vitest';
import { createPinAttemptLimiter } from '../../../electron/core/settings/pin-attempts';
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
    expect(locked?.message).toBe('too many wrong PINs: try again in 60 s (at 2026-11-23T08:01:00.000Z)');
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
