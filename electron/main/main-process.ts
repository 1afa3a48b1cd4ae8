import { join } from 'node:path';
import {
  BrowserWindow,
  Menu,
  app,
  dialog,
  ipcMain,
  protocol,
  safeStorage,
  session,
} from 'electron';
import { SETTING_DEFAULTS, type KioskMode } from '../../shared/settings';
import type { KioskCore, KioskCoreOptions, KioskHost } from '../core/kiosk-core';
import { ConfigError, loadKioskStartupConfig, type KioskStartupConfig } from '../core/config';
import { createLogger, describeError, type Logger, createRotatingLogFile } from '../core/platform';
import { startKioskMetrics } from '../web/kiosk-metrics';
import type { MetricsServer } from '../web/metrics-server';
import { startHubShell, type HubShell } from '../web/start-hub-shell';
import {
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  APP_URL,
  createAppProtocolHandler,
} from './app-protocol';
import { appPaths } from './app-paths';
import { isAppUrl } from './app-url';
import { forwardKioskEvents, registerKioskIpc, trustedSender } from './ipc';
import { listSystemPrinters, printReceiptsSilently, type PrintableContents } from './print';
import { watchRenderer } from './renderer-watchdog';
import { createSafeStorageSecretStore } from './safe-storage-secret-store';
import { startHubScreenWindow } from './hub-screen-window';
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
  /** null for an Electron screen of another PC's hub (hub-screen-window.ts): no core here. */
  core: KioskCore | null;
  log: Logger;
  updates: Updates;
  /** IT's /metrics endpoint when the machine config turns it on (and it started); else null. */
  metricsUrl: string | null;
}

/**
 * The screen on which nobody is in the middle of something: the walk-in start screen, or the
 * PIN screen of a locked counter. An update installs only there (updates.ts).
 */
