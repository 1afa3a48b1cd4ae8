/**
 * Prints `tests: N passed, N failed` from the JSON reports that vitest and Playwright write
 * into the given folder, as the last line of CI. A suite that crashed before its tests ran, or a
 * runner that wrote no report, counts as one failure each: the line must never say 0 failed
 * when something did not run. A runner that reports far fewer tests than the last known count
 * (`scripts/test-counts.json`: a lost test file, a stray `.only`) counts as one failure too.
 * Exits 1 when anything failed. `--record` writes the current counts as the new known ones.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

interface Counts {
  passed: number;
  failed: number;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { status: string; assertionResults: unknown[] }[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  errors?: unknown[];
}

export function vitestCounts(report: VitestReport): Counts {
  // A file that failed to load has status 'failed' and no assertion results.
  const crashedFiles = report.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  return { passed: report.numPassedTests, failed: report.numFailedTests + crashedFiles };
}

export function playwrightCounts(report: PlaywrightReport): Counts {
  // A flaky test passed on retry: it counts as passed, as Playwright itself reports it.
  // Errors outside tests (global setup, a config that does not load) count as one failure.
  const outside = (report.errors?.length ?? 0) > 0 ? 1 : 0;
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected + outside,
  };
}

const readers: [string, (json: never) => Counts][] = [
  ['vitest.json', vitestCounts],
  ['playwright.json', playwrightCounts],
];

/** Last known number of tests per report file (passed + failed). */
export type KnownCounts = Record<string, number>;

/**
 * A runner may report fewer tests than last known (a test removed on purpose), but not far
 * fewer: below this share of the known count it is taken as tests that silently did not run.
 */
export const MIN_SHARE_OF_KNOWN = 0.95;

export const KNOWN_COUNTS_FILE = join(dirname(fileURLToPath(import.meta.url)), 'test-counts.json');

export function readKnownCounts(file = KNOWN_COUNTS_FILE): KnownCounts {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as KnownCounts) : {};
}

export function summarise(
  dir: string,
  known: KnownCounts = {},
): Counts & { perRunner: KnownCounts } {
  const total = { passed: 0, failed: 0, perRunner: {} as KnownCounts };
  for (const [name, count] of readers) {
    const file = join(dir, name);
    if (!existsSync(file)) {
      console.log(`ci: no ${name} report: that runner did not run or did not finish`);
      total.failed += 1;
      continue;
    }
    const counts = count(JSON.parse(readFileSync(file, 'utf8')) as never);
    total.passed += counts.passed;
    total.failed += counts.failed;
    const ran = counts.passed + counts.failed;
    total.perRunner[name] = ran;
    const floor = Math.floor((known[name] ?? 0) * MIN_SHARE_OF_KNOWN);
    if (ran < floor) {
      console.log(
        `ci: ${name} reports ${ran} tests, last known ${known[name]}: at least ${floor} expected`,
      );
      total.failed += 1;
    }
  }
  return total;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const { values, positionals } = parseArgs({
    options: { record: { type: 'boolean' } },
    allowPositionals: true,
  });
  const record = values.record ?? false;
  const dir = positionals[0] ?? 'reports';
  const total = summarise(dir, readKnownCounts());
  if (record && total.failed === 0) {
    writeFileSync(KNOWN_COUNTS_FILE, `${JSON.stringify(total.perRunner, null, 2)}\n`);
    console.log(`ci: recorded ${JSON.stringify(total.perRunner)} in ${KNOWN_COUNTS_FILE}`);
  }
  console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
  process.exit(total.failed > 0 ? 1 : 0);
}
