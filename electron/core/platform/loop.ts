/**
 * One background loop on the injected clock (issue 27): a step, then one timer for the next,
 * its delay what the step returned. Every loop of the core (replay, mirror, probe, watch,
 * housekeeping, mail, held writes) is one of these, so start, stop, poke and backoff mean the
 * same everywhere:
 * - one step at a time: `runNow` while a step runs joins it;
 * - `stop()` clears the timer and waits for a running step; nothing is scheduled after it, even
 *   by a step that ends later;
 * - `poke` brings the next run forward, never back; a poke during a step is kept for its end;
 * - a step that throws never ends the loop: `onError` says when the next run comes (default
 *   LOOP_BACKOFF, growing and bounded), from how many steps in a row threw.
 * A step that returns a plain value is handled at once (no promise tick), as a hand-written
 * synchronous timer callback was.
 */
import { backoffDelay, type Backoff } from '../../../shared/backoff';
import { monotonicNow, type Clock, type TimerHandle } from './clock';

/** Milliseconds until the next run; null: none until poked (or replanned). */
export type NextRun = number | null;

export type LoopStep = () => NextRun | Promise<NextRun>;

export interface LoopOptions {
  clock: Clock;
  /** One step; what it returns (or resolves to) is when the next one runs. */
  run: LoopStep;
  /** When the first run comes after `start` (and after `replan`); a function is read each time. */
  firstDelayMs: NextRun | (() => NextRun);
  /**
   * A step (or `firstDelayMs`) threw, the `failures`-th time in a row: say so if it matters, and
   * return when the next run comes. Default: LOOP_BACKOFF after `failures`, silently.
   */
  onError?: (error: unknown, failures: number) => NextRun;
  /** No timer shorter than this: a step that did nothing must not spin. */
  minDelayMs?: number;
}

export interface Loop {
  /** Plans the first run (`firstDelayMs`); a started loop is left as it is. */
  start(): void;
  /** Clears the timer and waits for a running step; never rejects. */
  stop(): Promise<void>;
  /** Runs no later than `delayMs` from now (default now); nothing while stopped. */
  poke(delayMs?: number): void;
  /**
   * Runs a step now (`step` instead of `run` for this once), or joins the one running: the same
   * promise, resolved once the next run is planned; never rejects. Works on a stopped loop too
   * (then nothing is planned after it).
   */
  runNow(step?: LoopStep): Promise<void>;
  /** Plans the next run afresh from `firstDelayMs`, as at start; a running step plans its own. */
  replan(): void;
  readonly started: boolean;
  /** A step is running. */
  readonly busy: boolean;
  /** Steps in a row that threw (0 after one that did not). */
  readonly failures: number;
}

/**
 * The default wait after steps in a row threw: 1 s, 2 s, 4 s ... 5 min. No jitter: a loop's
 * failure is this machine's own (a full disk, a database error), nobody else comes back with it.
 */
export const LOOP_BACKOFF: Backoff = { baseMs: 1_000, capMs: 5 * 60_000, jitter: 0 };

const loopBackoff = (failures: number): number => backoffDelay(failures, LOOP_BACKOFF);

function isPromise(value: unknown): value is Promise<NextRun> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

export function createLoop(options: LoopOptions): Loop {
  const { clock } = options;
  const minDelayMs = options.minDelayMs ?? 0;
  const now = (): number => monotonicNow(clock);
  let started = false;
  let timer: TimerHandle | null = null;
  let dueAt: number | null = null;
  let running: Promise<void> | null = null;
  let inSyncStep = false;
  let failures = 0;
  // A poke during a step: the next run comes no later than this.
  let pokedBy: number | null = null;

  function clear(): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    dueAt = null;
  }

  function failed(error: unknown): NextRun {
    failures += 1;
    try {
      return (options.onError ?? ((_, count) => loopBackoff(count)))(error, failures);
    } catch {
      return loopBackoff(failures);
    }
  }

  function first(): NextRun {
    const { firstDelayMs } = options;
    try {
      return typeof firstDelayMs === 'function' ? firstDelayMs() : firstDelayMs;
    } catch (error) {
      return failed(error);
    }
  }

  function schedule(delayMs: NextRun): void {
    clear();
    let next = delayMs;
    if (pokedBy !== null) {
      const left = pokedBy - now();
      next = next === null ? left : Math.min(next, left);
      pokedBy = null;
    }
    if (!started || next === null) return;
    const ms = Math.max(minDelayMs, next, 0);
    dueAt = now() + ms;
    timer = clock.setTimeout(() => {
      timer = null;
      dueAt = null;
      void runNow();
    }, ms);
  }

  function runNow(step: LoopStep = options.run): Promise<void> {
    if (running) return running;
    if (inSyncStep) return Promise.resolve();
    clear();
    let result: NextRun | Promise<NextRun>;
    inSyncStep = true;
    try {
      result = step();
    } catch (error) {
      schedule(failed(error));
      return Promise.resolve();
    } finally {
      inSyncStep = false;
    }
    if (!isPromise(result)) {
      failures = 0;
      schedule(result);
      return Promise.resolve();
    }
    const current = result.then(
      (next) => {
        failures = 0;
        return next;
      },
      (error: unknown) => failed(error),
    );
    running = current.then((next) => {
      running = null;
      // A stopped loop plans nothing (schedule checks), whenever its step ends.
      schedule(next);
    });
    return running;
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(first());
    },
    async stop() {
      started = false;
      pokedBy = null;
      clear();
      await running;
    },
    poke(delayMs = 0) {
      if (!started) return;
      const at = now() + Math.max(minDelayMs, delayMs);
      if (running || inSyncStep) pokedBy = Math.min(pokedBy ?? at, at);
      else if (dueAt === null || at < dueAt) schedule(delayMs);
    },
    runNow,
    replan() {
      if (started && !running && !inSyncStep) schedule(first());
    },
    get started() {
      return started;
    },
    get busy() {
      return running !== null || inSyncStep;
    },
    get failures() {
      return failures;
    },
  };
}
