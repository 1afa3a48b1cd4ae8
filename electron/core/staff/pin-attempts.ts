/**
 * Limits staff PIN guesses, per screen: a 4-digit PIN falls to a patient guesser otherwise.
 * After `maxFailures` wrong PINs in a row every PIN (the right one too) is refused for a
 * lockout that grows with each one (1, 5, 15, 60 min, then 60 min again): 5 guesses an hour
 * at most, so about 83 days for every 4-digit PIN. A right PIN ends the growth and says how
 * many wrong ones came before it (staff see it after they log in).
 *
 * The state is kept through a store (the kiosk's settings table) so that a restart neither ends
 * a lockout nor forgets the count. It is per screen (the app window, a browser shell token):
 * whoever guesses at one screen does not lock staff out of another. Wall-clock time (it must
 * survive a restart), but a clock moved back never makes a lockout longer than it was given.
 */
import { z } from 'zod';
import { KioskFailure } from '../../../shared/result';

export interface PinAttemptPolicy {
  maxFailures: number;
  /** Successive lockouts; the last one repeats. */
  lockoutsMs: readonly number[];
}

const MINUTE = 60_000;
export const DEFAULT_PIN_ATTEMPT_POLICY: PinAttemptPolicy = {
  maxFailures: 5,
  lockoutsMs: [MINUTE, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE],
};

/** What is kept per screen. */
const PinAttemptState = z.object({
  failures: z.number().int().nonnegative(), // wrong in a row since the last lockout or right PIN
  failedSinceLogin: z.number().int().nonnegative(), // wrong since the last right PIN
  lockouts: z.number().int().nonnegative(), // since the last right PIN: picks the next length
  lockedUntil: z.number(), // epoch ms; 0: none
  lockoutMs: z.number().nonnegative(), // the length of the current lockout
});
type PinAttemptState = z.infer<typeof PinAttemptState>;

const FRESH: PinAttemptState = {
  failures: 0,
  failedSinceLogin: 0,
  lockouts: 0,
  lockedUntil: 0,
  lockoutMs: 0,
};

/** Where the state of each screen is kept (a JSON string per screen). */
export interface PinAttemptStore {
  read(screen: string): string | null;
  write(screen: string, value: string): void;
}

/** What the staff-access guard asks of a limit (this PIN lockout, the recovery code's budget). */
export interface AttemptBudget {
  /** Whole seconds until attempts are checked again, or null when they are checked now. */
  retryAfterSec(): number | null;
  /**
   * Counts one verification: a wrong one may start a lockout; a right one resets and returns
   * how many wrong ones there were since the previous right one (a wrong one returns that count).
   */
  record(valid: boolean): number;
}

export interface PinAttemptLimiter extends AttemptBudget {
  /** Throws KioskFailure('unauthorized') saying when to retry while PINs are refused. */
  check(): void;
}

export interface PinAttemptLimiterOptions {
  policy?: PinAttemptPolicy;
  store?: PinAttemptStore;
  screen?: string;
  /** A store that cannot be written: the limit still holds in memory until the next start. */
  onStoreError?: (error: unknown) => void;
}

function load(store: PinAttemptStore | undefined, screen: string): PinAttemptState {
  if (!store) return { ...FRESH };
  let text: string | null;
  try {
    text = store.read(screen);
  } catch {
    return { ...FRESH };
  }
  if (text === null) return { ...FRESH };
  try {
    const parsed = PinAttemptState.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : { ...FRESH };
  } catch {
    return { ...FRESH };
  }
}

export function createPinAttemptLimiter(
  now: () => number,
  options: PinAttemptLimiterOptions = {},
): PinAttemptLimiter {
  const policy = options.policy ?? DEFAULT_PIN_ATTEMPT_POLICY;
  const screen = options.screen ?? 'app';
  const state = load(options.store, screen);
  const save = (): void => {
    try {
      options.store?.write(screen, JSON.stringify(state));
    } catch (error) {
      options.onStoreError?.(error);
    }
  };
  const leftMs = (): number => Math.min(state.lockedUntil - now(), state.lockoutMs);
  const retryAfterSec = (): number | null => {
    const left = leftMs();
    return left <= 0 ? null : Math.ceil(left / 1000);
  };
  return {
    retryAfterSec,
    check() {
      const seconds = retryAfterSec();
      if (seconds === null) return;
      throw new KioskFailure(
        'unauthorized',
        `too many wrong PINs: try again in ${seconds} s (at ${new Date(now() + leftMs()).toISOString()})`,
      );
    },
    record(valid) {
      if (valid) {
        const failed = state.failedSinceLogin;
        if (failed > 0 || state.lockouts > 0 || state.failures > 0) {
          Object.assign(state, FRESH);
          save();
        }
        return failed;
      }
      state.failures += 1;
      state.failedSinceLogin += 1;
      if (state.failures >= policy.maxFailures) {
        const lengths = policy.lockoutsMs;
        const length = lengths[Math.min(state.lockouts, lengths.length - 1)] ?? MINUTE;
        state.failures = 0;
        state.lockouts += 1;
        state.lockoutMs = length;
        state.lockedUntil = now() + length;
      }
      save();
      return state.failedSinceLogin;
    },
  };
}
