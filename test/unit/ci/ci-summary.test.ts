import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readKnownCounts, summarise } from '../../../scripts/ci-summary';

const dirs: string[] = [];
function reports(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fd-ci-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files))
    writeFileSync(join(dir, name), JSON.stringify(body));
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const vitest = (
  passed: number,
  failed: number,
  files: { status: string; assertionResults: unknown[] }[] = [],
) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  testResults: files,
});
const playwright = (expected: number, unexpected: number, flaky = 0, errors: unknown[] = []) => ({
  stats: { expected, unexpected, flaky },
  errors,
});

describe('CI summary line', () => {
  it('adds both runners, counting flaky-but-passed tests as passed', () => {
    const dir = reports({ 'vitest.json': vitest(10, 1), 'playwright.json': playwright(3, 1, 2) });
    expect(summarise(dir)).toMatchObject({ passed: 15, failed: 2 });
  });

  it('counts a test file that crashed before its tests as a failure', () => {
    const dir = reports({
      'vitest.json': vitest(4, 0, [
        { status: 'failed', assertionResults: [] },
        { status: 'passed', assertionResults: [{}] },
      ]),
      'playwright.json': playwright(1, 0),
    });
    expect(summarise(dir)).toMatchObject({ passed: 5, failed: 1 });
  });

  it('counts a missing report and a Playwright error outside tests as failures', () => {
    const dir = reports({
      'playwright.json': playwright(2, 0, 0, [{ message: 'global setup failed' }]),
    });
    expect(summarise(dir)).toMatchObject({ passed: 2, failed: 2 });
  });

  it('fails a runner that reports far fewer tests than last known (a lost file, a stray .only)', () => {
    const dir = reports({ 'vitest.json': vitest(90, 0), 'playwright.json': playwright(20, 0) });
    const result = summarise(dir, { 'vitest.json': 100, 'playwright.json': 20 });
    expect(result).toMatchObject({
      passed: 110,
      failed: 1,
      perRunner: { 'vitest.json': 90, 'playwright.json': 20 },
    });
  });

  it('accepts a few tests fewer than last known, and more', () => {
    const dir = reports({ 'vitest.json': vitest(96, 0), 'playwright.json': playwright(25, 0) });
    expect(summarise(dir, { 'vitest.json': 100, 'playwright.json': 20 })).toMatchObject({
      passed: 121,
      failed: 0,
    });
  });

  it('the committed known counts name both runners', () => {
    const known = readKnownCounts();
    expect(Object.keys(known).sort()).toEqual(['playwright.json', 'vitest.json']);
    expect(known['vitest.json']).toBeGreaterThan(500);
    expect(known['playwright.json']).toBeGreaterThan(5);
  });
});
