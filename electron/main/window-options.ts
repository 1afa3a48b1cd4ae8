import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowOptionsInput {
  kiosk: boolean;
  preloadPath: string;
}

/**
 * The one window. Kiosk mode: full screen with `kiosk: true` (no way out to the desktop).
 * Every web preference that could hand the page Node or lower the web's guards is pinned.
 */
export function mainWindowOptions({ kiosk, preloadPath }: WindowOptionsInput): BrowserWindowConstructorOptions {
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
      preload: preloadPath,
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
      devTools: !kiosk,
    },
  };
}
