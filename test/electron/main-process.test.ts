import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IPC_EVENT_CHANNEL,
  IPC_EVENT_SESSION_CHANNEL,
  ipcChannel,
  kioskMethods,
  type KioskApi,
  type KioskEvent,
} from '../../shared/kiosk-api';
import type { KioskCore, KioskHost } from '../../electron/core/kiosk-core';
import { KioskStartRefusal } from '../../electron/core/db/start-refusal';
import { FakeUpdater } from './fake-updater';

/** A stand-in for the parts of Electron the main process uses; it records what it was given. */
const electron = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => unknown;
  const state = {
    userData: '',
    storageBackend: 'gnome_libsecret',
    locked: true,
    quit: 0,
    errorBoxes: [] as string[],
    exitCodes: [] as number[],
    handlers: new Map<string, Listener>(),
    appHandlers: new Map<string, Listener>(),
    windows: [] as {
      options: Record<string, unknown>;
      contents: FakeContents;
      loaded: string | null;
      window: { loads: number; focused: number; emit(name: string, ...args: unknown[]): void };
    }[],
    permissionHandler: null as Listener | null,
    permissionCheck: null as Listener | null,
    headersHandler: null as Listener | null,
    privilegedSchemes: [] as unknown[],
    appListeners: new Map<string, Listener[]>(),
    loginItems: [] as unknown[],
    switches: [] as string[],
    screen: 'start',
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    packaged: false,
    /** Every Menu.setApplicationMenu call, in order (null removes the menu). */
    menus: [] as unknown[],
  };
  class FakeContents {
    listeners = new Map<string, Listener[]>();
    sent: { channel: string; payload: unknown; session?: unknown }[] = [];
    printed: unknown[] = [];
    openHandler: Listener | null = null;
    on(name: string, listener: Listener) {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
      return this;
    }
    emit(name: string, ...args: unknown[]) {
      for (const listener of this.listeners.get(name) ?? []) listener(...args);
    }
    setWindowOpenHandler(handler: Listener) {
      this.openHandler = handler;
    }
    isDestroyed() {
      return false;
    }
    send(channel: string, payload: unknown, ...session: unknown[]) {
      this.sent.push({ channel, payload, ...(session.length > 0 ? { session: session[0] } : {}) });
    }
    /** What the system lists (Electron's PrinterInfo, with fields the app ignores). */
    printers: { name: string; displayName: string; description: string; options: object }[] = [
      { name: 'Receipt-80mm', displayName: 'Receipt 80 mm', description: '', options: {} },
      { name: 'Office_A4', displayName: '', description: 'laser', options: {} },
    ];
    getPrintersAsync() {
      return Promise.resolve(this.printers);
    }
    print(options: unknown, callback?: (ok: boolean, reason: string) => void) {
      this.printed.push(options);
      callback?.(true, '');
    }
    crashed = 0;
    forcefullyCrashRenderer() {
      this.crashed++;
    }
    /** Answers the idle-screen probe: true when it asks for the screen the page shows. */
    executeJavaScript(code: string) {
      return Promise.resolve(
        /^document\.querySelector\('\[data-screen="(\w+)"\]'\) !== null$/.exec(code)?.[1] ===
          state.screen,
      );
    }
  }
  class BrowserWindow {
    webContents = new FakeContents();
    listeners = new Map<string, Listener[]>();
    loads = 0;
    focused = 0;
    constructor(options: Record<string, unknown>) {
      state.windows.push({ options, contents: this.webContents, loaded: null, window: this });
    }
    once() {
      return this;
    }
    on(name: string, listener: Listener) {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
      return this;
    }
    emit(name: string, ...args: unknown[]) {
      for (const listener of this.listeners.get(name) ?? []) listener(...args);
    }
    loadURL(url: string) {
      this.loads++;
      const entry = state.windows.find((w) => w.contents === this.webContents);
      if (entry) entry.loaded = url;
      return Promise.resolve();
    }
    show() {}
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {
      this.focused++;
    }
  }
  const module = {
    app: {
      requestSingleInstanceLock: () => state.locked,
      quit: () => {
        state.quit++;
      },
      exit: (code: number) => {
        state.quit++;
        state.exitCodes.push(code);
      },
      whenReady: () => Promise.resolve(),
      get isPackaged() {
        return state.packaged;
      },
      getPath: (name: string) => (name === 'logs' ? `${state.userData}/logs` : state.userData),
      getVersion: () => '1.4.0',
      setLoginItemSettings: (settings: unknown) => state.loginItems.push(settings),
      commandLine: { appendSwitch: (name: string) => state.switches.push(name) },
      on: (name: string, listener: Listener) =>
        state.appListeners.set(name, [...(state.appListeners.get(name) ?? []), listener]),
    },
    BrowserWindow,
    Menu: { setApplicationMenu: (menu: unknown) => state.menus.push(menu) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => state.privilegedSchemes.push(...schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
        state.protocolHandlers.set(scheme, handler),
    },
    dialog: { showErrorBox: (_title: string, message: string) => state.errorBoxes.push(message) },
    ipcMain: {
      handle: (channel: string, listener: Listener) => state.handlers.set(channel, listener),
      removeHandler: (channel: string) => state.handlers.delete(channel),
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (text: string) => Buffer.from(`enc:${text}`),
      decryptString: (data: Buffer) => data.toString().replace(/^enc:/, ''),
      getSelectedStorageBackend: () => state.storageBackend,
    },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: (handler: Listener) => (state.headersHandler = handler) },
        setPermissionRequestHandler: (handler: Listener) => (state.permissionHandler = handler),
        setPermissionCheckHandler: (handler: Listener) => (state.permissionCheck = handler),
      },
    },
  };
  return { state, module, FakeContents };
});

