/**
 * The loop every background service of the core runs on (platform/loop.ts), on a clock whose
 * timers fire only when the test moves time: the first run, the next run from what a step
 * returns, stop during a step, poke, a throwing step's backoff; and the ordered service list.
 */
import { describe, expect, it } from 'vitest';
import {
  createLoop,
  LOOP_BACKOFF,
  type LoopOptions,
  type NextRun,
} from '../../../electron/core/platform/loop';
import { backoffDelay } from '../../../shared/backoff';
import { serviceList } from '../../../electron/core/platform/services';
import { timerClock, type TimerClock } from '../../support/core/manual-clock';

/** A step the test finishes: each run waits for `finish(next)` (or `fail(error)`). */
function gatedStep(clock: TimerClock) {
  const runs: number[] = [];
  let finish: (next: NextRun) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const run = (): Promise<NextRun> => {
    runs.push(clock.now());
    return new Promise<NextRun>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return {
    runs,
    run,
    finish: (next: NextRun) => finish(next),
    fail: (error: Error) => fail(error),
  };
}

function rig(options: Partial<LoopOptions> = {}) {
  const clock = timerClock(0);
  const runs: number[] = [];
  const next: { value: NextRun } = { value: 1_000 };
  const loop = createLoop({
    clock,
    run: () => {
      runs.push(clock.now());
      return next.value;
    },
    firstDelayMs: 500,
    ...options,
  });
  return { clock, loop, runs, next };
}

describe('a loop', () => {
  it('before start nothing runs; start plans the first run, then each step says when the next comes', async () => {
    const r = rig();
    r.loop.poke();
    await r.clock.advance(10_000);
    expect(r.runs).toEqual([]);
    expect(r.clock.pending()).toEqual([]);
    r.loop.start();
    expect(r.loop.started).toBe(true);
    expect(r.clock.pending()).toEqual([500]);
    await r.clock.advance(500);
    expect(r.runs).toEqual([10_500]);
    expect(r.clock.pending()).toEqual([1_000]);
    r.next.value = 250;
    await r.clock.advance(1_000);
    expect(r.clock.pending()).toEqual([250]);
    await r.loop.stop();
  });

  it('a step that returns null waits for a poke; firstDelayMs null waits from the start', async () => {
    const r = rig({ firstDelayMs: null });
    r.loop.start();
    expect(r.clock.pending()).toEqual([]);
    r.next.value = null;
    r.loop.poke(300);
    await r.clock.advance(300);
    expect(r.runs).toEqual([300]);
    expect(r.clock.pending()).toEqual([]);
    await r.clock.advance(60_000);
    expect(r.runs).toEqual([300]);
    await r.loop.stop();
  });

  it('started twice, it runs one timer; a function firstDelayMs is read at each start', async () => {
    let first = 700;
    const r = rig({ firstDelayMs: () => first });
    r.loop.start();
    r.loop.start();
    expect(r.clock.pending()).toEqual([700]);
    await r.loop.stop();
    first = 200;
    r.loop.start();
    expect(r.clock.pending()).toEqual([200]);
    await r.loop.stop();
  });

  it('stop clears the timer: nothing pending, nothing runs', async () => {
    const r = rig();
    r.loop.start();
    await r.loop.stop();
    expect(r.loop.started).toBe(false);
    expect(r.clock.pending()).toEqual([]);
    await r.clock.advance(10_000);
    expect(r.runs).toEqual([]);
  });

  it('stop during a step waits for it, and the step that ends after plans nothing', async () => {
    const clock = timerClock(0);
    const step = gatedStep(clock);
    const loop = createLoop({ clock, run: step.run, firstDelayMs: 100 });
    loop.start();
    await clock.advance(100);
    expect(step.runs).toEqual([100]);
    expect(loop.busy).toBe(true);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await clock.advance(0);
    expect(stopped).toBe(false);
    step.finish(50);
    await stopping;
    expect(loop.busy).toBe(false);
    expect(clock.pending()).toEqual([]);
    loop.poke();
    await clock.advance(10_000);
    expect(step.runs).toEqual([100]);
  });

  it('poke brings the next run forward, never back', async () => {
    const r = rig({ firstDelayMs: 5_000 });
    r.loop.start();
    r.loop.poke(8_000);
    expect(r.clock.pending()).toEqual([5_000]);
    r.loop.poke(2_000);
    expect(r.clock.pending()).toEqual([2_000]);
    r.loop.poke();
    expect(r.clock.pending()).toEqual([0]);
    await r.clock.advance(0);
    expect(r.runs).toEqual([0]);
    await r.loop.stop();
  });

  it('a poke during a step is kept: the next run comes no later than it asked', async () => {
    const clock = timerClock(0);
    const step = gatedStep(clock);
    const loop = createLoop({ clock, run: step.run, firstDelayMs: 0 });
    loop.start();
    await clock.advance(0);
    loop.poke(300);
    step.finish(60_000);
    await clock.advance(0);
    expect(clock.pending()).toEqual([300]);
    await loop.stop();
  });

  it('no timer shorter than minDelayMs, pokes included', async () => {
    const r = rig({ firstDelayMs: 0, minDelayMs: 10 });
    r.next.value = -5;
    r.loop.start();
    expect(r.clock.pending()).toEqual([10]);
    await r.clock.advance(10);
    expect(r.clock.pending()).toEqual([10]);
    r.loop.poke();
    expect(r.clock.pending()).toEqual([10]);
    await r.loop.stop();
  });

  it('a step that throws backs off, growing and bounded; one that works resets the count', async () => {
    const clock = timerClock(0);
    let broken = true;
    const loop = createLoop({
      clock,
      run: () => {
        if (broken) throw new Error('disk full');
        return 60_000;
      },
      firstDelayMs: 0,
    });
    loop.start();
    const delays: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      await clock.advance(clock.pending()[0] ?? 0);
      delays.push(clock.pending()[0] ?? -1);
    }
    expect(delays.slice(0, 5)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(delays.at(-1)).toBe(300_000);
    expect(loop.failures).toBe(11);
    broken = false;
    await clock.advance(300_000);
    expect(loop.failures).toBe(0);
    expect(clock.pending()).toEqual([60_000]);
    await loop.stop();
  });

  it('onError says what a throw means and when to try again; a rejected step is a throw too', async () => {
    const clock = timerClock(0);
    const told: string[] = [];
    const step = gatedStep(clock);
    const loop = createLoop({
      clock,
      run: step.run,
      firstDelayMs: 0,
      onError(error, failures) {
        told.push(`${(error as Error).message} x${failures}`);
        return 30_000;
      },
    });
    loop.start();
    await clock.advance(0);
    step.fail(new Error('boom'));
    await clock.advance(0);
    expect(told).toEqual(['boom x1']);
    expect(clock.pending()).toEqual([30_000]);
    await loop.stop();
  });

  it('each loop keeps its own count of failures', async () => {
    const clock = timerClock(0);
    const failing = createLoop({
      clock,
      run: () => {
        throw new Error('x');
      },
      firstDelayMs: 0,
    });
    const working = createLoop({ clock, run: () => 100, firstDelayMs: 0 });
    failing.start();
    working.start();
    await clock.advance(2_999);
    expect(failing.failures).toBe(2); // at 0 and at 1 s; the next at 3 s
    expect(working.failures).toBe(0);
    expect(backoffDelay(failing.failures, LOOP_BACKOFF)).toBe(2_000);
    await failing.stop();
    await working.stop();
  });

  it('runNow joins the step under way: one run, the same promise; stopped, it plans nothing after', async () => {
    const clock = timerClock(0);
    const step = gatedStep(clock);
    const loop = createLoop({ clock, run: step.run, firstDelayMs: 1_000 });
    const first = loop.runNow();
    expect(loop.runNow()).toBe(first);
    step.finish(500);
    await first;
    expect(step.runs).toEqual([0]);
    expect(clock.pending()).toEqual([]); // never started: nothing planned
    loop.start();
    const other = loop.runNow(() => 42);
    await other;
    expect(clock.pending()).toEqual([42]);
    await loop.stop();
  });

  it('replan plans afresh from firstDelayMs', async () => {
    let first: NextRun = null;
    const r = rig({ firstDelayMs: () => first });
    r.loop.start();
    expect(r.clock.pending()).toEqual([]);
    first = 4_000;
    r.loop.replan();
    expect(r.clock.pending()).toEqual([4_000]);
    await r.loop.stop();
  });
});

describe('the service list', () => {
  it('starts in order and stops in reverse, waiting for every stop', async () => {
    const said: string[] = [];
    let release = (): void => undefined;
    const service = (name: string, slow = false) => ({
      start: () => void said.push(`start ${name}`),
      stop: () => {
        said.push(`stop ${name}`);
        return slow ? new Promise<void>((resolve) => (release = resolve)) : undefined;
      },
    });
    const services = serviceList([service('a', true), null, service('b'), undefined]);
    services.start();
    let stopped = false;
    const stopping = services.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(said).toEqual(['start a', 'start b', 'stop b', 'stop a']);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
  });
});
