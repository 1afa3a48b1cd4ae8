/**
 * A stand-in for the `electron` module, for scripts/package/main-bundle-smoke.mjs: just enough
 * of app, BrowserWindow, protocol, ipcMain, session, dialog and safeStorage for the bundled
 * main process (out/main) to start in plain Node 22, which is Electron 45's Node. Everything it
 * is handed is kept in `globalThis.__electronStandIn` for the smoke script to drive.
 */
import { join } from 'node:path';

const state = (globalThis.__electronStandIn ??= {
  root: process.env.FRONTDESK_STAND_IN_ROOT ?? process.cwd(),
  appListeners: new Map(),
  ipcHandlers: new Map(),
  protocolHandlers: new Map(),
  privilegedSchemes: [],
  windows: [],
  errors: [],
  quit: 0,
});

const listenersOf = (map, name) => {
  if (!map.has(name)) map.set(name, []);
  return map.get(name);
};

export const app = {
  isPackaged: false,
  requestSingleInstanceLock: () => true,
  whenReady: () => Promise.resolve(),
  isReady: () => true,
  getPath: (name) => join(state.root, name),
  getVersion: () => process.env.npm_package_version ?? '0.0.0',
  getName: () => 'Frontdesk',
  getAppPath: () => process.cwd(),
  setLoginItemSettings: () => undefined,
  // Chromium's switches (the speech-dispatcher switch on Linux, issue 31).
  commandLine: { appendSwitch: () => undefined },
  on(name, listener) {
    listenersOf(state.appListeners, name).push(listener);
    return app;
  },
  once(name, listener) {
    return app.on(name, listener);
  },
  quit: () => {
    state.quit++;
  },
  exit: () => {
    state.quit++;
  },
};

export const Menu = { setApplicationMenu: () => undefined };

class WebContents {
  listeners = new Map();
  sent = [];
  on(name, listener) {
    listenersOf(this.listeners, name).push(listener);
    return this;
  }
  setWindowOpenHandler() {}
  isDestroyed() {
    return false;
  }
  send(channel, payload) {
    this.sent.push({ channel, payload });
  }
  executeJavaScript() {
    return Promise.resolve(false);
  }
  forcefullyCrashRenderer() {}
}

export class BrowserWindow {
  webContents = new WebContents();
  loaded = null;
  constructor(options) {
    this.options = options;
    state.windows.push(this);
  }
  on() {
    return this;
  }
  once() {
    return this;
  }
  loadURL(url) {
    this.loaded = url;
    return Promise.resolve();
  }
  show() {}
  focus() {}
  restore() {}
  isMinimized() {
    return false;
  }
}

export const protocol = {
  registerSchemesAsPrivileged: (schemes) => state.privilegedSchemes.push(...schemes),
  handle: (scheme, handler) => state.protocolHandlers.set(scheme, handler),
};

export const ipcMain = {
  handle: (channel, listener) => state.ipcHandlers.set(channel, listener),
  removeHandler: (channel) => state.ipcHandlers.delete(channel),
  on: () => ipcMain,
};

export const session = {
  defaultSession: {
    webRequest: { onHeadersReceived: () => undefined },
    setPermissionRequestHandler: () => undefined,
    setPermissionCheckHandler: () => undefined,
  },
};

export const dialog = {
  showErrorBox: (title, message) => state.errors.push(`${title}: ${message}`),
};

// No OS keychain here: the embedded demo upstream needs no stored key.
export const safeStorage = {
  isEncryptionAvailable: () => false,
  encryptString: () => {
    throw new Error('no safeStorage in the stand-in');
  },
  decryptString: () => {
    throw new Error('no safeStorage in the stand-in');
  },
};

export const autoUpdater = { on: () => undefined, setFeedURL: () => undefined };
export const net = {};
export const shell = {};

export default {
  app,
  Menu,
  BrowserWindow,
  protocol,
  ipcMain,
  session,
  dialog,
  safeStorage,
  autoUpdater,
  net,
  shell,
};
