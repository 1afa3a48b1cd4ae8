/**
 * Sends queued bookings, one at a time, oldest due first. One run at a time (a second
 * `runOnce` while one runs joins it); a run stops when nothing is due, when the queue is
 * paused (401/403) or stopped, and after `maxPerRun` sends (then the loop reschedules at once).
 * A run that throws (a full disk, a database error) is not rescheduled at once: the loop backs
 * off, growing and bounded (platform/loop.ts LOOP_BACKOFF), and logs an error once, with how
 * many times it repeated when it changes or ends, so that a stuck queue cannot flood the log.
 */
import {
  type Clock,
  monotonicNow,
  sleep,
  createLogger,
  type Logger,
  quietRepeats,
  createLoop,
  LOOP_BACKOFF,
  type NextRun,
} from '../platform';
import { backoffDelay } from '../../../shared/backoff';
import type { RateGovernor } from '../governor';
import type { LocalError } from '../upstream';
import type { OutboxEntry } from './entry';
import type { SendPath } from './send';
import type { OutboxStore } from './store';
import { recoverInterrupted } from './transitions';

export interface ReplayerOptions {
  store: OutboxStore;
  /** The send path the online booking uses too (send.ts). */
  send: SendPath;
  governor: () => RateGovernor;
  clock: Clock;
  maxPerRun?: number;
  onChange: (entry: OutboxEntry) => void;
  /** The API refused our key: the queue is paused until `resume()`. */
  onPause: (error: LocalError) => void;
  log?: Logger;
}

/** What makes two failed runs "the same error" for the log. */
function errorKey(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export interface Replayer {
  /** Moves entries left in `sending` by a dead process back to the queue (same key). */
  recover(): number;
  runOnce(): Promise<void>;
  /**
   * Sends what is due while the budget allows, without waiting for it (staff's Sync now must
   * answer at once): a run already under way goes on and is not joined; what the budget holds
   * back goes with the loop's next run.
   */
  sendDueNow(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
  /** Wakes the loop (a booking was queued or retried). */
  poke(): void;
  /**
   * Back online: queued bookings need not sit out a backoff grown while the API was away; all
   * are due now, and the loop looks when any was waiting.
   */
  wakeQueued(): void;
  pause(): void;
  resume(): void;
  readonly paused: boolean;
}

export function createReplayer(options: ReplayerOptions): Replayer {
  const { store, clock, governor, send } = options;
  const log = options.log ?? createLogger('core:replay');
  // Attempts that leave a booking queued (an outage) repeat: one line an hour per outcome.
  const retryLog = quietRepeats(log, () => clock.now(), { keyFields: ['verdict'] });
  const maxPerRun = options.maxPerRun ?? 50;
  let stopped = false;
  let paused = false;
  // The error being repeated by runs in a row that threw (logged once, then counted).
  let repeating: { key: string; count: number } | null = null;

  function endRepeat(): void {
    if (repeating && repeating.count > 1)
      log.error('replay run failed repeatedly', { count: repeating.count, error: repeating.key });
    repeating = null;
  }

  function noteFailure(error: unknown, failures: number): void {
    const key = errorKey(error);
    if (repeating?.key === key) {
      repeating.count += 1;
      return;
    }
    endRepeat();
    repeating = { key, count: 1 };
    log.error('replay run failed', { error, retryInMs: backoffDelay(failures, LOOP_BACKOFF) });
  }

  async function sendOne(entry: OutboxEntry): Promise<void> {
    const sending = send.begin(entry);
    options.onChange(sending);
    const { verdict } = await send.attempt(sending, 'replay');
    const { next, pause } = send.settle(sending, verdict);
    options.onChange(next);
    (next.state === 'queued' ? retryLog : log).info('booking attempt', {
      localId: entry.localId,
      attempt: next.attempts,
      verdict: verdict.kind,
      state: next.state,
    });
    if (pause) {
      paused = true;
      log.warn('queue paused: the API refused our key', { status: pause.status });
      options.onPause(pause);
    }
  }

  async function run(waitForBudget: boolean): Promise<void> {
    for (let sent = 0; sent < maxPerRun && !paused && !stopped;) {
      const wait = governor().waitMs(clock.now(), 'interactive');
      if (wait > 0) {
        if (!waitForBudget) return;
        // Hold the entry in `queued` while the budget refills, so a crash here loses nothing.
        await sleep(clock, Math.min(wait, 5_000));
        continue;
      }
      const [entry] = store.due(monotonicNow(clock), 1);
      if (!entry) return;
      await sendOne(entry);
      sent += 1;
    }
  }

  /** When the next entry is due (null: none, or paused), and not before `minMs`. */
  function nextRun(minMs: number): NextRun {
    if (paused) return null;
    const due = store.nextDueAt();
    return due === null ? null : Math.max(0, due - monotonicNow(clock), minMs);
  }

  async function step(waitForBudget: boolean): Promise<NextRun> {
    await run(waitForBudget);
    if (loop.failures > 0) log.info('replay runs again', { afterFailures: loop.failures });
    endRepeat();
    return nextRun(0);
  }

  const loop = createLoop({
    clock,
    run: () => step(true),
    firstDelayMs: () => nextRun(0),
    // A run that threw, or a store that cannot say what is due: try again after the backoff,
    // never in a tight loop.
    onError(error, failures) {
      noteFailure(error, failures);
      try {
        return nextRun(backoffDelay(failures, LOOP_BACKOFF));
      } catch {
        return paused ? null : backoffDelay(failures, LOOP_BACKOFF);
      }
    },
  });

  const replayer: Replayer = {
    recover() {
      let count = 0;
      for (const entry of store.holding()) {
        if (entry.state !== 'sending') continue;
        options.onChange(
          store.update(entry.localId, recoverInterrupted(entry, clock.now(), monotonicNow(clock))),
        );
        count += 1;
      }
      if (count > 0) log.info('recovered interrupted sends', { count });
      return count;
    },
    sendDueNow() {
      return loop.busy ? Promise.resolve() : loop.runNow(() => step(false));
    },
    runOnce: () => loop.runNow(),
    start: () => loop.start(),
    async stop() {
      stopped = true;
      await loop.stop();
    },
    poke() {
      if (loop.started && !paused) void loop.runNow();
    },
    wakeQueued() {
      if (store.wakeAll(monotonicNow(clock)) > 0) replayer.poke();
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      loop.replan();
    },
    get paused() {
      return paused;
    },
  };
  return replayer;
}
