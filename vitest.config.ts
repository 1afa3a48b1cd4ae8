import { defineConfig } from 'vitest/config';

// The core, the shells and the server log their expected warnings (a proxy down on purpose, a
// refused key) to stderr; in tests that buries the report. FRONTDESK_LOG_LEVEL=debug shows them.
process.env.FRONTDESK_LOG_LEVEL ??= 'error';

// Renderer files that need a module registry of their own: rtl-from-table mocks the language
// table; outbox-list counted a second listBookings call one run in two after other files.
const RENDERER_ISOLATED = [
  'test/renderer/rtl-from-table.test.tsx',
  'test/renderer/outbox-list.test.tsx',
];

// Unit tests are pure and fast; integration tests use real SQLite, real HTTP on 127.0.0.1 and
// the reference server, so they get longer time-outs and fewer workers (2 cores).
export default defineConfig({
  test: {
    // A stray `.only` fails CI instead of quietly skipping the rest.
    allowOnly: !process.env.CI,
    // Two workers on the two cores (Vitest's default leaves one idle): the integration tests
    // spend much of their time waiting on sockets and timers, so the run takes ~60 % as long.
    maxWorkers: 2,
    coverage: {
      provider: 'v8',
      include: [
        'electron/**/*.ts',
        'server/**/*.ts',
        'shared/**/*.ts',
        'renderer/**/*.{ts,tsx}',
        'scripts/**/*.ts',
      ],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'reports/coverage',
      reportOnFailure: true,
      // The floor is the figure when it was set (issue 12): later work may raise it, never lower it.
      // Raised with the engine and settings tests (CI of cdc2e1e: lines 91.2 %, branches 84.2 %).
      // Lowered for a day on 2026-11-24 (the hub's screens, pairing and the mail notices were
      // tested end to end only), raised back to 90.5 / 83.5 with their tests here (issue 16).
      thresholds: { lines: 90.5, branches: 83.5 },
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/electron/**/*.test.ts'],
          environment: 'node',
          // The files share one module registry per worker instead of a fresh one each (issue 40:
          // 51 s isolated, 19 s not): the tests that replace a module (electron's stand-ins)
          // evaluate what they test afresh with vi.resetModules().
          isolate: false,
          // A time-out catches a hang, never slowness: a property test that takes 1.5 s here took
          // 8.3 s in CI beside stress-ng with coverage on (issue 30), past vitest's 5 s default.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          exclude: RENDERER_ISOLATED,
          environment: 'jsdom',
          // One module registry per worker, not per file (issue 40: 628 s of CPU isolated, about
          // 200 s not): what a file leaves behind is undone by the setup file.
          isolate: false,
          setupFiles: ['test/renderer/support/shared-registry.ts'],
          // A whole walk-in rendered in jsdom takes ~1 s alone, 7.6 s on a 2-core box beside
          // stress-ng with coverage on: the time-out catches a hang, with room for a busy machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'renderer-isolated',
          include: RENDERER_ISOLATED,
          environment: 'jsdom',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // No setup file: the reference server's tests import conformance-setup.ts themselves,
          // and the other files do not load the OpenAPI checker (issue 40).
        },
      },
    ],
  },
});
