/**
 * The one backoff of the app (issue 40): the job queue, the booking replay, the core's loops, the
 * renderer watchdog and the event stream's reconnect all wait by it. Exponential from `baseMs`
 * by `factor`, capped at `capMs`, then shortened by up to `jitter` of itself at random, so that
 * retries failed together do not come back together. Shortened, never lengthened: the cap is a
 * promise ("tried again within a minute") that holds with jitter.
 * Pure: callers add it to their own clock and inject `random` in tests.
 */
export interface Backoff {
  baseMs: number;
  capMs: number;
  /** Growth per attempt (default 2). */
  factor?: number;
  /** The share of the wait taken off at random, 0..1 (default 0.2; 0: none, 0.5: "equal jitter"). */
  jitter?: number;
}

/**
 * The wait after the `attempt`-th failure in a row (from 1; below 1 counts as 1). `random` is in
 * [0, 1]: 0 waits the whole step, 1 takes the whole `jitter` share off.
 */
export function backoffDelay(
  attempt: number,
  backoff: Backoff,
  random: () => number = Math.random,
): number {
  const { baseMs, capMs, factor = 2, jitter = 0.2 } = backoff;
  // 60 steps reach any cap; more would only overflow to Infinity.
  const steps = Math.min(Math.max(0, attempt - 1), 60);
  const full = Math.min(capMs, baseMs * factor ** steps);
  const share = Math.min(1, Math.max(0, jitter)) * Math.min(1, Math.max(0, random()));
  return Math.round(full * (1 - share));
}
