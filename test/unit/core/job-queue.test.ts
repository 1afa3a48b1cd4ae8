/**
 * The one job queue (electron/core/jobs) on the memory store (held to the SQLite store's
 * behaviour by the contract suite) and a driven clock: a job type's data read back with its
 * schema, done / retry / failed, the type's backoff (shared/backoff.ts) and the time budget, a
 * run that throws, leases and recovery, and the loop that runs what falls due by itself.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createJobQueue,
  done,
  failed,
  retry,
  type JobContext,
  type JobResult,
  type JobType,
} from '../../../electron/core/jobs';
import { createMemoryJobStore, type JobStore } from '../../../electron/core/jobs/store';
import { createLogger } from '../../../electron/core/platform/log';
import { timerClock, type TimerClock } from '../../support/core/manual-clock';

const START = Date.UTC(2026, 10, 28, 9, 0);
const MINUTE = 60_000;

interface Rig {
  clock: TimerClock;
  store: JobStore;
  queue: ReturnType<typeof createJobQueue>;
  runs: { data: { n: number }; context: JobContext }[];
  logs: string[];
  /** What the next runs answer, in order (then `done`). */
  answers: (JobResult | Error)[];
}

function rig(
  type: Partial<JobType<{ n: number }>> = {},
  options: { random?: () => number } = {},
): Rig & { enqueue(n: number, key?: string): boolean } {
  const clock = timerClock(START);
  const store = createMemoryJobStore();
  const logs: string[] = [];
  const log = createLogger('jobs', { level: 'debug', sink: (line) => logs.push(line) });
  const queue = createJobQueue({ store, clock, log, random: options.random ?? (() => 0) });
  const runs: Rig['runs'] = [];
  const answers: Rig['answers'] = [];
  const handle = queue.define<{ n: number }>({
    name: 'count',
    schema: z.object({ n: z.number() }),
    backoff: { baseMs: MINUTE, capMs: 10 * MINUTE },
    budgetMs: 60 * MINUTE,
    run(data, context) {
      runs.push({ data, context });
      const answer = answers.shift() ?? done();
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    ...type,
  });
  return {
    clock,
    store,
    queue,
    runs,
    logs,
    answers,
    enqueue: (n, key) => handle.enqueue({ n }, key === undefined ? undefined : { key }),
  };
}

const only = (store: JobStore) => {
  const [job] = store.list('count', ['k']);
  if (!job) throw new Error('no job');
  return job;
};

describe('the job queue', () => {
  it('runs a job once with its data read back by its schema, and it is done', async () => {
    const r = rig();
    expect(r.enqueue(7, 'k')).toBe(true);
    expect(r.enqueue(8, 'k')).toBe(false); // one job per key
    await r.queue.runOnce();
    await r.queue.runOnce();
    expect(r.runs).toEqual([
      { data: { n: 7 }, context: { attempt: 1, interrupted: 0, lastAttempt: false } },
    ]);
    expect(only(r.store)).toMatchObject({ state: 'done', attempts: 1, leaseUntil: null });
  });

  it('refuses data its schema refuses when enqueued; stored data it cannot read fails the job unrun', async () => {
    const r = rig();
    expect(() => r.queue.define({ ...typeOf(r), name: 'count' })).toThrow('defined twice');
    expect(() => r.enqueue(Number.NaN)).toThrow();
    r.store.insert({
      id: 'bad',
      type: 'count',
      key: 'k',
      data: '{"n":"seven"}',
      runAt: START,
      createdAt: START,
    });
    await r.queue.runOnce();
    expect(r.runs).toEqual([]);
    expect(only(r.store)).toMatchObject({ state: 'failed', reason: 'unreadable data' });
  });

  it('a retry waits for the backoff, doubling each time, on the driven clock', async () => {
    const r = rig();
    r.answers.push(retry(), retry(), retry());
    r.enqueue(1, 'k');
    await r.queue.runOnce();
    expect(only(r.store)).toMatchObject({ state: 'queued', runAt: START + MINUTE, attempts: 1 });
    await r.clock.advance(MINUTE - 1);
    await r.queue.runOnce();
    expect(r.runs).toHaveLength(1);
    await r.clock.advance(1);
    await r.queue.runOnce();
    expect(only(r.store).runAt).toBe(START + 3 * MINUTE); // 1 + 2
    await r.clock.advance(2 * MINUTE);
    await r.queue.runOnce();
    expect(only(r.store).runAt).toBe(START + 7 * MINUTE); // 1 + 2 + 4
    await r.clock.advance(4 * MINUTE);
    await r.queue.runOnce();
    expect(only(r.store).state).toBe('done');
    expect(r.runs.map((run) => run.context.attempt)).toEqual([1, 2, 3, 4]);
  });

  it('a retry after a given wait comes then; the jitter drawn shortens the backoff', async () => {
    const r = rig({}, { random: () => 1 });
    r.answers.push(retry(5_000), retry());
    r.enqueue(1, 'k');
    await r.queue.runOnce();
    expect(only(r.store).runAt).toBe(START + 5_000);
    await r.clock.advance(5_000);
    await r.queue.runOnce();
    expect(only(r.store).runAt).toBe(START + 5_000 + 0.8 * 2 * MINUTE);
  });

  it('no run starts past the time budget: the retry that would is failed, and the run before knows it is the last', async () => {
    const r = rig({ budgetMs: 4 * MINUTE });
    r.answers.push(retry(), retry(), retry());
    r.enqueue(1, 'k');
    await r.queue.runOnce(); // next at +1 min
    await r.clock.advance(MINUTE);
    await r.queue.runOnce(); // next at +3 min
    await r.clock.advance(2 * MINUTE);
    await r.queue.runOnce(); // +7 min would be past 4
    expect(r.runs.map((run) => run.context.lastAttempt)).toEqual([false, false, true]);
    expect(only(r.store)).toMatchObject({ state: 'failed', reason: 'out of time', attempts: 3 });
    expect(r.logs.some((line) => line.includes('job failed'))).toBe(true);
  });

  it('failed is final, with its reason', async () => {
    const r = rig();
    r.answers.push(failed('refused'));
    r.enqueue(1, 'k');
    await r.queue.runOnce();
    await r.clock.advance(24 * 60 * MINUTE);
    await r.queue.runOnce();
    expect(r.runs).toHaveLength(1);
    expect(only(r.store)).toMatchObject({ state: 'failed', reason: 'refused' });
  });

  it('a run that throws is tried again after the backoff; the error is logged, not the data', async () => {
    const r = rig();
    r.answers.push(new Error('boom'));
    r.enqueue(424242, 'k');
    await r.queue.runOnce();
    expect(only(r.store)).toMatchObject({ state: 'queued', runAt: START + MINUTE });
    expect(r.logs.some((line) => line.includes('job run threw') && line.includes('boom'))).toBe(
      true,
    );
    expect(r.logs.join('\n')).not.toContain('424242');
  });

  it('a job of a type not defined here waits untouched', async () => {
    const r = rig();
    r.store.insert({
      id: 'x',
      type: 'elsewhere',
      key: 'k',
      data: '{}',
      runAt: START,
      createdAt: START,
    });
    await r.queue.runOnce();
    expect(r.store.get('x')).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('a claim left by a process that died is run again once its lease ran out, or at once after recover, told it was interrupted', async () => {
    const r = rig();
    r.enqueue(1, 'k');
    // The dead process's claim, leased for five minutes.
    r.store.claimDue({ types: ['count'], now: START, leaseMs: 5 * MINUTE, limit: 1 });
    r.enqueue(2, 'j');
    await r.queue.runOnce();
    expect(r.runs.map((run) => run.data.n)).toEqual([2]);
    await r.clock.advance(5 * MINUTE);
    await r.queue.runOnce();
    expect(r.runs.map((run) => run.context)).toEqual([
      { attempt: 1, interrupted: 0, lastAttempt: false },
      { attempt: 2, interrupted: 1, lastAttempt: false },
    ]);
    expect(only(r.store).state).toBe('done');

    const s = rig();
    s.enqueue(1, 'k');
    s.store.claimDue({ types: ['count'], now: START, leaseMs: 5 * MINUTE, limit: 1 });
    expect(s.queue.recover()).toBe(1);
    await s.queue.runOnce();
    expect(s.runs.map((run) => run.context.interrupted)).toEqual([1]);
    expect(s.logs.some((line) => line.includes('interrupted by a stop'))).toBe(true);
  });

  it('started, the loop runs what is enqueued and what falls due, by itself; stopped, nothing', async () => {
    let closed = 0;
    const r = rig({ close: () => (closed += 1) });
    r.answers.push(retry(90_000));
    r.queue.start();
    r.enqueue(1, 'k');
    await r.clock.advance(0);
    expect(r.runs).toHaveLength(1);
    await r.clock.advance(89_999);
    expect(r.runs).toHaveLength(1);
    await r.clock.advance(1);
    expect(r.runs).toHaveLength(2);
    expect(only(r.store).state).toBe('done');
    // Idle, it looks every 30 s for jobs written by others.
    r.store.insert({
      id: 'x',
      type: 'count',
      key: 'j',
      data: '{"n":3}',
      runAt: START,
      createdAt: START,
    });
    await r.clock.advance(30_000);
    expect(r.runs.map((run) => run.data.n)).toEqual([1, 1, 3]);

    await r.queue.stop();
    expect(closed).toBe(1);
    r.enqueue(4, 'i');
    await r.clock.advance(10 * MINUTE);
    expect(r.runs).toHaveLength(3);
  });
});

/** The rig's type, to define it again. */
function typeOf(_r: Rig): JobType<{ n: number }> {
  return {
    name: 'count',
    schema: z.object({ n: z.number() }),
    backoff: { baseMs: MINUTE, capMs: MINUTE },
    budgetMs: MINUTE,
    run: () => Promise.resolve(done()),
  };
}