vi.mock('electron', () => ({ ...electron.module, default: electron.module }));

// The unit project runs its files in one module registry (isolate: false): evaluate the main
// process afresh, so that it takes this file's stand-in for electron, not an earlier file's.
vi.resetModules();
const { startMainProcess } = await import('../../electron/main/main-process');

const OUT = '/opt/frontdesk/out/main';
const APP_URL = 'app://frontdesk/index.html';

/** A core stand-in: booking events reach a subscriber only while it names LIVE_SESSION. */
const LIVE_SESSION = 'live-session-0123456789';
function fakeCore(
  setupCode: string | null = null,
): KioskCore & { emit(event: KioskEvent): void; calls: unknown[]; closed: number } {
  const listeners = new Set<(event: KioskEvent) => void>();
  const calls: unknown[] = [];
  const api = Object.fromEntries(
    kioskMethods.map((method) => [
      method,
      (input: unknown) => {
        calls.push({ method, input });
        return Promise.resolve(
          method === 'getPublicSettings' ? { mode: settingsMode } : { valid: true },
        );
      },
    ]),
  ) as unknown as KioskApi;
  return {
    api,
    apiFor: () => api,
    calls,
    setupCode,
    events: {
      subscribe: (listener, options) => {
        const filtered = (event: KioskEvent): void => {
          if (event.type === 'status' || options?.session?.() === LIVE_SESSION) listener(event);
        };
        listeners.add(filtered);
        return () => listeners.delete(filtered);
      },
    },
    emit: (event) => listeners.forEach((listener) => listener(event)),
    outboxCounts: () => ({
      queued: 0,
      sending: 0,
      sent: 0,
      rejected: 0,
      unknown: 0,
      discarded: 0,
      quarantined: 0,
      dueNow: 0,
    }),
    isStaffSession: (session) => session === LIVE_SESSION,
    receiptPrinter: () => printerSetting,
    metrics: () => ({
      online: true,
      mode: 'enabled',
      secondsSinceAnswer: 0,
      bookings: {
        queued: { count: 0, oldestAgeSeconds: null },
        unknown: { count: 0, oldestAgeSeconds: null },
        refused: { count: 0, oldestAgeSeconds: null },
      },
      unreachableSeconds: 0,
      setAside: 0,
      waitingForStaff: { count: 0, oldestAgeSeconds: null },
      budget: { dayUsed: 0, dayLimit: 1000, minuteUsed: 0, minuteLimit: 60 },
      health: {
        backupAgeSeconds: null,
        databaseChecks: { start: true, integrity: null },
        update: 'off',
        speechVoices: [],
      },
    }),
    closed: 0,
    close() {
      this.closed += 1;
      return Promise.resolve();
    },
  };
}

