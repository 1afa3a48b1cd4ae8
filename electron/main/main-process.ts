import { join } from 'node:path';
import { BrowserWindow, app, dialog, ipcMain, protocol, safeStorage, session } from 'electron';
import type { KioskCore, KioskCoreOptions, KioskHost } from '../core/kiosk-core';
import { ConfigError, loadKioskStartupConfig, type KioskStartupConfig } from '../core/config';
import { createLogger, describeError, type Logger } from '../core/log';
import { createRotatingLogFile } from '../core/log-file';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, APP_URL, createAppProtocolHandler } from './app-protocol';
import { appPaths } from './app-paths';
import { shopOptions } from '../core/shop-options';
import { isAppUrl } from './app-url';
import { forwardKioskEvents, registerKioskIpc, trustedSender } from './ipc';
import { printReceiptsSilently } from './print';
import { watchRenderer } from './renderer-watchdog';
import { createSafeStorageSecretStore } from './safe-storage-secret-store';
import { hardenContents, hardenSession } from './security';
import { startUpdates, type Updates, type UpdaterLike } from './updates';
import { mainWindowOptions } from './window-options';

export interface MainProcessOptions {
  createCore: (options: KioskCoreOptions) => Promise<KioskCore>;
  /** Folder of the built main script (out/main); the preload and renderer sit beside it. */
  outDir: string;
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  /** electron-updater's autoUpdater (index.ts), asked for only when updates are on; tests pass a stand-in. */
  updater: () => UpdaterLike;
}

export interface MainProcess {
  window: BrowserWindow;
  core: KioskCore;
  log: Logger;
  updates: Updates;
}

/**
 * The screen on which nobody is in the middle of something: the walk-in start screen, or the
 * PIN screen of a locked counter. An update installs only there (updates.ts).
 */
export function idleScreenProbe(mode: 'kiosk' | 'counter'): string {
  return `document.querySelector('[data-screen="${mode === 'kiosk' ? 'start' : 'pin'}"]') !== null`;
}

/**
 * The thin Electron main: one locked instance, one hardened window, the core behind IPC.
 * Returns null when another instance already runs (this one quits) or start-up failed.
 */
export async function startMainProcess(options: MainProcessOptions): Promise<MainProcess | null> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  // Only possible before 'ready'; app://frontdesk is the renderer's origin (app-protocol.ts).
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
  await app.whenReady();
  const paths = appPaths(options.outDir);
  const userData = app.getPath('userData');
  // The OS log folder: ~/.config/Frontdesk/logs, ~/Library/Logs/Frontdesk, %APPDATA%\Frontdesk\logs.
  const logFolder = app.getPath('logs');
  const logFile = createRotatingLogFile(join(logFolder, 'main.log'));
  const log = createLogger('main', { sink: logFile.sink });

  let updates: Updates | null = null;
  let config: KioskStartupConfig;
  let core: KioskCore;
  let mode: 'kiosk' | 'counter';
  try {
    // Undefined upstream / key: keep what staff stored; null ("embedded") forces the demo server.
    config = loadKioskStartupConfig({
      argv: options.argv,
      env: options.env,
      platform: options.platform,
      defaultDataDir: join(userData, 'kiosk'),
    });
    const secretStore = createSafeStorageSecretStore(join(userData, 'api-key.bin'), safeStorage, options.platform);
    if (secretStore.protection === 'plain') {
      // Linux without a keyring: safeStorage "encrypts" with a fixed key (basic_text).
      log.warn('no OS keychain (safeStorage backend basic_text): the API key is stored unprotected; prefer apiKeyFile (0600)');
    }
    const host: KioskHost = {
      appInfo: () => ({ version: app.getVersion(), update: updates?.status() ?? { state: 'off', version: null } }),
      diagnostics: {
        folder: logFolder,
        versions: {
          app: app.getVersion(),
          electron: process.versions.electron,
          chrome: process.versions.chrome,
          node: process.versions.node,
          os: `${options.platform} ${process.arch}`,
        },
        config: { ...config }, // the API key is removed when the file is written
        recentLog: () => logFile.recent(),
      },
    };
    core = await options.createCore({
      dataDir: config.dataDir,
      staffPinHash: config.staffPinHash,
      staffIdleTimeoutSec: config.staffIdleTimeoutSec,
      upstreamUrl: config.upstreamUrl,
      apiKey: config.apiKey,
      // Fields IT locked in the machine file are read-only in Settings; a locked mode is IT's.
      locked: config.locked,
      mode: config.locked.includes('mode') ? config.mode : undefined,
      secretStore,
      retentionDays: config.retentionDays,
      ...(config.language === undefined ? {} : { language: config.language }),
      ...shopOptions(config.shop),
      migrationsFolder: paths.kioskMigrations,
      serverMigrationsFolder: paths.serverMigrations,
      host,
      logSink: logFile.sink,
    });
    // Staff choose kiosk or counter in settings, unless IT locked the mode in the machine file.
    mode = config.locked.includes('mode')
      ? config.mode
      : await core.api.getPublicSettings(undefined).then(
          (settings) => settings.mode,
          () => config.mode,
        );
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : describeError(error).message;
    log.error('start-up failed', { message });
    dialog.showErrorBox('Frontdesk cannot start', message);
    app.quit();
    return null;
  }

  if (core.setupCode !== null) {
    // For whoever installs the machine: the first staff PIN needs it (the core logged it too).
    process.stdout.write(`setup code: ${core.setupCode}\n`);
    log.warn(`setup code: ${core.setupCode}`);
  }

  // Login items exist on Windows and macOS; Linux installs use an autostart entry (docs/deploy.md).
  if (options.platform === 'win32' || options.platform === 'darwin') {
    app.setLoginItemSettings({ openAtLogin: config.openAtLogin });
  }

  const isApp = (url: string): boolean => isAppUrl(url, APP_URL);
  protocol.handle(APP_SCHEME, createAppProtocolHandler({ rendererDir: paths.renderer }));
  hardenSession(session.defaultSession);
  registerKioskIpc({ ipcMain, api: core.api, isTrustedSender: trustedSender(isApp), log });

  const window = new BrowserWindow(mainWindowOptions({ kiosk: mode === 'kiosk', preloadPath: paths.preload }));
  hardenContents(window.webContents, isApp, (what) => log.warn('blocked', { what }));
  printReceiptsSilently(window.webContents, options.env.FRONTDESK_PRINTER?.trim() || null, log);
  watchRenderer(window, { url: APP_URL, log });
  const stopEvents = forwardKioskEvents(core.events, window.webContents, {
    ipcMain,
    isTrustedSender: trustedSender(isApp),
    log,
  });
  window.once('ready-to-show', () => window.show());
  window.on('closed', stopEvents);

  const coreForGate = core;
  updates = startUpdates({
    updater: options.updater,
    feedUrl: config.updateUrl,
    log: createLogger('updates', { sink: logFile.sink }),
    gate: {
      outboxIdle: () => {
        const counts = coreForGate.outboxCounts();
        return counts.sending === 0 && counts.dueNow === 0;
      },
      onIdleScreen: () => window.webContents.executeJavaScript(idleScreenProbe(mode)).then((onIt: unknown) => onIt === true),
    },
  });

  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  });
  app.on('window-all-closed', () => {
    updates?.stop();
    void coreForGate.close().finally(() => app.quit());
  });

  await window.loadURL(APP_URL);
  log.info('window ready', { mode, version: app.getVersion() });
  return { window, core, log, updates };
}
