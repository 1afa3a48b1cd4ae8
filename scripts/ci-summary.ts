/**
 * Prints `tests: N passed, N failed` from the JSON reports that vitest and Playwright write
 * into the given folder. Exits 1 when any test failed or when no report was found.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Counts {
  passed: number;
  failed: number;
}

function vitestCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

function playwrightCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  // A flaky test passed on retry: it counts as passed, as Playwright itself reports it.
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}

const dir = process.argv[2] ?? 'reports';
const readers: [string, (file: string) => Counts][] = [
  ['vitest.json', vitestCounts],
  ['playwright.json', playwrightCounts],
];

const total: Counts = { passed: 0, failed: 0 };
let found = 0;
for (const [name, read] of readers) {
  const file = join(dir, name);
  if (!existsSync(file)) {
    console.log(`ci: no ${name} report`);
    continue;
  }
  found += 1;
  const counts = read(file);
  total.passed += counts.passed;
  total.failed += counts.failed;
}
// A run that stopped before any runner (typecheck, lint) counts as one failure.
if (found === 0) total.failed = Math.max(total.failed, 1);
console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed > 0 ? 1 : 0);