let userData: string;
/** The receipt printer the fake core's settings hold (staff's choice or IT's FRONTDESK_PRINTER). */
let printerSetting: string | null = null;
let settingsMode: 'kiosk' | 'counter' = 'kiosk';
beforeEach(() => {
  // The run keeps logs to errors (vitest.config.ts); IT's log file is written at the app's default.
  vi.stubEnv('FRONTDESK_LOG_LEVEL', 'info');
  userData = mkdtempSync(join(tmpdir(), 'frontdesk-main-'));
  printerSetting = null;
  Object.assign(electron.state, {
    userData,
    locked: true,
    quit: 0,
    errorBoxes: [],
    exitCodes: [],
    windows: [],
    privilegedSchemes: [],
    loginItems: [],
    switches: [],
    screen: 'start',
    packaged: false,
    menus: [],
  });
  electron.state.protocolHandlers.clear();
  electron.state.appListeners.clear();
  electron.state.handlers.clear();
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(userData, { recursive: true, force: true });
});

let coreOptions: unknown = null;
async function start(
  env: Record<string, string> = {},
  platform: NodeJS.Platform = 'linux',
  core = fakeCore(),
) {
  const updater = new FakeUpdater();
  const main = await startMainProcess({
    updater: () => updater,
    createCore: (options) => {
      coreOptions = options;
      return Promise.resolve(core);
    },
    outDir: OUT,
    argv: [],
    env: { FRONTDESK_CONFIG: '', ...env },
    platform,
  });
  const window = electron.state.windows[0];
  if (!main || !window) throw new Error('main did not start');
  return { core, main, window, updater };
}

const frame = (url: string, parent: unknown = null) => ({ senderFrame: { url, parent } });

function navigateBlocked(
  window: { contents: InstanceType<typeof electron.FakeContents> },
  url: string,
): boolean {
  const event = { preventDefault: vi.fn() };
  window.contents.emit('will-navigate', event, url);
  return event.preventDefault.mock.calls.length > 0;
}

