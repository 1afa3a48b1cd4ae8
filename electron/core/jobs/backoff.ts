/**
 * The one backoff of the job queue: exponential from `baseMs`, capped at `capMs`, shortened by
 * up to `jitter` of itself at random so that jobs failed together do not come back together.
 * Shortened, never lengthened: "tried again within a minute" stays true with jitter.
 * Pure: the queue adds it to the injected clock's now, and injects `random` in tests.
 */
export interface Backoff {
  baseMs: number;
  capMs: number;
  /** Growth per attempt (default 2). */
  factor?: number;
  /** The share of the wait taken off at random, 0..1 (default 0.2). */
  jitter?: number;
}

/** The wait after the `attempt`-th run (from 1) asked to retry. */
export function backoffDelay(
  attempt: number,
  backoff: Backoff,
  random: () => number = Math.random,
): number {
  const { baseMs, capMs, factor = 2, jitter = 0.2 } = backoff;
  const steps = Math.min(Math.max(0, attempt - 1), 60);
  const full = Math.min(capMs, baseMs * factor ** steps);
  const share = Math.min(1, Math.max(0, jitter)) * Math.min(1, Math.max(0, random()));
  return Math.round(full * (1 - share));
}
