/**
 * The one durable job queue of the core (issue 40): kinds of jobs are defined on it (job.ts),
 * their jobs kept in one store (store.ts), and one loop (platform/loop.ts, on the injected
 * clock) claims what is due, runs it, and settles it: done, retried after the type's backoff
 * (shared/backoff.ts) within its time budget, or failed.
 *
 * Durable across kill -9: a claim is on disk before its run starts, so a run that never
 * settled is found again once its lease ran out (at start at once: `recover`), and run again
 * with `interrupted` counted; a job that must not run twice decides from that.
 * Jobs of a type not defined in this process (no mail transport configured) wait untouched.
 */
import { randomUUID } from 'node:crypto';
import { backoffDelay } from '../../../shared/backoff';
import { createLoop, type Clock, type Logger, type NextRun } from '../platform';
import { parseData, type JobResult, type JobType } from './job';
import type { JobRecord, JobSettlement, JobStore } from './store';

export interface JobQueueOptions {
  store: JobStore;
  clock: Clock;
  log: Logger;
  /** How long a claim holds before another run may take the job (default 5 min). */
  leaseMs?: number;
  /** The longest the loop sleeps without a poke (default 30 s): jobs written by others. */
  idleMs?: number;
  /** Jobs claimed per step (default 10). */
  batch?: number;
  random?: () => number;
}

export interface JobHandle<T> {
  /** Adds a job (inside the caller's transaction, if any); false when its key was used. */
  enqueue(data: T, options?: { key?: string }): boolean;
}

export interface JobQueue {
  /** Defines a kind of job; before `start`. */
  define<T>(type: JobType<T>): JobHandle<T>;
  /** The jobs of `type` with these keys, whether or not the type is defined here. */
  list(type: string, keys: readonly string[]): JobRecord[];
  /** Claims what is due now and runs it, one job at a time. */
  runOnce(): Promise<void>;
  /** At start: claims of a process that died are due now; returns how many. */
  recover(): number;
  poke(): void;
  start(): void;
  stop(): Promise<void>;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_IDLE_MS = 30_000;

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { store, clock, log } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const random = options.random ?? Math.random;
  const types = new Map<string, JobType<unknown>>();
  const running = new Set<string>();

  function settlementOf(job: JobRecord, type: JobType<unknown>, result: JobResult, wait: number) {
    const now = clock.now();
    switch (result.kind) {
      case 'done':
        return { state: 'done' } satisfies JobSettlement;
      case 'failed':
        return { state: 'failed', reason: result.reason } satisfies JobSettlement;
      case 'retry': {
        const runAt = now + Math.max(0, result.afterMs ?? wait);
        return runAt > job.createdAt + type.budgetMs
          ? ({ state: 'failed', reason: 'out of time' } satisfies JobSettlement)
          : ({ state: 'queued', runAt } satisfies JobSettlement);
      }
    }
  }

  async function runClaimed(job: JobRecord): Promise<void> {
    const type = types.get(job.type);
    if (!type) return;
    const data = parseData(type, job.data);
    let settlement: JobSettlement;
    if (data === null) {
      settlement = { state: 'failed', reason: 'unreadable data' };
    } else {
      const wait = backoffDelay(job.attempts, type.backoff, random);
      const lastAttempt = clock.now() + wait > job.createdAt + type.budgetMs;
      let result: JobResult;
      try {
        result = await type.run(data, {
          attempt: job.attempts,
          interrupted: job.interrupted,
          lastAttempt,
        });
      } catch (error) {
        log.error('job run threw: tried again', { type: job.type, id: job.id, error });
        result = { kind: 'retry' };
      }
      settlement = settlementOf(job, type, result, wait);
    }
    if (!store.settle(job.id, job.attempts, settlement, clock.now()))
      log.warn('job settled elsewhere meanwhile', { type: job.type, id: job.id });
    else if (settlement.state === 'failed')
      log.warn('job failed', { type: job.type, id: job.id, reason: settlement.reason });
  }

  async function runOnce(): Promise<void> {
    const claimed = store.claimDue({
      types: [...types.keys()],
      now: clock.now(),
      leaseMs,
      limit: options.batch ?? 10,
      skip: running,
    });
    for (const job of claimed) {
      running.add(job.id);
      try {
        await runClaimed(job);
      } finally {
        running.delete(job.id);
      }
    }
  }

  function nextRun(): NextRun {
    const at = store.nextDueAt([...types.keys()]);
    return at === null ? idleMs : Math.min(idleMs, Math.max(0, at - clock.now()));
  }

  const loop = createLoop({
    clock,
    async run() {
      await runOnce();
      return nextRun();
    },
    firstDelayMs: 0,
    onError(error) {
      log.error('job queue step failed', { error });
      return idleMs;
    },
  });

  return {
    define<T>(type: JobType<T>): JobHandle<T> {
      if (types.has(type.name)) throw new Error(`job type ${type.name} defined twice`);
      types.set(type.name, type);
      return {
        enqueue(data, enqueueOptions) {
          const now = clock.now();
          const added = store.insert({
            id: randomUUID(),
            type: type.name,
            key: enqueueOptions?.key ?? null,
            data: JSON.stringify(type.schema.parse(data)),
            runAt: now,
            createdAt: now,
          });
          // A timer, never at once: the caller's transaction commits first.
          if (added) loop.poke();
          return added;
        },
      };
    },
    list: (type, keys) => (keys.length === 0 ? [] : store.list(type, keys)),
    runOnce,
    recover() {
      const interrupted = store.expireLeases(clock.now());
      if (interrupted > 0) log.warn('jobs interrupted by a stop: due again', { interrupted });
      return interrupted;
    },
    poke: () => loop.poke(),
    start: () => loop.start(),
    async stop() {
      // Not waited for first: closing a transport ends a run under way (the e-mail's, as ever).
      const stopped = loop.stop();
      for (const type of types.values()) type.close?.();
      await stopped;
    },
  };
}
