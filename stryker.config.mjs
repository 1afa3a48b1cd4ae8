// Mutation testing of the kiosk core (issue 12): `npm run test:mutation`. Not part of `npm test`:
// it runs the core's tests once per mutant and takes a long while. Figures: bench/RESULTS.md.
// FRONTDESK_MUTATE=outbox (or any area below) runs one area with its own report, so the areas
// can run one after another and each result survives a stopped session. `npm run
// mutation:score` sums them up per area (scripts/mutation-score.ts reads this table).
//
// Each area lists what it mutates under electron/core: a room's folder ('outbox/') or single
// files. The areas keep the files they had before the core was split into rooms (issue 27), so
// their committed results and recorded scores carry over: booking, staff and status are the
// former engine's three parts (booking with the catalog's lookups and day view; status with the
// shared engine context, the API's composition and Sync now), and the outbox keeps its store
// on SQLite, now in db/.
export const AREAS = {
  outbox: ['outbox/', 'db/kiosk-outbox.ts', 'db/outbox-store.ts'],
  mirror: ['mirror/'],
  governor: ['governor/'],
  upstream: ['upstream/'],
  booking: ['booking/', 'catalog/'],
  staff: ['staff/settings-service.ts', 'staff/staff-access.ts'],
  status: ['status/', 'engine/', 'kiosk-engine.ts', 'host/sync.ts'],
};
const area = process.env.FRONTDESK_MUTATE;
if (area !== undefined && !(area in AREAS))
  throw new Error(`FRONTDESK_MUTATE: one of ${Object.keys(AREAS).join(', ')}`);
const name = area ?? 'core';
const globs = (paths) =>
  paths.map((path) => `electron/core/${path.endsWith('/') ? `${path}**/*.ts` : path}`);
const mutate = [
  ...globs(area ? AREAS[area] : Object.values(AREAS).flat()),
  '!electron/core/**/index.ts', // a room's index re-exports only
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'stryker.vitest.config.ts', related: false },
  mutate,
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 5_000,
  // Static mutants (module-level code) run the whole test selection each. In the former engine's
  // areas they are 139 of 1190 (settings keys, defaults, messages) and took an estimated 44 % of
  // its run, so those areas ignore them (Stryker reports them as Ignored, outside the score); the
  // stored setting keys are proved by settings-service.test.ts, which fails on a renamed key.
  ignoreStatic: ['booking', 'staff', 'status'].includes(area ?? ''),
  ignorePatterns: [
    'out',
    'reports',
    'test-results',
    'docs',
    'bench',
    '.tsbuild',
    'data',
    '.stryker-tmp*',
  ],
  tempDirName: `.stryker-tmp-${name}`,
  // A run re-tests only mutants whose code or covering tests changed since the area's last
  // run. That run's results are committed (bench/mutation/<area>.json): a fresh clone starts
  // from them instead of an hour-long full run, and `npm run mutation:score` sums them up.
  incremental: true,
  incrementalFile: `bench/mutation/${name}.json`,
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  thresholds: { high: 90, low: 80, break: null },
};
