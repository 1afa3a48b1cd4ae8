import { defineConfig } from '@playwright/test';

// The Electron smoke test of the release workflow (.github/workflows/release.yml). It needs the
// Electron binary, which cannot be downloaded here: run it on a machine with internet after
// `npm run build` (`npm run test:electron`; on Linux under xvfb-run).
export default defineConfig({
  testDir: 'test/smoke',
  testMatch: '*.smoke.ts',
  outputDir: 'test-results/electron',
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
});
