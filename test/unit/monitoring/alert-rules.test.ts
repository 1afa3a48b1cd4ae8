/**
 * The shipped alerting and recording rules (docs/monitoring) through Debian's promtool: `check
 * rules` and `test rules` must pass, and every alert must have a unit test that shows it quiet
 * (before its `for:`, or just below its threshold) and then firing. Every alert links to a
 * runbook step that exists in docs/deploy.md. promtool missing fails the test: CI installs it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  MONITORING_DIR,
  RULE_TEST_FILES,
  RULES_FILE,
  readRules,
} from '../../support/monitoring/monitoring-files';
import { PROMTOOL_BIN as PROMTOOL } from '../../support/monitoring/tools';

function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(PROMTOOL, args, { cwd: MONITORING_DIR, encoding: 'utf8' });
  if (run.error) throw new Error(`${PROMTOOL}: ${run.error.message} (apt-get install prometheus)`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

interface AlertCase {
  eval_time: string;
  alertname: string;
  exp_alerts?: unknown[];
}
interface RuleTestFile {
  tests: { alert_rule_test?: AlertCase[] }[];
}

/** promtool's durations (1h6m, 7d, 30s) in seconds. */
function seconds(duration: string): number {
  const units: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
  let total = 0;
  for (const [, n, unit] of duration.matchAll(/(\d+)([smhdw])/g))
    total += Number(n) * (units[unit ?? 's'] ?? 0);
  return total;
}

const alerts = readRules()
  .groups.flatMap((group) => group.rules)
  .filter((rule) => rule.alert !== undefined);

describe('promtool', () => {
  it('checks the rule file', () => {
    const run = promtool('check', 'rules', RULES_FILE);
    expect(run.output).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });

  it('passes the rules unit tests', () => {
    const run = promtool('test', 'rules', ...RULE_TEST_FILES);
    expect(run.status, run.output).toBe(0);
  });

  it('fails the unit tests when a threshold moves (they can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fd-rules-'));
    try {
      for (const file of RULE_TEST_FILES) copyFileSync(file, join(dir, basename(file)));
      const moved = readFileSync(RULES_FILE, 'utf8').replace('> 1800', '> 1799');
      writeFileSync(join(dir, basename(RULES_FILE)), moved);
      const run = promtool('test', 'rules', join(dir, basename(RULE_TEST_FILES[0] ?? '')));
      expect(run.status).not.toBe(0);
      expect(run.output).toContain('FrontdeskBookingQueuedTooLong');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('every alert', () => {
  const cases = RULE_TEST_FILES.flatMap((file) =>
    (parse(readFileSync(file, 'utf8')) as RuleTestFile).tests.flatMap(
      (test) => test.alert_rule_test ?? [],
    ),
  );
  const deploy = readFileSync(join(MONITORING_DIR, '..', 'deploy.md'), 'utf8');

  it.each(alerts.map((rule) => [rule.alert ?? '', rule] as const))(
    '%s has a quiet and a firing unit test, a for:, words for IT and a runbook step',
    (name, rule) => {
      const mine = cases.filter((c) => c.alertname === name);
      const firing = mine.filter((c) => (c.exp_alerts ?? []).length > 0);
      const quiet = mine.filter((c) => (c.exp_alerts ?? []).length === 0);
      expect(firing.length).toBeGreaterThan(0);
      expect(quiet.length).toBeGreaterThan(0);
      // Quiet before it fires: the `for:` (or the threshold) is what keeps it quiet.
      const firstFiring = Math.min(...firing.map((c) => seconds(c.eval_time)));
      expect(quiet.some((c) => seconds(c.eval_time) < firstFiring)).toBe(true);
      expect(rule.for).toMatch(/^\d+[smhdw]$/);
      expect(rule.labels?.severity).toMatch(/^(page|ticket)$/);
      expect(rule.annotations?.summary).toMatch(/^Shop \{\{ \$labels\.shop \}\}: /);
      expect(rule.annotations?.description?.length).toBeGreaterThan(20);
      const anchor = /^docs\/deploy\.md#(runbook-[a-z-]+)$/.exec(
        rule.annotations?.runbook_url ?? '',
      );
      expect(anchor, rule.annotations?.runbook_url).not.toBeNull();
      expect(deploy).toContain(`<a id="${anchor?.[1] ?? ''}"></a>`);
    },
  );
});
