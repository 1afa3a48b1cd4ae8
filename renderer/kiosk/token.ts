const STORAGE_KEY = 'frontdesk.token';

/**
 * The browser shell hands the renderer its token in the URL fragment (never sent to a server).
 * Take it once, keep it in sessionStorage for reloads, and remove it from the address bar.
 */
export function takeShellToken(
  location: Location,
  history: History,
  storage: Storage,
): string | null {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (match?.[1]) {
    const token = decodeURIComponent(match[1]);
    storage.setItem(STORAGE_KEY, token);
    history.replaceState(null, '', location.pathname + location.search);
    return token;
  }
  return storage.getItem(STORAGE_KEY);
}

/** True when the shell's token was handed to this tab (the machine's own browser). */
export function hasStoredShellToken(storage: Storage): boolean {
  return storage.getItem(STORAGE_KEY) !== null;
}