export function idleScreenProbe(mode: KioskMode): string {
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
  // Audio mode's voices on Linux come through speech-dispatcher, which Chromium uses only when
  // asked (issue 31; docs/deploy.md says which voices to install). Only possible before 'ready'.
  if (options.platform === 'linux') app.commandLine.appendSwitch('enable-speech-dispatcher');
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
  let mode: KioskMode;
  let printing: PrintableContents | null = null;
  const refuse = (error: unknown): null => {
    const message = error instanceof ConfigError ? error.message : describeError(error).message;
    log.error('start-up failed', { message });
    dialog.showErrorBox('Frontdesk cannot start', message);
    app.exit(1); // non-zero, so that a service manager or IT's script sees the refusal
    return null;
  };
  try {
    // Undefined upstream / key: keep what staff stored; null ("embedded") forces the demo server.
    config = loadKioskStartupConfig({
      argv: options.argv,
      env: options.env,
      platform: options.platform,
      defaultDataDir: join(userData, 'kiosk'),
    });
  } catch (error) {
    return refuse(error);
  }
  // A screen of another PC's hub: no core, the hub's page, its certificate only.
  if (config.hubScreen) {
    const screenMode = config.mode ?? SETTING_DEFAULTS.mode;
    const window = startHubScreenWindow({ hub: config.hubScreen, mode: screenMode, log });
    const screenUpdates = startUpdates({
      updater: options.updater,
      feedUrl: config.updateUrl,
      log: createLogger('updates', { sink: logFile.sink }),
      gate: {
        outboxIdle: () => true, // the outbox is the hub's
        onIdleScreen: () =>
          window.webContents
            .executeJavaScript(idleScreenProbe(screenMode))
            .then((onIt: unknown) => onIt === true),
      },
    });
    app.on('window-all-closed', () => {
      screenUpdates.stop();
      app.quit();
    });
    return { window, core: null, log, updates: screenUpdates, metricsUrl: null };
  }
  try {
    const secretStore = createSafeStorageSecretStore(
      join(userData, 'api-key.bin'),
      safeStorage,
      options.platform,
    );
    // A key from IT's protected file: the core says where its copy is kept (keyCopyNote).
    if (secretStore.protection === 'plain' && config.apiKeyFile === undefined) {
      // Linux without a keyring: safeStorage "encrypts" with a fixed key (basic_text).
      log.warn(
        'no OS keychain (safeStorage backend basic_text): the API key is stored unprotected; prefer apiKeyFile (0600)',
      );
    }
    const host: KioskHost = {
      appInfo: () => ({
        version: app.getVersion(),
        update: updates?.status() ?? { state: 'off', version: null },
      }),
      // The window's contents list the system's printers (it exists once the core answers).
      printers: () => (printing ? listSystemPrinters(printing) : Promise.resolve([])),
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
    // IT's values go to the core as one object: the core applies the locks and defaults.
    core = await options.createCore({
      ...config,
      secretStore,
      migrationsFolder: paths.kioskMigrations,
      serverMigrationsFolder: paths.serverMigrations,
      host,
      logSink: logFile.sink,
    });
    // Staff choose kiosk or counter in settings, unless IT locked the mode in the machine file.
    mode =
      config.locked.includes('mode') && config.mode !== undefined
        ? config.mode
        : await core.api.getPublicSettings(undefined).then(
            (settings) => settings.mode,
            () => config.mode ?? SETTING_DEFAULTS.mode,
          );
  } catch (error) {
    return refuse(error);
  }

  if (core.setupCode !== null) {
    // For whoever installs the machine: the first staff PIN needs it (the core logged it too).
    process.stdout.write(`setup code: ${core.setupCode}\n`);
    log.warn(`setup code: ${core.setupCode}`);
  }

  // The shop's hub (machine config `hub`): this core also serves the shop's other screens over
  // HTTPS. A hub that cannot start is logged; this screen itself still works.
  let hubShell: HubShell | null = null;
  const coreForHub = core;
  if (config.hub) {
    try {
      hubShell = await startHubShell({
        api: core.api,
        apiFor: (screen) => coreForHub.apiFor(screen),
        isStaffSession: (session) => coreForHub.isStaffSession(session),
        events: core.events,
        hub: config.hub,
        dataDir: config.dataDir,
        rendererDir: paths.renderer,
        now: () => Date.now(),
        log: createLogger('hub', { sink: logFile.sink }),
      });
      log.info('hub listening', {
        url: hubShell.shell.url,
        fingerprint: hubShell.certificate.fingerprint,
      });
    } catch (error) {
      log.error('the hub could not start', { message: describeError(error).message });
    }
  }

  // IT's /metrics endpoint (machine config `metrics`): logged when it cannot start, not fatal.
  let metrics: MetricsServer | null = null;
  if (config.metrics) {
    metrics = await startKioskMetrics({
      config: config.metrics,
      core,
      version: app.getVersion(),
      dataDir: config.dataDir,
      screensConnected: () => hubShell?.shell.connectedScreens() ?? 0,
      platform: options.platform,
      log: createLogger('metrics', { sink: logFile.sink }),
    }).catch((error: unknown) => {
      log.error('the metrics endpoint could not start', { message: describeError(error).message });
      return null;
    });
  }

  // Login items exist on Windows and macOS; Linux installs use an autostart entry (docs/deploy.md).
  if (options.platform === 'win32' || options.platform === 'darwin') {
    app.setLoginItemSettings({ openAtLogin: config.openAtLogin });
  }

  const isApp = (url: string): boolean => isAppUrl(url, APP_URL);
  protocol.handle(APP_SCHEME, createAppProtocolHandler({ rendererDir: paths.renderer }));
  hardenSession(session.defaultSession);
  registerKioskIpc({ ipcMain, api: core.api, isTrustedSender: trustedSender(isApp), log });

  // No application menu: its default accelerators (reload, close, DevTools, zoom) are ways out.
  Menu.setApplicationMenu(null);
  const window = new BrowserWindow(
    mainWindowOptions({
      kiosk: mode === 'kiosk',
      packaged: app.isPackaged,
      preloadPath: paths.preload,
    }),
  );
  hardenContents(window.webContents, isApp, (what) => log.warn('blocked', { what }));
  printing = window.webContents;
  const coreForPrint = core;
  printReceiptsSilently(window.webContents, () => coreForPrint.receiptPrinter(), log);
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
      onIdleScreen: () =>
        window.webContents
          .executeJavaScript(idleScreenProbe(mode))
          .then((onIt: unknown) => onIt === true),
    },
  });

  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  });
  app.on('window-all-closed', () => {
    updates?.stop();
    void Promise.all([hubShell?.close(), metrics?.close()])
      .catch(() => undefined)
      .then(() => coreForGate.close())
      .finally(() => app.quit());
  });

  await window.loadURL(APP_URL);
  log.info('window ready', { mode, version: app.getVersion() });
  return { window, core, log, updates, metricsUrl: metrics?.url ?? null };
}
