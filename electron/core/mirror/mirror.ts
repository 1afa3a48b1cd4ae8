/**
 * The mirror loop: each `step()` asks the plan for the most overdue refresh, asks the governor
 * (background priority: never the reserve), performs at most one request, stores the answer and
 * returns when it wants to run next. `start()` drives steps with the injected clock; tests and
 * the simulated day call `step()` themselves. One step at a time.
 */
import { addDays, instantToWall } from '../../../shared/booking/time';
import type { Clock, TimerHandle } from '../clock';
import {
  loadCatalog,
  saveAvailableDays,
  saveCatalog,
  saveTimeSlots,
  pruneTimeSlotsBefore,
} from '../db/mirror-repo';
import { loadMirrorIndex } from '../db/mirror-index';
import type { KioskDb } from '../db/open';
import type { RateGovernor } from '../governor/rate-governor';
import { createLogger, type Logger } from '../log';
import type { UpstreamClient } from '../upstream/client';
import { classifyLookupOutcome, type UpstreamOutcome } from '../upstream/outcome';
import { DEFAULT_MIRROR_POLICY, planNext, taskKey, type MirrorPolicy, type MirrorTask } from './plan';

export interface OpeningHours {
  open: string; // HH:mm, business wall clock
  close: string;
}

export interface MirrorOptions {
  db: KioskDb;
  client: () => UpstreamClient;
  governor: () => RateGovernor;
  clock: Clock;
  timeZone: string;
  mirrorDays: number;
  openingHours: OpeningHours;
  /** Minutes before opening when the mirror starts refreshing (a warm cache at opening). */
  warmUpMinutes?: number;
  policy?: MirrorPolicy;
  /** Result of every request the mirror made: the engine turns it into sync status. */
  onOutcome: (outcome: UpstreamOutcome<unknown>, task: MirrorTask) => void;
  /** Whether the mirror may send at all (not while the queue is paused for a bad key). */
  enabled: () => boolean;
  log?: Logger;
}

export interface Mirror {
  step(): Promise<number>;
  /** Runs due refreshes until none is due or `maxTasks` ran (syncNow); never waits long. */
  sweep(maxTasks: number): Promise<number>;
  start(): void;
  stop(): Promise<void>;
  poke(): void;
  /** Requests the mirror has made since it was created (figures for the bench). */
  readonly requests: number;
}

const OFFLINE_RETRY_MS = [5_000, 15_000, 30_000, 60_000, 120_000] as const;

