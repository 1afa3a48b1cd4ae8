import type { KioskClient } from '../../shared/kiosk-api';
import { createHttpKioskClient } from '../../shared/kiosk-http-client';
import { takeShellToken } from './token';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser shell. */
    frontdesk?: KioskClient;
  }
}

/** Electron's preload bridge when present, else the browser shell's HTTP API on this origin. */
export function chooseKioskClient(win: Window): KioskClient {
  if (win.frontdesk) return win.frontdesk;
  const token = takeShellToken(win.location, win.history, win.sessionStorage) ?? '';
  return createHttpKioskClient({ baseUrl: win.location.origin, token, fetch: win.fetch.bind(win) });
}

/** True in Electron, where printing is silent and done by the main process. */
export function isElectron(win: Window): boolean {
  return win.frontdesk !== undefined;
}
