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
          // Whole-app flows in jsdom take 1-4 s alone on the shared 2 cores; 5 s is too tight
          // when every project runs at once (npm test).
          testTimeout: 15_000,
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
        },
      },
    ],
  },
});
