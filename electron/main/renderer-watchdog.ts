import { backoffDelay, type Backoff } from '../../shared/backoff';
import type { Logger } from '../core/platform';

export interface WatchedWindow {
  webContents: {
    on(
      event: 'render-process-gone',
      listener: (event: unknown, details: { reason: string }) => void,
    ): unknown;
    forcefullyCrashRenderer(): void;
    isDestroyed(): boolean;
  };
  on(event: 'unresponsive' | 'responsive', listener: () => void): unknown;
  loadURL(url: string): Promise<void>;
}

export interface WatchdogTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemTimers: WatchdogTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** 1 s doubling to a minute; no jitter: one window, nobody else comes back with it. */
const RELOAD_BACKOFF: Backoff = { baseMs: 1_000, capMs: 60_000, jitter: 0 };

/** Crashes further apart than this start the backoff afresh. */
const CRASHES_FORGOTTEN_MS = 5 * 60_000;

/**
 * A kiosk nobody watches must come back by itself: a renderer that crashed or was killed is
 * loaded again at the app URL; one that hangs for `hangMs` is crashed on purpose, which then
 * reloads it. Reloads back off (1 s, doubling to a minute) while crashes keep coming, so a
 * page that crashes at once does not spin the CPU.
 */
export function watchRenderer(
  window: WatchedWindow,
  {
    url,
    log,
    hangMs = 15_000,
    timers = systemTimers,
    now = Date.now,
  }: { url: string; log: Logger; hangMs?: number; timers?: WatchdogTimers; now?: () => number },
): void {
  let hangTimer: unknown = null;
  let recentCrashes = 0;
  let lastCrashAt = -Infinity;

  window.webContents.on('render-process-gone', (_event, { reason }) => {
    if (reason === 'clean-exit') return;
    if (now() - lastCrashAt > CRASHES_FORGOTTEN_MS) recentCrashes = 0;
    lastCrashAt = now();
    recentCrashes++;
    const delay = backoffDelay(recentCrashes, RELOAD_BACKOFF);
    log.warn('renderer gone, reloading', { reason, delayMs: delay });
    timers.setTimeout(() => {
      if (!window.webContents.isDestroyed())
        window.loadURL(url).catch(() => log.error('reload failed'));
    }, delay);
  });
  window.on('unresponsive', () => {
    if (hangTimer !== null) return;
    log.warn('renderer unresponsive');
    hangTimer = timers.setTimeout(() => {
      hangTimer = null;
      log.warn('renderer still unresponsive, restarting it', { afterMs: hangMs });
      if (!window.webContents.isDestroyed()) window.webContents.forcefullyCrashRenderer();
    }, hangMs);
  });
  window.on('responsive', () => {
    if (hangTimer !== null) timers.clearTimeout(hangTimer);
    hangTimer = null;
  });
}
