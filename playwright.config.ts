import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './test/support/chromium';

// End-to-end tests drive the built renderer in Debian's Chromium (Playwright's own browser
// download fails offline: ../shared/TOOLCHAIN.md). Two workers, one per core, each with its own
// reference server and fault proxy (stack.ts) and a fresh kiosk per test; tests of one file are
// spread over both, so the six language passes do not queue up behind each other.
// The kiosk and server run inside the test workers; their expected warnings (the proxy is down
// on purpose) would bury the report. Set FRONTDESK_LOG_LEVEL=debug to see them.
process.env.FRONTDESK_LOG_LEVEL ??= 'error';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  workers: 2,
  fullyParallel: true,
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
    // No trace by default: recording one (DOM snapshots and a 1080x1920 screencast per action)
    // took a fifth of the e2e CPU time (with-whom + walk-in: 57 s of CPU with it, 44-49 s
    // without), and CI shows only the report's text. To debug a failure:
    // `npx playwright test <spec> --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
});
