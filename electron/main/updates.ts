import type { UpdateStatus } from '../../shared/kiosk-api';
import { describeError, type Logger } from '../core/platform';

/** The events of electron-updater's autoUpdater that this module listens to. */
export interface UpdaterEvents {
  'checking-for-update': () => void;
  'update-not-available': () => void;
  'update-available': (info: { version: string }) => void;
  'update-downloaded': (info: { version: string }) => void;
  error: (error: Error) => void;
}

/** The part of electron-updater's autoUpdater used here; tests pass a stand-in. */
export interface UpdaterLike {
  /** Where electron-updater writes its own messages (console by default). */
  logger: {
    info(message?: unknown): void;
    warn(message?: unknown): void;
    error(message?: unknown): void;
  } | null;
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(
    event: 'checking-for-update' | 'update-not-available',
    listener: UpdaterEvents['checking-for-update'],
  ): unknown;
  on(
    event: 'update-available' | 'update-downloaded',
    listener: UpdaterEvents['update-available'],
  ): unknown;
  on(event: 'error', listener: UpdaterEvents['error']): unknown;
}

/** What must hold before an update may restart the app. */
export interface InstallGate {
  /** No booking is being sent and no queued booking is due (the core's outbox counts). */
  outboxIdle(): boolean;
  /** Nobody is in the middle of something: the kiosk shows its start screen. */
  onIdleScreen(): Promise<boolean>;
}

export interface Timers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface UpdatesOptions {
  /** Called only when updates are on: electron-updater builds its updater on first access. */
  updater: () => UpdaterLike;
  /** The machine config's updateUrl; null switches updates off. */
  feedUrl: string | null;
  gate: InstallGate;
  log: Logger;
  timers?: Timers;
  checkEveryMs?: number; // default 4 h
  gateEveryMs?: number; // default 30 s
  /** Consecutive idle checks before installing, so a customer who just walked up is not cut off. */
  idleChecksNeeded?: number; // default 2
}

export interface Updates {
  status(): UpdateStatus;
  /** One gate check (the timer calls it); true when it started the install. */
  tryInstall(): Promise<boolean>;
  stop(): void;
}

const systemTimers: Timers = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * Background updates from a generic feed (electron-updater). Updates download as soon as they
 * are found; one that is downloaded installs (a silent restart) only when the outbox is idle and
 * the kiosk has been on its start screen for `idleChecksNeeded` checks in a row. It never
 * installs on quit by itself: a quit can come in the middle of a booking.
 */
export function startUpdates(options: UpdatesOptions): Updates {
  const { feedUrl, gate, log } = options;
  const timers = options.timers ?? systemTimers;
  const idleChecksNeeded = options.idleChecksNeeded ?? 2;
  let status: UpdateStatus = { state: feedUrl === null ? 'off' : 'idle', version: null };
  let idleChecks = 0;
  let installing = false;
  let gateTimer: unknown = null;
  let checkTimer: unknown = null;

  const stop = (): void => {
    if (gateTimer !== null) timers.clearInterval(gateTimer);
    if (checkTimer !== null) timers.clearInterval(checkTimer);
    gateTimer = checkTimer = null;
  };

  const tryInstall = async (): Promise<boolean> => {
    if (status.state !== 'ready' || installing) return false;
    const idle = gate.outboxIdle() && (await gate.onIdleScreen().catch(() => false));
    idleChecks = idle ? idleChecks + 1 : 0;
    if (idleChecks < idleChecksNeeded) return false;
    installing = true;
    stop();
    log.info('installing update', { version: status.version });
    options.updater().quitAndInstall(true, true);
    return true;
  };

  if (feedUrl === null) return { status: () => status, tryInstall, stop };

  const updater = options.updater();
  // Its messages go to our log (redacted there), not to a console nobody reads.
  const text = (message: unknown): string =>
    message instanceof Error ? `${message.name}: ${message.message}` : String(message);
  updater.logger = {
    info: (message) => log.info(`updater: ${text(message)}`),
    warn: (message) => log.warn(`updater: ${text(message)}`),
    error: (message) => log.error(`updater: ${text(message)}`),
  };
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = false;
  updater.setFeedURL({ provider: 'generic', url: feedUrl });
  updater.on('checking-for-update', () => {
    if (status.state !== 'ready' && status.state !== 'downloading')
      status = { state: 'checking', version: null };
  });
  updater.on('update-not-available', () => {
    if (status.state === 'checking') status = { state: 'idle', version: null };
  });
  updater.on('update-available', (info) => {
    status = { state: 'downloading', version: info.version };
    log.info('update found, downloading', { version: info.version });
  });
  updater.on('update-downloaded', (info) => {
    status = { state: 'ready', version: info.version };
    log.info('update downloaded, installs when the kiosk is idle', { version: info.version });
    if (gateTimer === null)
      gateTimer = timers.setInterval(() => void tryInstall(), options.gateEveryMs ?? 30_000);
  });
  updater.on('error', (error) => {
    // A failed check or download is retried at the next check; a ready update stays ready.
    if (status.state !== 'ready') status = { state: 'error', version: status.version };
    log.warn('update failed', { error: describeError(error) });
  });

  const check = (): void => {
    if (status.state === 'ready' || status.state === 'downloading') return;
    updater
      .checkForUpdates()
      .catch((error: unknown) => log.warn('update check failed', { error: describeError(error) }));
  };
  check();
  checkTimer = timers.setInterval(check, options.checkEveryMs ?? 4 * 60 * 60_000);
  return { status: () => status, tryInstall, stop };
}
