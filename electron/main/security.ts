import type { Session, WebContents } from 'electron';

/** The same policy the browser shell sends; index.html carries it too, for file:// loads. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

export type SessionLike = {
  webRequest: Pick<Session['webRequest'], 'onHeadersReceived'>;
} & Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

/** CSP on every response, and no permission (camera, geolocation, notifications, ...) ever. */
export function hardenSession(session: SessionLike): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
        'X-Content-Type-Options': ['nosniff'],
      },
    });
  });
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

export type ContentsLike = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/**
 * The page may not leave the app: navigation away is cancelled, new windows are denied and
 * <webview> cannot be attached. `onBlocked` hears about each attempt (for the log).
 */
export function hardenContents(contents: ContentsLike, isApp: (url: string) => boolean, onBlocked: (what: string) => void): void {
  contents.on('will-navigate', (event, url) => {
    if (!isApp(url)) {
      event.preventDefault();
      onBlocked('navigation');
    }
  });
  contents.on('will-redirect', (event, url) => {
    if (!isApp(url)) {
      event.preventDefault();
      onBlocked('redirect');
    }
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    onBlocked('webview');
  });
  contents.setWindowOpenHandler(() => {
    onBlocked('window.open');
    return { action: 'deny' };
  });
}