export function createMirror(options: MirrorOptions): Mirror {
  const { db, clock } = options;
  const log = options.log ?? createLogger('core:mirror');
  const policy = options.policy ?? DEFAULT_MIRROR_POLICY;
  const failedUntil = new Map<string, number>();
  let offlineStreak = 0;
  let requests = 0;
  let current: Promise<number> | null = null;
  let started = false;
  let timer: TimerHandle | null = null;
  let lastPrunedFor = '';

  function isOpen(nowTime: string): boolean {
    const [h, m] = options.openingHours.open.split(':').map(Number) as [number, number];
    const warm = Math.max(0, h * 60 + m - (options.warmUpMinutes ?? 15));
    const warmTime = `${String(Math.floor(warm / 60)).padStart(2, '0')}:${String(warm % 60).padStart(2, '0')}`;
    return nowTime >= warmTime && nowTime < options.openingHours.close;
  }

  async function run(task: MirrorTask): Promise<UpstreamOutcome<unknown>> {
    const client = options.client();
    const call = { priority: 'background' as const, maxWaitMs: 0 };
    switch (task.kind) {
      case 'catalog': {
        const services = await client.getServices(call);
        if (services.kind !== 'ok') return services;
        // The second half of the catalog may wait for its turn rather than lose the first half.
        const employees = await client.getEmployees({ ...call, maxWaitMs: 10_000 });
        if (employees.kind === 'ok') {
          saveCatalog(db, services.data.filter((s) => s.enabled), employees.data, clock.now());
        }
        return employees;
      }
      case 'days': {
        const outcome = await client.getAvailableDays(task, call);
        if (outcome.kind === 'ok') saveAvailableDays(db, task, outcome.data, clock.now());
        return outcome;
      }
      case 'slots': {
        const outcome = await client.getTimeSlots(task, call);
        if (outcome.kind === 'ok') saveTimeSlots(db, task, outcome.data, clock.now());
        return outcome;
      }
    }
  }

  async function step(): Promise<number> {
    const now = clock.now();
    if (!options.enabled()) return now + 60_000;
    const wall = instantToWall(now, options.timeZone);
    if (wall.date !== lastPrunedFor) {
      pruneTimeSlotsBefore(db, wall.date);
      lastPrunedFor = wall.date;
    }
    const index = loadMirrorIndex(db);
    const catalog = loadCatalog(db);
    const dates = Array.from({ length: Math.max(1, options.mirrorDays) }, (_, i) => addDays(wall.date, i));
    const [year, month] = wall.date.split('-').map(Number) as [number, number];
    const months = [
      { year, month },
      month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 },
    ];
    const plan = planNext(
      {
        now,
        open: isOpen(wall.time),
        today: wall.date,
        nowTime: wall.time,
        dates,
        months,
        serviceIds: catalog.services.map((s) => s._id),
        catalogFetchedAt: index.catalogFetchedAt,
        days: index.days,
        slots: index.slots,
        failedUntil,
      },
      policy,
    );
    if (!plan.task) return plan.nextAt;
    const wait = options.governor().waitMs(now, 'background') * (plan.task.kind === 'catalog' ? 2 : 1);
    if (wait > 0) return now + wait;

    const outcome = await run(plan.task);
    requests += plan.task.kind === 'catalog' ? 2 : 1;
    options.onOutcome(outcome, plan.task);
    const verdict = classifyLookupOutcome(outcome);
    const after = clock.now();
    switch (verdict.kind) {
      case 'live':
        offlineStreak = 0;
        failedUntil.delete(taskKey(plan.task));
        return after;
      case 'fallback':
        if (outcome.kind === 'network') {
          const delay = OFFLINE_RETRY_MS[Math.min(offlineStreak, OFFLINE_RETRY_MS.length - 1)] ?? 60_000;
          offlineStreak += 1;
          log.warn('upstream unreachable; mirror backs off', { delayMs: delay });
          return after + delay;
        }
        if (outcome.kind === 'rateLimited') return after + outcome.retryAfterMs;
        if (outcome.kind === 'throttled') return after + Math.max(outcome.waitMs, 100);
        failedUntil.set(taskKey(plan.task), after + policy.failureBackoffMs);
        log.warn('refresh failed', { task: plan.task.kind, reason: verdict.reason });
        return after;
      case 'auth':
        return after + 60_000;
      case 'client':
        failedUntil.set(taskKey(plan.task), after + policy.idleMaxAgeMs);
        log.warn('refresh refused', { task: plan.task.kind, status: verdict.status });
        return after;
    }
  }

  function once(): Promise<number> {
    current ??= step().finally(() => {
      current = null;
    });
    return current;
  }

  function schedule(at: number): void {
    if (!started) return;
    if (timer !== null) clock.clearTimeout(timer);
    // At least 10 ms between steps: a step that did nothing must not spin.
    timer = clock.setTimeout(
      () => {
        timer = null;
        void once()
          .catch((error: unknown) => {
            log.error('mirror step failed', { error });
            return clock.now() + 30_000;
          })
          .then(schedule);
      },
      Math.max(10, at - clock.now()),
    );
  }

  return {
    step: once,
    async sweep(maxTasks) {
      let next = clock.now();
      for (let i = 0; i < maxTasks; i += 1) {
        next = await once();
        if (next > clock.now()) break;
      }
      return next;
    },
    start() {
      started = true;
      schedule(clock.now());
    },
    async stop() {
      started = false;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      await current?.catch(() => undefined);
    },
    poke() {
      if (started) schedule(clock.now());
    },
    get requests() {
      return requests;
    },
  };
}
