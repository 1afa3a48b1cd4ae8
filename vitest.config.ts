import { defineConfig } from 'vitest/config';

// Unit tests are pure and fast; integration tests use real SQLite, real HTTP on 127.0.0.1 and
// the reference server, so they get longer time-outs and fewer workers (2 cores).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/electron/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A whole walk-in rendered in jsdom takes ~1 s alone, several on a loaded 2-core box.
          testTimeout: 20_000,
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
          // The reference server's tests check every response against its OpenAPI document.
          setupFiles: ['test/support/server/conformance-setup.ts'],
        },
      },
    ],
  },
});
