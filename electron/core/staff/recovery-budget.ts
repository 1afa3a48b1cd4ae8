/**
 * The recovery code's own slow budget, per screen (issue 39 item 5): `tries` wrong codes, then
 * one more try every `refillMs` (a bucket that refills one try at a time). A customer at the
 * screen can never lock IT out for longer than `refillMs` after they stop: unlike the PIN's
 * growing lockout (pin-attempts.ts) there is no lockout to grow. Guessing stays pointless
 * anyway (about 119 bits; 1,440 tries a day at most). PIN failures do not touch it: it has its
 * own row in the store (`recovery:<screen>`), kept across restarts. Wall-clock time; a clock
 * moved back never makes the wait longer than `refillMs`.
 */
import { z } from 'zod';
import type { AttemptBudget, PinAttemptStore } from './pin-attempts';

interface RecoveryBudgetPolicy {
  tries: number;
  refillMs: number;
}

const RECOVERY_BUDGET: RecoveryBudgetPolicy = { tries: 10, refillMs: 60_000 };

const BudgetState = z.object({
  kind: z.literal('slow-budget'),
  left: z.number().int().nonnegative(), // tries left now
  refilledAt: z.number(), // epoch ms the last try came back (or the bucket was full)
  failed: z.number().int().nonnegative(), // wrong codes since the last right one
});
type BudgetState = z.infer<typeof BudgetState>;

export function createRecoveryBudget(
  now: () => number,
  options: {
    key: string;
    store?: PinAttemptStore;
    onStoreError?: (error: unknown) => void;
  },
): AttemptBudget {
  const policy = RECOVERY_BUDGET;
  const full = (): BudgetState => ({
    kind: 'slow-budget',
    left: policy.tries,
    refilledAt: now(),
    failed: 0,
  });
  const load = (): BudgetState => {
    try {
      const text = options.store?.read(options.key) ?? null;
      const parsed = text === null ? null : BudgetState.safeParse(JSON.parse(text));
      // A row of the old lockout (or a damaged one) starts full: the budget is the limit now.
      return parsed?.success ? parsed.data : full();
    } catch {
      return full();
    }
  };
  const state = load();
  const save = (): void => {
    try {
      options.store?.write(options.key, JSON.stringify(state));
    } catch (error) {
      options.onStoreError?.(error);
    }
  };
  /** Gives back the tries whose time came (a clock moved back restarts the current wait). */
  const refill = (): void => {
    const at = now();
    if (state.left >= policy.tries) {
      state.refilledAt = at;
      return;
    }
    if (at < state.refilledAt) {
      state.refilledAt = at;
      save();
      return;
    }
    const back = Math.floor((at - state.refilledAt) / policy.refillMs);
    state.left = Math.min(policy.tries, state.left + back);
    state.refilledAt += back * policy.refillMs;
  };
  const retryAfterSec = (): number | null => {
    refill();
    if (state.left > 0) return null;
    return Math.ceil((state.refilledAt + policy.refillMs - now()) / 1000);
  };
  return {
    retryAfterSec,
    record(valid) {
      refill();
      if (valid) {
        const failed = state.failed;
        Object.assign(state, full());
        save();
        return failed;
      }
      state.left = Math.max(0, state.left - 1);
      state.failed += 1;
      save();
      return state.failed;
    },
  };
}
