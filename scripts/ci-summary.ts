/**
 * Prints `tests: N passed, N failed` from the JSON reports that vitest and Playwright write
 * into the given folder, as the last line of CI. A suite that crashed before its tests ran, or a
 * runner that wrote no report, counts as one failure each: the line must never say 0 failed
 * when something did not run. Exits 1 when anything failed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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

export function summarise(dir: string): Counts {
  const total: Counts = { passed: 0, failed: 0 };
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
  }
  return total;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const total = summarise(process.argv[2] ?? 'reports');
  console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
  process.exit(total.failed > 0 ? 1 : 0);
}
