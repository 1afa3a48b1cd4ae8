/**
 * A clock whose time moves only when a test moves it, with real timers (short ones only are
 * used while it stands still). The reference server reads the same `now`, so the kiosk and its
 * API agree on the date: the way every core test fixes the calendar (README "Fixed clocks").
 */
import { systemClock, type Clock } from '../../../electron/core/clock';

export interface ManualClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export function manualClock(start: number): ManualClock {
  let now = start;
  return {
    ...systemClock,
    now: () => now,
    set(ms) {
      now = ms;
    },
    advance(ms) {
      now += ms;
    },
  };
}

/**
 * A clock that runs `speed` times faster than real time from `start`, timers included: the
 * core's loops run on their own (nothing steps them) while minutes pass in seconds. The server
 * reads the same `now`. Network time-outs stay real (undici's), which only makes them shorter.
 */
export function fastClock(start: number, speed: number): Clock {
  const origin = Date.now();
  return {
    now: () => start + (Date.now() - origin) * speed,
    setTimeout: (callback, ms) => systemClock.setTimeout(callback, Math.max(0, ms) / speed),
    clearTimeout: (handle) => systemClock.clearTimeout(handle),
  };
}
