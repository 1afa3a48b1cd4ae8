/**
 * The renderer watchdog (electron/main/renderer-watchdog.ts) on a stand-in window and timers
 * the test fires: reloads back off by the shared backoff (1 s doubling to a minute, no jitter)
 * while crashes keep coming, start afresh after five quiet minutes, and a hang is crashed.
 */
import { describe, expect, it } from 'vitest';
import { watchRenderer, type WatchedWindow } from '../../electron/main/renderer-watchdog';
import { silentLogger } from '../../shared/log';

function standIn() {
  const listeners = new Map<string, (...args: never[]) => void>();
  const timers: { callback: () => void; ms: number; cleared: boolean }[] = [];
  const loads: string[] = [];
  let crashedOnPurpose = 0;
  let now = 0;
  const window = {
    webContents: {
      on: (event: string, listener: (...args: never[]) => void) => listeners.set(event, listener),
      forcefullyCrashRenderer: () => (crashedOnPurpose += 1),
      isDestroyed: () => false,
    },
    on: (event: string, listener: (...args: never[]) => void) => listeners.set(event, listener),
    loadURL: (url: string) => {
      loads.push(url);
      return Promise.resolve();
    },
  } as unknown as WatchedWindow;
  watchRenderer(window, {
    url: 'app://kiosk/',
    log: silentLogger,
    now: () => now,
    timers: {
      setTimeout: (callback, ms) => {
        const timer = { callback, ms, cleared: false };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (handle) => {
        (handle as { cleared: boolean }).cleared = true;
      },
    },
  });
  const emit = (event: string, ...args: unknown[]) =>
    (listeners.get(event) as (...a: unknown[]) => void)(...args);
  return {
    timers,
    loads,
    crashedOnPurpose: () => crashedOnPurpose,
    /** The renderer dies at `at` ms; returns the reload's delay. */
    crash(at: number, reason = 'crashed'): number | undefined {
      now = at;
      const before = timers.length;
      emit('render-process-gone', {}, { reason });
      return timers.length > before ? timers.at(-1)?.ms : undefined;
    },
    emit,
  };
}

describe('the renderer watchdog', () => {
  it('reloads after 1 s, doubling while crashes keep coming, up to a minute', () => {
    const w = standIn();
    const delays: (number | undefined)[] = [];
    for (let i = 0; i < 9; i += 1) delays.push(w.crash(i * 1_000));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    w.timers[0]?.callback();
    expect(w.loads).toEqual(['app://kiosk/']);
  });

  it('starts afresh after five quiet minutes; a clean exit is no crash', () => {
    const w = standIn();
    expect([w.crash(0), w.crash(1_000), w.crash(2_000)]).toEqual([1_000, 2_000, 4_000]);
    expect(w.crash(2_000 + 5 * 60_000)).toBe(8_000); // five minutes: still counted
    expect(w.crash(2_000 + 10 * 60_000 + 1)).toBe(1_000);
    expect(w.crash(2_000 + 10 * 60_000 + 2, 'clean-exit')).toBeUndefined();
  });

  it('crashes a renderer that stays unresponsive for 15 s, not one that answers again', () => {
    const w = standIn();
    w.emit('unresponsive');
    w.emit('unresponsive'); // one timer for one hang
    expect(w.timers.map((t) => t.ms)).toEqual([15_000]);
    w.emit('responsive');
    expect(w.timers[0]?.cleared).toBe(true);
    w.emit('unresponsive');
    w.timers[1]?.callback();
    expect(w.crashedOnPurpose()).toBe(1);
  });
});
