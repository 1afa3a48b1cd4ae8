/**
 * Limits staff PIN guesses: a 4-digit PIN falls to a patient customer at the counter otherwise.
 * After `maxFailures` wrong PINs in a row every PIN (the right one too) is refused for
 * `lockoutMs`; a right PIN resets the count. Kept in memory: guessing needs the touch screen,
 * and a restart of the kiosk app is not something a customer can do.
 */
import { KioskFailure } from '../../../shared/result';

export interface PinAttemptPolicy {
  maxFailures: number;
  lockoutMs: number;
}

export const DEFAULT_PIN_ATTEMPT_POLICY: PinAttemptPolicy = { maxFailures: 5, lockoutMs: 60_000 };

export interface PinAttemptLimiter {
  /** Throws KioskFailure('unauthorized') saying when to retry while PINs are refused. */
  check(): void;
  /** Whole seconds until PINs are checked again, or null when they are checked now. */
  retryAfterSec(): number | null;
  /** Counts one verification: a right PIN resets, a wrong one may start the lockout. */
  record(valid: boolean): void;
}

export function createPinAttemptLimiter(now: () => number, policy: PinAttemptPolicy = DEFAULT_PIN_ATTEMPT_POLICY): PinAttemptLimiter {
  let failures = 0;
  let lockedUntil = -Infinity;
  const retryAfterSec = (): number | null => {
    const left = lockedUntil - now();
    return left <= 0 ? null : Math.ceil(left / 1000);
  };
  return {
    retryAfterSec,
    check() {
      const seconds = retryAfterSec();
      if (seconds === null) return;
      throw new KioskFailure(
        'unauthorized',
        `too many wrong PINs: try again in ${seconds} s (at ${new Date(lockedUntil).toISOString()})`,
      );
    },
    record(valid) {
      if (valid) {
        failures = 0;
        return;
      }
      failures += 1;
      if (failures >= policy.maxFailures) {
        failures = 0;
        lockedUntil = now() + policy.lockoutMs;
      }
    },
  };
}
