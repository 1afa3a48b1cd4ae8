/**
 * Debian's Chromium, as the end-to-end tests and the UI benchmark launch it: Playwright's own
 * browser download fails offline (../shared/TOOLCHAIN.md), and without the background-networking
 * flags Chromium keeps dialling hosts that this machine cannot reach.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: '/usr/bin/chromium',
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
