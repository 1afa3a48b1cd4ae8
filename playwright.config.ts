import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './test/support/chromium';

// End-to-end tests drive the built renderer in Debian's Chromium (Playwright's own browser
// download fails offline: ../shared/TOOLCHAIN.md). One worker: the machine has two cores, and
// each test runs a reference server, a fault proxy and a kiosk in this process.
// The kiosk and server run inside the test workers; their expected warnings (the proxy is down
// on purpose) would bury the report. Set FRONTDESK_LOG_LEVEL=debug to see them.
process.env.FRONTDESK_LOG_LEVEL ??= 'error';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  workers: 2,
  fullyParallel: false,
  retries: 0,
  // A stray `.only` fails CI instead of quietly skipping the rest.
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1080, height: 1920 },
    locale: 'en-GB',
    // The business's zone: the page's "today" is Berlin's, as on a shop's kiosk (see stack.ts).
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
});
