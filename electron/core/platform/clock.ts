/**
 * Time and timers are injected everywhere in the core so that tests (and the simulated day)
 * can drive them. `systemClock` is the real one.
 */
export type TimerHandle = object | number;

export interface Clock {
  /** Wall-clock time (ms since the epoch): what dates, times and records are written in. */
  now(): number;
  /**
   * Monotonic time (ms) for intervals, backoff and pacing: it never goes backwards and does not
   * follow wall-clock jumps. Its origin is arbitrary; values stored (an outbox entry's
   * nextAttemptAt) are re-based at start (kiosk-core.ts). A clock without one is its own
   * monotonic clock (test clocks whose wall time only moves forward).
   */
  monotonic?(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

// Starts at the wall time of the process start, then moves with the process's own timer.
const steadyOrigin = Date.now() - performance.now();

/** The real timers, without a time: for clocks whose time is someone else's (tests). */
export const systemTimers: Pick<Clock, 'setTimeout' | 'clearTimeout'> = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A pending mirror or replay timer must never keep a process alive on its own.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => steadyOrigin + performance.now(),
  ...systemTimers,
};

/** Resolves after `ms` on the given clock. */
export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => {
    clock.setTimeout(resolve, Math.max(0, ms));
  });
}

/** The clock's monotonic time (its wall time when it has no monotonic one). */
export function monotonicNow(clock: Clock): number {
  return clock.monotonic ? clock.monotonic() : clock.now();
}
