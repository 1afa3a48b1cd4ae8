import type { KioskClient } from '../../shared/kiosk-api';
import { createHttpKioskClient } from '../../shared/kiosk-http-client';
import { SCREEN_HEADER } from './hub-client';
import { takeShellToken } from './token';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser shell. */
    frontdesk?: KioskClient;
  }
}

/** What the browser shell's answers say about this screen's link to its hub. */
export interface ScreenLink {
  /** A call got no answer (the hub is off, the network is down). */
  onUnreachable(): void;
  /** A call was answered. */
  onReachable(): void;
  /** The hub refused this screen's credential: staff removed it. */
  onRemoved(): void;
}

/** Electron's preload bridge when present, else the browser shell's HTTP API on this origin. */
export function chooseKioskClient(win: Window, link?: ScreenLink): KioskClient {
  if (win.frontdesk) return win.frontdesk;
  const token = takeShellToken(win.location, win.history, win.sessionStorage) ?? '';
  const baseFetch = win.fetch.bind(win);
  return createHttpKioskClient({
    baseUrl: win.location.origin,
    token,
    fetch: link ? screenFetch(baseFetch, link) : baseFetch,
  });
}

/**
 * fetch for a screen of a hub: adds the CSRF header that lets the browser's screen cookie count
 * (harmless with a token), and tells `link` what each answer says about the hub.
 */
export function screenFetch(baseFetch: typeof fetch, link: ScreenLink): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set(SCREEN_HEADER, '1');
    let response: Response;
    try {
      response = await baseFetch(input, { ...init, headers, credentials: 'same-origin' });
    } catch (error) {
      // The page's own cancel (an event stream closed on purpose) says nothing about the hub.
      if (!(error instanceof DOMException && error.name === 'AbortError')) link.onUnreachable();
      throw error;
    }
    // Any answer is the hub's: a 503 is the core saying the booking API is away, not the hub.
    if (response.headers.get(SCREEN_HEADER) === 'removed') link.onRemoved();
    else link.onReachable();
    return response;
  };
}

/** True in Electron, where printing is silent and done by the main process. */
export function isElectron(win: Window): boolean {
  return win.frontdesk !== undefined;
}
