import type { UpdaterEvents, UpdaterLike } from '../../electron/main/updates';

/** A stand-in for electron-updater's autoUpdater: records calls, lets the test fire events. */
export class FakeUpdater implements UpdaterLike {
  logger: UpdaterLike['logger'] = null;
  autoDownload = false;
  autoInstallOnAppQuit = true;
  feed: unknown = null;
  checks = 0;
  installs: unknown[][] = [];
  private listeners = new Map<string, ((...args: never[]) => void)[]>();
  setFeedURL(options: { provider: 'generic'; url: string }) {
    this.feed = options;
  }
  checkForUpdates() {
    this.checks++;
    this.fire('checking-for-update');
    return Promise.resolve(null);
  }
  quitAndInstall(...args: unknown[]) {
    this.installs.push(args);
  }
  on(event: keyof UpdaterEvents, listener: UpdaterEvents[keyof UpdaterEvents]) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  fire<E extends keyof UpdaterEvents>(event: E, ...args: Parameters<UpdaterEvents[E]>) {
    for (const listener of this.listeners.get(event) ?? [])
      (listener as (...a: unknown[]) => void)(...args);
  }
}
