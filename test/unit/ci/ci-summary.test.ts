import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { summarise } from '../../../scripts/ci-summary';

const dirs: string[] = [];
function reports(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fd-ci-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(body));
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const vitest = (passed: number, failed: number, files: { status: string; assertionResults: unknown[] }[] = []) => ({
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
    expect(summarise(dir)).toEqual({ passed: 15, failed: 2 });
  });

  it('counts a test file that crashed before its tests as a failure', () => {
    const dir = reports({
      'vitest.json': vitest(4, 0, [{ status: 'failed', assertionResults: [] }, { status: 'passed', assertionResults: [{}] }]),
      'playwright.json': playwright(1, 0),
    });
    expect(summarise(dir)).toEqual({ passed: 5, failed: 1 });
  });

  it('counts a missing report and a Playwright error outside tests as failures', () => {
    const dir = reports({ 'playwright.json': playwright(2, 0, 0, [{ message: 'global setup failed' }]) });
    expect(summarise(dir)).toEqual({ passed: 2, failed: 2 });
  });
});