describe('electron main', () => {
  it('opens one hardened window in kiosk mode with the sandboxed CJS preload', async () => {
    const { window } = await start();
    const prefs = window.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      preload: '/opt/frontdesk/out/preload/index.cjs',
    });
    expect(window.options).toMatchObject({ kiosk: true, fullscreen: true });
    expect(window.loaded).toBe(APP_URL);
    // The core's data and migrations: userData and the app's drizzle folder, not the bundle's.
    expect(coreOptions).toMatchObject({
      dataDir: join(userData, 'kiosk'),
      migrationsFolder: '/opt/frontdesk/drizzle/kiosk',
      serverMigrationsFolder: '/opt/frontdesk/drizzle/server',
    });
    // Nothing configured: undefined keeps the upstream and key staff stored (null would force
    // the embedded server and forget the key on every start).
    expect(coreOptions).toHaveProperty('upstreamUrl', undefined);
    expect(coreOptions).toHaveProperty('apiKey', undefined);
  });

  it('serves the renderer over a privileged app:// scheme from out/renderer only', async () => {
    const { window } = await start();
    expect(electron.state.privilegedSchemes).toContainEqual({
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: true },
    });
    expect(window.loaded).toMatch(/^app:\/\/frontdesk\//);
    const handler = electron.state.protocolHandlers.get('app');
    // /opt/frontdesk does not exist: the handler looks there (a 404), never at file:// URLs.
    const response = await handler?.(new Request('app://frontdesk/index.html'));
    expect(response?.status).toBe(404);
    expect(response?.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(navigateBlocked(window, 'file:///opt/frontdesk/out/renderer/index.html')).toBe(true);
  });

  it('forces the embedded server only when the config says "embedded"', async () => {
    await start({ FRONTDESK_UPSTREAM_URL: 'embedded' });
    expect(coreOptions).toHaveProperty('upstreamUrl', null);
    expect(coreOptions).toHaveProperty('apiKey', undefined);
    await start({ FRONTDESK_UPSTREAM_URL: 'https://api.example.com', FRONTDESK_API_KEY: 'k1' });
    expect(coreOptions).toMatchObject({ upstreamUrl: 'https://api.example.com', apiKey: 'k1' });
  });

  it("passes the machine file's locked settings and mode to the core; the window follows a locked mode", async () => {
    const config = join(userData, 'config.json');
    writeFileSync(config, JSON.stringify({ mode: 'counter', locked: ['mode', 'upstreamUrl'] }));
    const { window } = await start({ FRONTDESK_CONFIG: config });
    expect(coreOptions).toMatchObject({ locked: ['mode', 'upstreamUrl'], mode: 'counter' });
    expect(window.options.kiosk).toBeUndefined();
    writeFileSync(config, JSON.stringify({ mode: 'counter', locked: ['language'] }));
    await start({ FRONTDESK_CONFIG: config });
    // Unlocked, IT's mode is the core's default (staff choose); the window follows the core's
    // answer, here the double's staff setting (kiosk).
    expect(coreOptions).toMatchObject({ locked: ['language'], mode: 'counter' });
    expect(electron.state.windows[1]?.options).toMatchObject({ kiosk: true });
  });

  it("serves IT's /metrics from the core's snapshot behind the token file, and closes it with the app", async () => {
    const config = join(userData, 'config.json');
    const tokenFile = join(userData, 'metrics-token');
    writeFileSync(tokenFile, 'scrape-token-1\n', { mode: 0o600 });
    writeFileSync(config, JSON.stringify({ metrics: { listen: '127.0.0.1:0', tokenFile } }));
    const { main } = await start({ FRONTDESK_CONFIG: config });
    const url = main.metricsUrl ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect((await fetch(url)).status).toBe(401);
    const answer = await fetch(url, { headers: { authorization: 'Bearer scrape-token-1' } });
    const text = await answer.text();
    expect(text).toMatch(/^frontdesk_info\{version="1\.4\.0"\} 1$/m);
    expect(text).toMatch(/^frontdesk_api_budget_limit\{window="day"\} 1000$/m);
    expect(text).toMatch(/^frontdesk_screens_connected 0$/m);
    for (const listener of electron.state.appListeners.get('window-all-closed') ?? []) listener();
    await expect
      .poll(() =>
        fetch(url).then(
          () => 'open',
          () => 'closed',
        ),
      )
      .toBe('closed');
  });

  it("passes the machine file's retentionDays and a key read from apiKeyFile to the core", async () => {
    const config = join(userData, 'config.json');
    const keyFile = join(userData, 'api-key');
    writeFileSync(keyFile, 'key-from-file\n', { mode: 0o600 });
    writeFileSync(
      config,
      JSON.stringify({
        upstreamUrl: 'https://api.example.com',
        apiKeyFile: keyFile,
        retentionDays: 30,
      }),
    );
    await start({ FRONTDESK_CONFIG: config });
    expect(coreOptions).toMatchObject({ apiKey: 'key-from-file', retentionDays: 30 });
  });

  it('counter mode (the staff setting) is a normal window', async () => {
    settingsMode = 'counter';
    try {
      const { window } = await start();
      expect(window.options.kiosk).toBeUndefined();
    } finally {
      settingsMode = 'kiosk';
    }
  });

  it('removes the application menu (and its reload, close and DevTools shortcuts) before the window opens', async () => {
    await start();
    expect(electron.state.menus).toEqual([null]);
  });

  it.each([
    ['kiosk', true, false],
    ['counter', true, false],
    ['kiosk', false, false],
    ['counter', false, true],
  ] as const)('%s mode, packaged %s: DevTools %s', async (mode, packaged, devTools) => {
    settingsMode = mode;
    electron.state.packaged = packaged;
    try {
      const { window } = await start();
      expect((window.options.webPreferences as Record<string, unknown>).devTools).toBe(devTools);
    } finally {
      settingsMode = 'kiosk';
    }
  });

  it('refuses an http:// updateUrl in the machine file: one dialog line, no window', async () => {
    const config = join(userData, 'config.json');
    writeFileSync(config, JSON.stringify({ updateUrl: 'http://updates.example.com/frontdesk' }));
    const result = await startMainProcess({
      updater: () => new FakeUpdater(),
      createCore: () => Promise.resolve(fakeCore()),
      outDir: OUT,
      argv: [],
      env: { FRONTDESK_CONFIG: config },
      platform: 'linux',
    });
    expect(result).toBeNull();
    expect(electron.state.errorBoxes).toEqual([
      expect.stringMatching(/field updateUrl: expected an https URL/),
    ]);
    expect(electron.state.windows).toHaveLength(0);
  });

  it('quits when another instance holds the lock', async () => {
    electron.state.locked = false;
    const result = await startMainProcess({
      updater: () => new FakeUpdater(),
      createCore: () => Promise.reject(new Error('unused')),
      outDir: OUT,
      argv: [],
      env: {},
      platform: 'linux',
    });
    expect(result).toBeNull();
    expect(electron.state.quit).toBe(1);
    expect(electron.state.windows).toHaveLength(0);
  });

  it('blocks navigation away from the app and every window.open', async () => {
    const { window } = await start();
    const navigate = (url: string) => {
      const event = { preventDefault: vi.fn() };
      window.contents.emit('will-navigate', event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate(`${APP_URL}#/receipt`)).toBe(false);
    expect(window.contents.openHandler?.({ url: 'https://evil.example/' })).toEqual({
      action: 'deny',
    });
    const attach = { preventDefault: vi.fn() };
    window.contents.emit('will-attach-webview', attach);
    expect(attach.preventDefault).toHaveBeenCalled();
  });

  it('denies every permission request and sets the CSP header', async () => {
    await start();
    const answers: boolean[] = [];
    electron.state.permissionHandler?.(null, 'media', (granted: boolean) => answers.push(granted));
    electron.state.permissionHandler?.(null, 'geolocation', (granted: boolean) =>
      answers.push(granted),
    );
    expect(answers).toEqual([false, false]);
    expect(electron.state.permissionCheck?.()).toBe(false);
    let headers: Record<string, string[]> = {};
    electron.state.headersHandler?.(
      { responseHeaders: {} },
      (response: { responseHeaders: Record<string, string[]> }) => {
        headers = response.responseHeaders;
      },
    );
    expect(headers['Content-Security-Policy']?.[0]).toContain("script-src 'self'");
    expect(headers['Content-Security-Policy']?.[0]).toContain("object-src 'none'");
  });

  it('registers one IPC handler per contract method that checks the sender', async () => {
    const { core } = await start();
    expect([...electron.state.handlers.keys()].sort()).toEqual(
      [...kioskMethods.map(ipcChannel), IPC_EVENT_SESSION_CHANNEL].sort(),
    );
    const verify = electron.state.handlers.get(ipcChannel('verifyStaffPin'));
    expect(await verify?.(frame(`${APP_URL}#/x`), { pin: '1234' })).toEqual({
      ok: true,
      result: { valid: true },
    });
    const refused = [
      frame('https://evil.example/'),
      frame(APP_URL, { url: APP_URL }),
      { senderFrame: null },
    ];
    for (const event of refused) {
      expect(await verify?.(event, { pin: '1234' })).toMatchObject({
        ok: false,
        error: { code: 'unauthorized' },
      });
    }
    expect(core.calls.map((call) => (call as { method: string }).method)).toEqual([
      'getPublicSettings',
      'verifyStaffPin',
    ]);
  });

  it('validates IPC input with the contract before the core sees it', async () => {
    const { core } = await start();
    const slots = electron.state.handlers.get(ipcChannel('getTimeSlots'));
    const answer = await slots?.(frame(APP_URL), { date: '2026-02-30', serviceId: 's' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((answer as { error: { message: string } }).error.message).toMatch(/^date/);
    expect(core.calls.map((call) => (call as { method: string }).method)).toEqual([
      'getPublicSettings',
    ]);
  });

  it('forwards core events to the window', async () => {
    const { core, window } = await start();
    const event: KioskEvent = {
      type: 'status',
      status: {
        online: false,
        mode: 'offline',
        lastSyncAt: null,
        queued: 1,
        unknown: 0,
        rateLimit: null,
        clockSkewMs: null,
        lastError: null,
        upstream: 'remote',
      },
    };
    core.emit(event);
    expect(window.contents.sent).toEqual([{ channel: IPC_EVENT_CHANNEL, payload: event }]);
  });

  it('sends booking events only while the page names a live staff session', async () => {
    const { core, window } = await start();
    const booking: KioskEvent = {
      type: 'booking',
      booking: {
        localId: 'loc-1',
        reference: 'LOC1',
        state: 'queued',
        request: {
          serviceId: 's',
          employeeId: 'e',
          date: '2026-03-02',
          time: '10:00',
          customer: { name: 'Max', email: 'max@example.com', phone: '+49 30 999' },
        },
        booking: null,
        lastError: null,
        attempts: 0,
        createdAt: '2026-03-02T09:00:00.000Z',
        updatedAt: '2026-03-02T09:00:00.000Z',
        erased: false,
      },
    };
    const watch = electron.state.handlers.get(IPC_EVENT_SESSION_CHANNEL);
    core.emit(booking);
    expect(window.contents.sent).toEqual([]); // no session watched: customer data withheld
    expect(
      await watch?.(frame('https://evil.example/'), { session: LIVE_SESSION, watching: true }),
    ).toMatchObject({ ok: false });
    core.emit(booking);
    expect(window.contents.sent).toEqual([]);
    expect(await watch?.(frame(APP_URL), { session: 'x', watching: true })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(
      await watch?.(frame(APP_URL), { session: 'expired-session-000000', watching: true }),
    ).toEqual({ ok: true, result: null });
    core.emit(booking);
    expect(window.contents.sent).toEqual([]); // watched, but not live
    await watch?.(frame(APP_URL), { session: LIVE_SESSION, watching: true });
    core.emit(booking);
    expect(window.contents.sent).toEqual([
      { channel: IPC_EVENT_CHANNEL, payload: booking, session: LIVE_SESSION },
    ]);
    await watch?.(frame(APP_URL), { session: LIVE_SESSION, watching: false });
    core.emit(booking);
    expect(window.contents.sent).toHaveLength(1);
  });

  it('prints the setup code of a kiosk without a staff PIN to stdout and the log', async () => {
    const stdout: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      stdout.push(String(chunk));
      return true;
    });
    try {
      await start({}, 'linux', fakeCore('ABCD-2345'));
    } finally {
      write.mockRestore();
    }
    expect(stdout).toContain('setup code: ABCD-2345\n');
    expect(readFileSync(join(userData, 'logs', 'main.log'), 'utf8')).toMatch(
      /WARN main: setup code: ABCD-2345/,
    );
  });

  it("IT's FRONTDESK_PRINTER reaches the core as the printer setting (staff's setting otherwise)", async () => {
    await start({ FRONTDESK_PRINTER: 'Receipt-80mm' });
    expect(coreOptions).toMatchObject({ printer: 'Receipt-80mm' });
  });

  it('prints the receipt page silently on the printer the settings hold, read at each receipt', async () => {
    printerSetting = 'Receipt-80mm';
    const { window } = await start({});
    window.contents.emit('did-navigate-in-page', {}, `${APP_URL}#/other`);
    window.contents.emit('did-navigate-in-page', {}, `${APP_URL}#/receipt`);
    printerSetting = 'Office_A4'; // staff chose another in Settings: the next receipt goes there
    window.contents.emit('did-navigate-in-page', {}, `${APP_URL}#/receipt`);
    expect(window.contents.printed).toEqual([
      expect.objectContaining({ silent: true, deviceName: 'Receipt-80mm' }),
      expect.objectContaining({ silent: true, deviceName: 'Office_A4' }),
    ]);
  });

  it('prints nothing without a configured printer: the receipt stays on screen', async () => {
    const { window } = await start({});
    window.contents.emit('did-navigate-in-page', {}, `${APP_URL}#/receipt`);
    expect(window.contents.printed).toEqual([]);
  });

  it("gives the core the system's printers from the window (getPrintersAsync), names kept apart from labels", async () => {
    await start({});
    const host = (coreOptions as { host: KioskHost }).host;
    expect(await host.printers?.()).toEqual([
      { name: 'Receipt-80mm', displayName: 'Receipt 80 mm' },
      { name: 'Office_A4', displayName: 'Office_A4' }, // no display name: its name is shown
    ]);
  });

  it('closes the core before it quits when the last window closes', async () => {
    const { core } = await start();
    let closedAtQuit: number | null = null;
    const quit = electron.module.app.quit;
    electron.module.app.quit = () => {
      closedAtQuit = core.closed;
      quit();
    };
    try {
      for (const listener of electron.state.appListeners.get('window-all-closed') ?? []) listener();
      await vi.waitFor(() => expect(electron.state.quit).toBe(1));
    } finally {
      electron.module.app.quit = quit;
    }
    expect(closedAtQuit).toBe(1);
  });

  it("writes its log to main.log in the OS log folder, the core's lines included", async () => {
    await start();
    const log = readFileSync(join(userData, 'logs', 'main.log'), 'utf8');
    expect(log).toMatch(/INFO main: window ready/);
    expect(log).not.toMatch(/no OS keychain/);
    expect(coreOptions).toHaveProperty('logSink', expect.any(Function));
  });

  it('warns in the log when Linux has no keychain (safeStorage basic_text)', async () => {
    electron.state.storageBackend = 'basic_text';
    try {
      await start();
    } finally {
      electron.state.storageBackend = 'gnome_libsecret';
    }
    expect(readFileSync(join(userData, 'logs', 'main.log'), 'utf8')).toMatch(
      /WARN main: no OS keychain \(safeStorage backend basic_text\)/,
    );
  });

  it("issue 28: no advice to use a protected file when IT's key came from one (the core says where its copy is)", async () => {
    const keyFile = join(userData, 'api-key');
    writeFileSync(keyFile, 'key-from-it', { mode: 0o600 });
    electron.state.storageBackend = 'basic_text';
    try {
      await start({
        FRONTDESK_UPSTREAM_URL: 'https://api.example.com',
        FRONTDESK_API_KEY_FILE: keyFile,
      });
    } finally {
      electron.state.storageBackend = 'gnome_libsecret';
    }
    const log = readFileSync(join(userData, 'logs', 'main.log'), 'utf8');
    expect(log).not.toMatch(/prefer apiKeyFile|no OS keychain/);
    expect(coreOptions).toMatchObject({ apiKey: 'key-from-it', apiKeyFile: keyFile });
    expect(coreOptions).toHaveProperty('secretStore.location', join(userData, 'api-key.bin'));
  });

  it('reloads a crashed renderer and crashes a hung one so that it reloads', async () => {
    vi.useFakeTimers();
    try {
      const { window } = await start();
      const loadsBefore = window.window.loads;
      window.contents.emit('render-process-gone', {}, { reason: 'crashed' });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(window.window.loads).toBe(loadsBefore + 1);
      expect(window.loaded).toBe(APP_URL);
      window.contents.emit('render-process-gone', {}, { reason: 'clean-exit' });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(window.window.loads).toBe(loadsBefore + 1);

      window.window.emit('unresponsive');
      await vi.advanceTimersByTimeAsync(5_000);
      window.window.emit('responsive');
      await vi.advanceTimersByTimeAsync(30_000);
      expect(window.contents.crashed).toBe(0);
      window.window.emit('unresponsive');
      await vi.advanceTimersByTimeAsync(15_000);
      expect(window.contents.crashed).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('focuses the window when a second instance starts', async () => {
    const { window } = await start();
    for (const listener of electron.state.appListeners.get('second-instance') ?? []) listener();
    expect(window.window.focused).toBe(1);
  });

  it('asks Chromium for speech-dispatcher on Linux only (audio mode, issue 31)', async () => {
    await start({}, 'win32');
    expect(electron.state.switches).toEqual([]);
    await start({}, 'linux');
    expect(electron.state.switches).toEqual(['enable-speech-dispatcher']);
  });

  it('starts at login only where the machine file says openAtLogin', async () => {
    const config = join(userData, 'config.json');
    writeFileSync(config, JSON.stringify({ openAtLogin: true }));
    await start({ FRONTDESK_CONFIG: config }, 'win32');
    expect(electron.state.loginItems).toEqual([{ openAtLogin: true }]);
    writeFileSync(config, JSON.stringify({}));
    await start({ FRONTDESK_CONFIG: config }, 'darwin');
    expect(electron.state.loginItems).toEqual([{ openAtLogin: true }, { openAtLogin: false }]);
  });

  it("updates from the machine file's updateUrl and installs only when idle on the start screen", async () => {
    const config = join(userData, 'config.json');
    writeFileSync(config, JSON.stringify({ updateUrl: 'https://updates.example.com/frontdesk' }));
    const { core, main, updater } = await start({ FRONTDESK_CONFIG: config });
    expect(updater.feed).toEqual({
      provider: 'generic',
      url: 'https://updates.example.com/frontdesk',
    });
    updater.fire('update-downloaded', { version: '1.5.0' });
    const host = (coreOptions as { host: { appInfo(): unknown } }).host;
    expect(host.appInfo()).toEqual({
      version: '1.4.0',
      update: { state: 'ready', version: '1.5.0' },
    });

    let counts = {
      queued: 1,
      sending: 0,
      sent: 0,
      rejected: 0,
      unknown: 0,
      discarded: 0,
      quarantined: 0,
      dueNow: 1,
    };
    core.outboxCounts = () => counts;
    for (let i = 0; i < 3; i++) await main.updates.tryInstall();
    expect(updater.installs).toEqual([]);
    counts = { ...counts, dueNow: 0 }; // queued for later (backing off): not in the way
    electron.state.screen = 'details';
    for (let i = 0; i < 3; i++) await main.updates.tryInstall();
    expect(updater.installs).toEqual([]);
    electron.state.screen = 'start';
    await main.updates.tryInstall();
    await main.updates.tryInstall();
    expect(updater.installs).toHaveLength(1);
  });

  it('keeps updates off without an updateUrl', async () => {
    const { updater, main } = await start();
    expect(updater.feed).toBeNull();
    expect(updater.checks).toBe(0);
    expect(main.updates.status()).toEqual({ state: 'off', version: null });
  });

  it('reports a bad machine configuration in one dialog line and quits', async () => {
    const result = await startMainProcess({
      updater: () => new FakeUpdater(),
      createCore: () => Promise.reject(new Error('unused')),
      outDir: OUT,
      argv: ['--mode', 'lobby'],
      env: {},
      platform: 'linux',
    });
    expect(result).toBeNull();
    expect(electron.state.errorBoxes).toHaveLength(1);
    expect(electron.state.quit).toBe(1);
    expect(electron.state.exitCodes).toEqual([1]);
  });

  it("shows the core's start refusal (an emptied kiosk.db) as its one line and exits 1", async () => {
    const refusal = new KioskStartRefusal({ reason: 'empty', generation: 12 });
    const result = await startMainProcess({
      updater: () => new FakeUpdater(),
      createCore: () => Promise.reject(refusal),
      outDir: OUT,
      argv: [],
      env: {},
      platform: 'linux',
    });
    expect(result).toBeNull();
    expect(electron.state.errorBoxes).toEqual([refusal.message]);
    expect(refusal.message).toMatch(
      /^database refused: kiosk\.db is empty \(0 bytes\)[^\n]*docs\/deploy\.md$/,
    );
    expect(electron.state.exitCodes).toEqual([1]);
  });
});
