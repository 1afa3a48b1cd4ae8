import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, app, dialog, ipcMain, safeStorage, session } from 'electron';
import type { KioskCore, KioskCoreOptions } from '../core/kiosk-core';
import { ConfigError, loadKioskStartupConfig } from '../core/config';
import { createLogger, describeError, type Logger } from '../core/log';
import { isAppUrl } from './app-url';
import { createFileLogSink } from './file-log';
import { forwardKioskEvents, registerKioskIpc, trustedSender } from './ipc';
import { printReceiptsSilently } from './print';
import { createSafeStorageSecretStore } from './safe-storage-secret-store';
import { hardenContents, hardenSession } from './security';
import { mainWindowOptions } from './window-options';

export interface MainProcessOptions {
  createCore: (options: KioskCoreOptions) => Promise<KioskCore>;
  /** Folder of the built main script (out/main); the preload and renderer sit beside it. */
  outDir: string;
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
}

export interface MainProcess {
  window: BrowserWindow;
  core: KioskCore;
  log: Logger;
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
  await app.whenReady();
  const userData = app.getPath('userData');
  const log = createLogger('main', { sink: createFileLogSink(join(userData, 'logs', 'main.log')) });

  let core: KioskCore;
  let mode: 'kiosk' | 'counter';
  try {
    // Undefined upstream / key: keep what staff stored; null ("embedded") forces the demo server.
    const config = loadKioskStartupConfig({
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
      // The core finds drizzle/kiosk from its own source path; bundled into out/main that
      // path moves, so the app root (two levels above out/main) is named here.
      migrationsFolder: join(options.outDir, '..', '..', 'drizzle', 'kiosk'),
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

  const appUrl = pathToFileURL(join(options.outDir, '../renderer/index.html')).href;
  const isApp = (url: string): boolean => isAppUrl(url, appUrl);
  hardenSession(session.defaultSession);
  registerKioskIpc({ ipcMain, api: core.api, isTrustedSender: trustedSender(isApp), log });

  const window = new BrowserWindow(
    mainWindowOptions({
      kiosk: mode === 'kiosk',
      preloadPath: join(options.outDir, '../preload/index.cjs'),
    }),
  );
  hardenContents(window.webContents, isApp, (what) => log.warn('blocked', { what }));
  printReceiptsSilently(window.webContents, options.env.FRONTDESK_PRINTER?.trim() || null, log);
  const stopEvents = forwardKioskEvents(core.events, window.webContents, {
    ipcMain,
    isTrustedSender: trustedSender(isApp),
    log,
  });
  window.once('ready-to-show', () => window.show());
  window.on('closed', stopEvents);

  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => {
    void core.close().finally(() => app.quit());
  });

  await window.loadURL(appUrl);
  log.info('window ready', { mode });
  return { window, core, log };
}
