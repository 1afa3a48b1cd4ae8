/**
 * Sends queued bookings, one at a time, oldest due first. One run at a time (a second
 * `runOnce` while one runs joins it); a run stops when nothing is due, when the queue is
 * paused (401/403) or stopped, and after `maxPerRun` sends (then the loop reschedules at once).
 */
import type { Clock, TimerHandle } from '../clock';
import { sleep } from '../clock';
import type { RateGovernor } from '../governor/rate-governor';
import { createLogger, type Logger } from '../log';
import type { UpstreamClient } from '../upstream/client';
import { classifyBookingOutcome, type LocalError } from '../upstream/outcome';
import type { OutboxEntry } from './entry';
import type { OutboxStore } from './store';
import { applyVerdict, DEFAULT_REPLAY_POLICY, recoverInterrupted, startAttempt, type ReplayPolicy } from './transitions';

export interface ReplayerOptions {
  store: OutboxStore;
  client: () => UpstreamClient;
  governor: () => RateGovernor;
  clock: Clock;
  random?: () => number;
  policy?: ReplayPolicy;
  timeoutMs?: number;
  maxPerRun?: number;
  onChange: (entry: OutboxEntry) => void;
  /** The API refused our key: the queue is paused until `resume()`. */
  onPause: (error: LocalError) => void;
  log?: Logger;
}

export interface Replayer {
  /** Moves entries left in `sending` by a dead process back to the queue (same key). */
  recover(): number;
  runOnce(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
  /** Wakes the loop (a booking was queued or retried). */
  poke(): void;
  pause(): void;
  resume(): void;
  readonly paused: boolean;
}

export function createReplayer(options: ReplayerOptions): Replayer {
  const { store, clock, governor } = options;
  const log = options.log ?? createLogger('core:replay');
  const random = options.random ?? Math.random;
  const policy = options.policy ?? DEFAULT_REPLAY_POLICY;
  const maxPerRun = options.maxPerRun ?? 50;
  let running: Promise<void> | null = null;
  let started = false;
  let stopped = false;
  let paused = false;
  let timer: TimerHandle | null = null;

  async function sendOne(entry: OutboxEntry): Promise<void> {
    const sending = store.update(entry.localId, startAttempt(entry, clock.now()));
    options.onChange(sending);
    const outcome = await options
      .client()
      .book(entry.request, entry.idempotencyKey, { priority: 'interactive', maxWaitMs: 0, timeoutMs: options.timeoutMs });
    const verdict = classifyBookingOutcome(outcome);
    const transition = applyVerdict(sending, verdict, clock.now(), random(), policy);
    const next = store.update(entry.localId, transition.patch);
    options.onChange(next);
    log.info('booking attempt', { localId: entry.localId, attempt: next.attempts, verdict: verdict.kind, state: next.state });
    if (transition.pause) {
      paused = true;
      log.warn('queue paused: the API refused our key', { status: transition.pause.status });
      options.onPause(transition.pause);
    }
  }

  async function run(): Promise<void> {
    for (let sent = 0; sent < maxPerRun && !paused && !stopped; ) {
      const wait = governor().waitMs(clock.now(), 'interactive');
      if (wait > 0) {
        // Hold the entry in `queued` while the budget refills, so a crash here loses nothing.
        await sleep(clock, Math.min(wait, 5_000));
        continue;
      }
      const [entry] = store.due(clock.now(), 1);
      if (!entry) return;
      await sendOne(entry);
      sent += 1;
    }
  }

  function schedule(): void {
    if (!started || paused) return;
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const due = store.nextDueAt();
    if (due === null) return;
    timer = clock.setTimeout(
      () => {
        timer = null;
        void replayer.runOnce();
      },
      Math.max(0, due - clock.now()),
    );
  }

  const replayer: Replayer = {
    recover() {
      let count = 0;
      for (const entry of store.holding()) {
        if (entry.state !== 'sending') continue;
        options.onChange(store.update(entry.localId, recoverInterrupted(entry, clock.now())));
        count += 1;
      }
      if (count > 0) log.info('recovered interrupted sends', { count });
      return count;
    },
    runOnce() {
      running ??= run()
        .catch((error: unknown) => {
          log.error('replay run failed', { error });
        })
        .finally(() => {
          running = null;
          schedule();
        });
      return running;
    },
    start() {
      started = true;
      schedule();
    },
    async stop() {
      started = false;
      stopped = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      await running;
    },
    poke() {
      if (started && !paused) void replayer.runOnce();
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      schedule();
    },
    get paused() {
      return paused;
    },
  };
  return replayer;
}
