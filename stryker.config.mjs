// Mutation testing of the kiosk core (issue 12): `npm run test:mutation`. Not part of `npm test`:
// it runs the core's tests once per mutant and takes a long while. Figures: bench/RESULTS.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'stryker.vitest.config.ts', related: false },
  mutate: [
    'electron/core/engine/**/*.ts',
    'electron/core/outbox/**/*.ts',
    'electron/core/mirror/**/*.ts',
    'electron/core/governor/**/*.ts',
    'electron/core/upstream/**/*.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 5_000,
  ignorePatterns: ['out', 'reports', 'test-results', 'docs', 'bench', '.tsbuild', 'data', '.stryker-tmp'],
  tempDirName: '.stryker-tmp',
  // A second run re-tests only mutants whose code or covering tests changed.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  thresholds: { high: 90, low: 80, break: null },
};
