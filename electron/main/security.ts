import type { Session, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../shared/csp';

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
export function hardenContents(
  contents: ContentsLike,
  isApp: (url: string) => boolean,
  onBlocked: (what: string) => void,
): void {
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
