import { defineConfig } from 'vitest/config';

// The tests that the mutation run (npm run test:mutation) runs against each mutant of the kiosk
// core: its unit tests and its integration tests against the reference server. Left out: the
// runs that take many seconds each (the simulated day, the SIGKILL crash runs, the 16 s
// freshness run), which would multiply into hours over a thousand mutants.
process.env.FRONTDESK_LOG_LEVEL ??= 'silent';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/core/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/core/**/*.test.ts'],
          exclude: [
            'test/integration/core/simulated-day.test.ts',
            'test/integration/core/crash-safety.test.ts',
            'test/integration/core/loops-freshness.test.ts',
          ],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
