/**
 * An Electron screen of a hub (machine config `hub: { url, fingerprint }`) through the real
 * electron/main with a stand-in for the `electron` module: no core is created, the window loads
 * the hub's URL without a preload, and the certificate checks Electron is given trust the hub's
 * host with exactly the configured certificate and refuse another certificate (even a valid-looking
 * one for the same name), the right certificate on another host, and anything else.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadHubCertificate } from '../../electron/core/hub/hub-certificate';
import { silentLogger } from '../../electron/core/platform/log';
import { FakeUpdater } from './fake-updater';

type Listener = (...args: unknown[]) => unknown;
const electron = vi.hoisted(() => {
  const state = {
    userData: '',
    verifyProc: null as Listener | null,
    appListeners: new Map<string, Listener[]>(),
    windows: [] as { options: Record<string, unknown>; loaded: string[] }[],
    errorBoxes: [] as string[],
  };
  class BrowserWindow {
    entry: { options: Record<string, unknown>; loaded: string[] };
    webContents = {
      on: () => undefined,
      setWindowOpenHandler: () => undefined,
      executeJavaScript: () => Promise.resolve(false),
    };
    constructor(options: Record<string, unknown>) {
      this.entry = { options, loaded: [] };
      state.windows.push(this.entry);
    }
    once() {
      return this;
    }
    on() {
      return this;
    }
    isDestroyed() {
      return false;
    }
    loadURL(url: string) {
      this.entry.loaded.push(url);
      return Promise.resolve();
    }
  }
  const module = {
    app: {
      requestSingleInstanceLock: () => true,
      quit: () => undefined,
      exit: () => undefined,
      whenReady: () => Promise.resolve(),
      isPackaged: true,
      getPath: (name: string) => (name === 'logs' ? `${state.userData}/logs` : state.userData),
      getVersion: () => '1.4.0',
      setLoginItemSettings: () => undefined,
      commandLine: { appendSwitch: () => undefined },
      on: (name: string, listener: Listener) =>
        state.appListeners.set(name, [...(state.appListeners.get(name) ?? []), listener]),
    },
    BrowserWindow,
    Menu: { setApplicationMenu: () => undefined },
    protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
    dialog: { showErrorBox: (_title: string, message: string) => state.errorBoxes.push(message) },
    ipcMain: { handle: () => undefined, removeHandler: () => undefined },
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (text: string) => Buffer.from(text),
      decryptString: (data: Buffer) => data.toString(),
      getSelectedStorageBackend: () => 'gnome_libsecret',
    },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: () => undefined },
        setPermissionRequestHandler: () => undefined,
        setPermissionCheckHandler: () => undefined,
        setCertificateVerifyProc: (proc: Listener) => (state.verifyProc = proc),
      },
    },
  };
  return { state, module };
});

vi.mock('electron', () => ({ ...electron.module, default: electron.module }));

// The unit project runs its files in one module registry (isolate: false): evaluate the main
// process afresh, so that it takes this file's stand-in for electron, not an earlier file's.
vi.resetModules();
const { startMainProcess } = await import('../../electron/main/main-process');

const dir = mkdtempSync(join(tmpdir(), 'fd-hub-screen-'));
let hubCert = '';
let otherCert = '';
let hubFingerprint = '';
let coresCreated = 0;

async function certificate(name: string) {
  const loaded = await loadHubCertificate({
    dataDir: join(dir, name),
    files: null,
    names: ['frontdesk.shop.lan'],
    now: () => Date.now(),
    log: silentLogger,
  });
  if (!loaded.ok) throw new Error(loaded.reason);
  return loaded.value;
}

beforeAll(async () => {
  const hub = await certificate('hub');
  const other = await certificate('impostor'); // same name, another key
  hubCert = hub.cert;
  otherCert = other.cert;
  hubFingerprint = hub.fingerprint;
  electron.state.userData = join(dir, 'user');
  const configFile = join(dir, 'config.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      hub: { url: 'https://frontdesk.shop.lan:8443/', fingerprint: hubFingerprint.toLowerCase() },
    }),
  );
  const main = await startMainProcess({
    createCore: () => {
      coresCreated += 1;
      return Promise.reject(new Error('an Electron screen runs no core'));
    },
    outDir: '/opt/frontdesk/out/main',
    argv: [],
    env: { FRONTDESK_CONFIG: configFile },
    platform: 'linux',
    updater: () => new FakeUpdater(),
  });
  expect(main?.core).toBeNull();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** What the verify proc answers Chromium (0 trusts, -2 refuses). */
function verify(hostname: string, pem: string): Promise<number> {
  return new Promise((resolve) => {
    electron.state.verifyProc?.(
      {
        hostname,
        certificate: { data: pem },
        verificationResult: 'net::ERR_CERT_AUTHORITY_INVALID',
        errorCode: -202,
      },
      resolve,
    );
  });
}

/** What the certificate-error handler decides (true: proceed). */
function certificateError(url: string, pem: string): { trusted: boolean; prevented: boolean } {
  let trusted = false;
  const event = { prevented: false, preventDefault: () => (event.prevented = true) };
  for (const listener of electron.state.appListeners.get('certificate-error') ?? [])
    listener(event, {}, url, 'net::ERR_CERT_AUTHORITY_INVALID', { data: pem }, (ok: boolean) => {
      trusted = ok;
    });
  return { trusted, prevented: event.prevented };
}

describe('an Electron screen of a hub', () => {
  it('runs no core and loads the hub without a preload', () => {
    expect(coresCreated).toBe(0);
    const window = electron.state.windows[0];
    expect(window?.loaded).toEqual(['https://frontdesk.shop.lan:8443/']);
    const prefs = window?.options.webPreferences as Record<string, unknown>;
    expect(prefs).not.toHaveProperty('preload');
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
  });

  it("trusts the hub's certificate on the hub's host", async () => {
    expect(await verify('frontdesk.shop.lan', hubCert)).toBe(0);
    expect(certificateError('https://frontdesk.shop.lan:8443/', hubCert).trusted).toBe(true);
  });

  it('refuses a certificate with another fingerprint for the same host', async () => {
    expect(await verify('frontdesk.shop.lan', otherCert)).toBe(-2);
    expect(certificateError('https://frontdesk.shop.lan:8443/', otherCert)).toEqual({
      trusted: false,
      prevented: true,
    });
  });

  it("refuses the hub's certificate on any other host, and anything unreadable", async () => {
    expect(await verify('evil.example', hubCert)).toBe(-2);
    expect(await verify('frontdesk.shop.lan', 'not a certificate')).toBe(-2);
    expect(certificateError('https://evil.example/', hubCert).trusted).toBe(false);
  });
});
