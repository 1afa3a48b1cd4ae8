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
import type { KioskCore } from '../../electron/core/kiosk-core';

/** A stand-in for the parts of Electron the main process uses; it records what it was given. */
const electron = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => unknown;
  const state = {
    userData: '',
    locked: true,
    quit: 0,
    errorBoxes: [] as string[],
    handlers: new Map<string, Listener>(),
    appHandlers: new Map<string, Listener>(),
    windows: [] as { options: Record<string, unknown>; contents: FakeContents; loaded: string | null }[],
    permissionHandler: null as Listener | null,
    permissionCheck: null as Listener | null,
    headersHandler: null as Listener | null,
  };
  class FakeContents {
    listeners = new Map<string, Listener[]>();
    sent: { channel: string; payload: unknown }[] = [];
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
    send(channel: string, payload: unknown) {
      this.sent.push({ channel, payload });
    }
    print(options: unknown, callback?: (ok: boolean, reason: string) => void) {
      this.printed.push(options);
      callback?.(true, '');
    }
  }
  class BrowserWindow {
    webContents = new FakeContents();
    constructor(options: Record<string, unknown>) {
      state.windows.push({ options, contents: this.webContents, loaded: null });
    }
    once() {
      return this;
    }
    on() {
      return this;
    }
    loadURL(url: string) {
      const entry = state.windows.find((w) => w.contents === this.webContents);
      if (entry) entry.loaded = url;
      return Promise.resolve();
    }
    show() {}
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
  }
  const module = {
    app: {
      requestSingleInstanceLock: () => state.locked,
      quit: () => {
        state.quit++;
      },
      whenReady: () => Promise.resolve(),
      getPath: () => state.userData,
      on: (name: string, listener: Listener) => state.appHandlers.set(name, listener),
    },
    BrowserWindow,
    dialog: { showErrorBox: (_title: string, message: string) => state.errorBoxes.push(message) },
    ipcMain: {
      handle: (channel: string, listener: Listener) => state.handlers.set(channel, listener),
      removeHandler: (channel: string) => state.handlers.delete(channel),
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (text: string) => Buffer.from(`enc:${text}`),
      decryptString: (data: Buffer) => data.toString().replace(/^enc:/, ''),
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

const { startMainProcess } = await import('../../electron/main/main-process');

const OUT = '/opt/frontdesk/out/main';
const APP_URL = 'file:///opt/frontdesk/out/renderer/index.html';

/** A core stand-in: booking events reach a subscriber only while it names LIVE_SESSION. */
const LIVE_SESSION = 'live-session-0123456789';
function fakeCore(setupCode: string | null = null): KioskCore & { emit(event: KioskEvent): void; calls: unknown[]; closed: number } {
  const listeners = new Set<(event: KioskEvent) => void>();
  const calls: unknown[] = [];
  const api = Object.fromEntries(
    kioskMethods.map((method) => [
      method,
      (input: unknown) => {
        calls.push({ method, input });
        return Promise.resolve(method === 'getPublicSettings' ? { mode: settingsMode } : { valid: true });
      },
    ]),
  ) as unknown as KioskApi;
  return {
    api,
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
    closed: 0,
    close() {
      this.closed += 1;
      return Promise.resolve();
    },
  };
}

let userData: string;
let settingsMode: 'kiosk' | 'counter' = 'kiosk';
beforeEach(() => {
  // The run keeps logs to errors (vitest.config.ts); IT's log file is written at the app's default.
  vi.stubEnv('FRONTDESK_LOG_LEVEL', 'info');
  userData = mkdtempSync(join(tmpdir(), 'frontdesk-main-'));
  Object.assign(electron.state, { userData, locked: true, quit: 0, errorBoxes: [], windows: [], appHandlers: new Map() });
  electron.state.handlers.clear();
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(userData, { recursive: true, force: true });
});

let coreOptions: unknown = null;
async function start(env: Record<string, string> = {}, core = fakeCore()) {
  const main = await startMainProcess({
    createCore: (options) => {
      coreOptions = options;
      return Promise.resolve(core);
    },
    outDir: OUT,
    argv: [],
    env: { FRONTDESK_CONFIG: '', ...env },
    platform: 'linux',
  });
  const window = electron.state.windows[0];
  if (!main || !window) throw new Error('main did not start');
  return { core, main, window };
}

const frame = (url: string, parent: unknown = null) => ({ senderFrame: { url, parent } });

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
    expect(coreOptions).toMatchObject({ dataDir: join(userData, 'kiosk'), migrationsFolder: '/opt/frontdesk/drizzle/kiosk' });
    // Nothing configured: undefined keeps the upstream and key staff stored (null would force
    // the embedded server and forget the key on every start).
    expect(coreOptions).toHaveProperty('upstreamUrl', undefined);
    expect(coreOptions).toHaveProperty('apiKey', undefined);
  });

  it('forces the embedded server only when the config says "embedded"', async () => {
    await start({ FRONTDESK_UPSTREAM_URL: 'embedded' });
    expect(coreOptions).toHaveProperty('upstreamUrl', null);
    expect(coreOptions).toHaveProperty('apiKey', undefined);
    await start({ FRONTDESK_UPSTREAM_URL: 'https://api.example.com', FRONTDESK_API_KEY: 'k1' });
    expect(coreOptions).toMatchObject({ upstreamUrl: 'https://api.example.com', apiKey: 'k1' });
  });

  it("passes the machine file's locked settings to the core, and its mode only when locked", async () => {
    const config = join(userData, 'config.json');
    writeFileSync(config, JSON.stringify({ mode: 'counter', locked: ['mode', 'upstreamUrl'] }));
    const { window } = await start({ FRONTDESK_CONFIG: config });
    expect(coreOptions).toMatchObject({ locked: ['mode', 'upstreamUrl'], mode: 'counter' });
    expect(window.options.kiosk).toBeUndefined();
    writeFileSync(config, JSON.stringify({ mode: 'counter', locked: ['language'] }));
    await start({ FRONTDESK_CONFIG: config });
    expect(coreOptions).toMatchObject({ locked: ['language'] });
    expect(coreOptions).toHaveProperty('mode', undefined);
  });

  it("passes the machine file's retentionDays and a key read from apiKeyFile to the core", async () => {
    const config = join(userData, 'config.json');
    const keyFile = join(userData, 'api-key');
    writeFileSync(keyFile, 'key-from-file\n', { mode: 0o600 });
    writeFileSync(config, JSON.stringify({ upstreamUrl: 'https://api.example.com', apiKeyFile: keyFile, retentionDays: 30 }));
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

  it('quits when another instance holds the lock', async () => {
    electron.state.locked = false;
    const result = await startMainProcess({ createCore: () => Promise.reject(new Error('unused')), outDir: OUT, argv: [], env: {}, platform: 'linux' });
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
    expect(window.contents.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    const attach = { preventDefault: vi.fn() };
    window.contents.emit('will-attach-webview', attach);
    expect(attach.preventDefault).toHaveBeenCalled();
  });

  it('denies every permission request and sets the CSP header', async () => {
    await start();
    const answers: boolean[] = [];
    electron.state.permissionHandler?.(null, 'media', (granted: boolean) => answers.push(granted));
    electron.state.permissionHandler?.(null, 'geolocation', (granted: boolean) => answers.push(granted));
    expect(answers).toEqual([false, false]);
    expect(electron.state.permissionCheck?.()).toBe(false);
    let headers: Record<string, string[]> = {};
    electron.state.headersHandler?.({ responseHeaders: {} }, (response: { responseHeaders: Record<string, string[]> }) => {
      headers = response.responseHeaders;
    });
    expect(headers['Content-Security-Policy']?.[0]).toContain("script-src 'self'");
    expect(headers['Content-Security-Policy']?.[0]).toContain("object-src 'none'");
  });

  it('registers one IPC handler per contract method that checks the sender', async () => {
    const { core } = await start();
    expect([...electron.state.handlers.keys()].sort()).toEqual([...kioskMethods.map(ipcChannel), IPC_EVENT_SESSION_CHANNEL].sort());
    const verify = electron.state.handlers.get(ipcChannel('verifyStaffPin'));
    expect(await verify?.(frame(`${APP_URL}#/x`), { pin: '1234' })).toEqual({ ok: true, result: { valid: true } });
    const refused = [frame('https://evil.example/'), frame(APP_URL, { url: APP_URL }), { senderFrame: null }];
    for (const event of refused) {
      expect(await verify?.(event, { pin: '1234' })).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    expect(core.calls.map((call) => (call as { method: string }).method)).toEqual(['getPublicSettings', 'verifyStaffPin']);
  });

  it('validates IPC input with the contract before the core sees it', async () => {
    const { core } = await start();
    const slots = electron.state.handlers.get(ipcChannel('getTimeSlots'));
    const answer = await slots?.(frame(APP_URL), { date: '2026-02-30', serviceId: 's' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((answer as { error: { message: string } }).error.message).toMatch(/^date/);
    expect(core.calls.map((call) => (call as { method: string }).method)).toEqual(['getPublicSettings']);
  });

  it('forwards core events to the window', async () => {
    const { core, window } = await start();
    const event: KioskEvent = {
      type: 'status',
      status: { online: false, mode: 'offline', lastSyncAt: null, queued: 1, unknown: 0, rateLimit: null, clockSkewMs: null, lastError: null, upstream: 'remote' },
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
        state: 'queued',
        request: { serviceId: 's', employeeId: 'e', date: '2026-03-02', time: '10:00', customer: { name: 'Max', email: 'max@example.com', phone: '+49 30 999' } },
        booking: null,
        lastError: null,
        attempts: 0,
        createdAt: '2026-03-02T09:00:00.000Z',
        updatedAt: '2026-03-02T09:00:00.000Z',
        erased: false,
      },
    };
    const named = electron.state.handlers.get(IPC_EVENT_SESSION_CHANNEL);
    core.emit(booking);
    expect(window.contents.sent).toEqual([]); // no session named: customer data withheld
    expect(await named?.(frame('https://evil.example/'), { session: LIVE_SESSION })).toMatchObject({ ok: false });
    core.emit(booking);
    expect(window.contents.sent).toEqual([]);
    expect(await named?.(frame(APP_URL), { session: 'x' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await named?.(frame(APP_URL), { session: 'expired-session-000000' })).toEqual({ ok: true, result: null });
    core.emit(booking);
    expect(window.contents.sent).toEqual([]); // named, but not live
    await named?.(frame(APP_URL), { session: LIVE_SESSION });
    core.emit(booking);
    expect(window.contents.sent).toEqual([{ channel: IPC_EVENT_CHANNEL, payload: booking }]);
    await named?.(frame(APP_URL), { session: null });
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
      await start({}, fakeCore('ABCD-2345'));
    } finally {
      write.mockRestore();
    }
    expect(stdout).toContain('setup code: ABCD-2345\n');
    expect(readFileSync(join(userData, 'logs', 'main.log'), 'utf8')).toMatch(/WARN main: setup code: ABCD-2345/);
  });

  it('prints the receipt page silently only when a printer is configured', async () => {
    const { window } = await start({ FRONTDESK_PRINTER: 'Receipt-80mm' });
    window.contents.emit('did-navigate-in-page', {}, `${APP_URL}#/other`);
    window.contents.emit('did-navigate-in-page', {}, `${APP_URL}#/receipt`);
    expect(window.contents.printed).toEqual([expect.objectContaining({ silent: true, deviceName: 'Receipt-80mm' })]);
  });

  it('prints nothing without a configured printer: the receipt stays on screen', async () => {
    const { window } = await start({});
    window.contents.emit('did-navigate-in-page', {}, `${APP_URL}#/receipt`);
    expect(window.contents.printed).toEqual([]);
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
      electron.state.appHandlers.get('window-all-closed')?.();
      await vi.waitFor(() => expect(electron.state.quit).toBe(1));
    } finally {
      electron.module.app.quit = quit;
    }
    expect(closedAtQuit).toBe(1);
  });

  it('writes its log to a file in userData', async () => {
    await start();
    expect(readFileSync(join(userData, 'logs', 'main.log'), 'utf8')).toMatch(/INFO main: window ready/);
  });

  it('reports a bad machine configuration in one dialog line and quits', async () => {
    const result = await startMainProcess({
      createCore: () => Promise.reject(new Error('unused')),
      outDir: OUT,
      argv: ['--mode', 'lobby'],
      env: {},
      platform: 'linux',
    });
    expect(result).toBeNull();
    expect(electron.state.errorBoxes).toHaveLength(1);
    expect(electron.state.quit).toBe(1);
  });
});
