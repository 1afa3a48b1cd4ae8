import { browserPath } from './browser-path';

/**
 * The browser as the end-to-end tests and the UI benchmark launch it (found by `browserPath`:
 * Debian's Chromium on CI); without the background-networking flags Chromium keeps dialling
 * hosts that this machine cannot reach. `npm test` checks first that there is one
 * (scripts/ensure-browser.ts), so a missing browser never fails here after the rest has run.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: browserPath() ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
