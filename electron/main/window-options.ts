import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowOptionsInput {
  kiosk: boolean;
  /** The installed app (app.isPackaged): no DevTools in any mode, counter included. */
  packaged: boolean;
  /** null: no preload (an Electron screen of a hub: the page talks HTTPS to the hub). */
  preloadPath: string | null;
}

/**
 * The one window. Kiosk mode: full screen with `kiosk: true` (no way out to the desktop).
 * Every web preference that could hand the page Node or lower the web's guards is pinned.
 * DevTools only for a developer's unpackaged counter window: on a shop's machine they would
 * hand anyone at the counter the staff session and the page's bridge.
 */
export function mainWindowOptions({
  kiosk,
  packaged,
  preloadPath,
}: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    width: kiosk ? 1080 : 1440,
    height: kiosk ? 1920 : 900,
    minWidth: 800,
    minHeight: 600,
    show: false,
    backgroundColor: '#f3f0ea',
    autoHideMenuBar: true,
    title: 'Frontdesk',
    ...(kiosk ? { kiosk: true, fullscreen: true, frame: false } : {}),
    webPreferences: {
      ...(preloadPath === null ? {} : { preload: preloadPath }),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: !kiosk && !packaged,
    },
  };
}
