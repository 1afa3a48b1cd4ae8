import { BrowserWindow, Menu, app, session } from 'electron';
import type { KioskMode } from '../../shared/settings';
import { isHubUrl, verifyHubCertificate, type HubScreenConfig } from '../core/hub';
import type { Logger } from '../core/platform';
import { hardenContents, hardenSession } from './security';
import { mainWindowOptions } from './window-options';

/** Chromium's verdicts for setCertificateVerifyProc: 0 trusts, -2 refuses (net::ERR_FAILED). */
const TRUSTED = 0;
const REFUSED = -2;

/**
 * An Electron screen of another PC's hub (machine config `hub: { url, fingerprint }`): no core,
 * no preload, one hardened window on the hub's page, which pairs it like a tablet (its cookie
 * stays in this app's session). Every TLS certificate is decided by verifyHubCertificate: the
 * hub's host with exactly the configured fingerprint, nothing else (not even a certificate the
 * OS would trust). The page may not leave the hub's origin.
 */
export function startHubScreenWindow(options: {
  hub: HubScreenConfig;
  mode: KioskMode;
  log: Logger;
}): BrowserWindow {
  const { hub, log } = options;
  const ses = session.defaultSession;
  ses.setCertificateVerifyProc((request, callback) => {
    const verdict = verifyHubCertificate(hub, {
      hostname: request.hostname,
      certificatePem: request.certificate.data,
    });
    if (verdict === 'refused') log.warn('certificate refused', { host: request.hostname });
    callback(verdict === 'trusted' ? TRUSTED : REFUSED);
  });
  // Reached only when the verify proc above let Chromium's own error stand: decide the same way.
  app.on('certificate-error', (event, _contents, url, _error, certificate, callback) => {
    event.preventDefault();
    const host = URL.canParse(url) ? new URL(url).hostname : '';
    callback(
      verifyHubCertificate(hub, { hostname: host, certificatePem: certificate.data }) === 'trusted',
    );
  });
  hardenSession(ses);
  Menu.setApplicationMenu(null);
  const window = new BrowserWindow(
    mainWindowOptions({
      kiosk: options.mode === 'kiosk',
      packaged: app.isPackaged,
      preloadPath: null, // the hub's page talks HTTPS to the hub, as in a tablet's browser
    }),
  );
  const isHub = (url: string): boolean => isHubUrl(hub, url);
  hardenContents(window.webContents, isHub, (what) => log.warn('blocked', { what }));
  window.once('ready-to-show', () => window.show());
  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  });
  // A hub that is off: the page cannot load; try again every few seconds (the hub's page then
  // reconnects by itself once loaded).
  const load = (): void => {
    window.loadURL(hub.url).then(
      () => log.info('hub screen loaded', { url: hub.url }),
      (error: unknown) => {
        log.warn('the hub cannot be reached; trying again in 5 s', { error: String(error) });
        setTimeout(() => {
          if (!window.isDestroyed()) load();
        }, 5_000);
      },
    );
  };
  load();
  return window;
}
