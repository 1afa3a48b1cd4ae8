/**
 * A clock whose time moves only when a test moves it, with real timers (short ones only are
 * used while it stands still). The reference server reads the same `now`, so the kiosk and its
 * API agree on the date: the way every core test fixes the calendar (README "Fixed clocks").
 */
import { systemTimers, type Clock, type TimerHandle } from '../../../electron/core/platform/clock';

export interface ManualClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export function manualClock(start: number): ManualClock {
  let now = start;
  return {
    ...systemTimers,
    now: () => now,
    set(ms) {
      now = ms;
    },
    advance(ms) {
      now += ms;
    },
  };
}

export interface TimerClock extends Clock {
  set(ms: number): void;
  /** Moves time on by `ms`, firing each timer due on the way, in order, at its own time. */
  advance(ms: number): Promise<void>;
  /** How far ahead each pending timer is, soonest first. */
  pending(): number[];
}

/**
 * A clock whose timers fire only when the test moves time (`advance`), each at its due time,
 * with the promise callbacks and I/O they start let run in between: a loop that schedules
 * itself on the clock runs exactly as far as the test says.
 */
export function timerClock(start: number): TimerClock {
  let now = start;
  let sequence = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 30; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return {
    now: () => now,
    set(ms) {
      now = ms;
    },
    setTimeout(callback, ms) {
      sequence += 1;
      timers.set(sequence, { at: now + Math.max(0, ms), callback });
      return sequence;
    },
    clearTimeout(handle: TimerHandle) {
      timers.delete(handle as number);
    },
    pending: () => [...timers.values()].map((timer) => timer.at - now).sort((a, b) => a - b),
    async advance(ms) {
      const target = now + ms;
      await settle();
      for (;;) {
        const next = [...timers.entries()]
          .filter(([, timer]) => timer.at <= target)
          .sort(([, a], [, b]) => a.at - b.at)[0];
        if (!next) break;
        timers.delete(next[0]);
        now = Math.max(now, next[1].at);
        next[1].callback();
        await settle();
      }
      now = target;
      await settle();
    },
  };
}
