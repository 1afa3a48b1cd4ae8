/**
 * Issue 39 item 6: the night's restart must not page IT. A kiosk that ran in the night is
 * restarted at 05:30 with nothing queued: the real reference server answers all along, but
 * nothing asks it until the mirror's morning warm-up. Until then the status is "unknown" (not
 * "offline") and `frontdesk_api_online` is absent; the mirror's first answer turns both online
 * with no customer's request. The minute-by-minute exposition goes through promtool with the
 * shipped rules: FrontdeskShopOffline stays quiet. Real HTTP, driven clock (stepped-run.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { createMetricsExposition } from '../../../electron/core/metrics';
import { syncState } from '../../../shared/sync-state';
import { startCore } from '../../support/core/harness';
import { openRig, startWithScreens, type StartRig } from '../../support/core/start-rig';
import { steppedRun } from '../../support/core/stepped-run';
import { RULES_FILE } from '../../support/monitoring/monitoring-files';
import { PROMTOOL_BIN } from '../../support/monitoring/tools';

const MIN = 60_000;
let rig: StartRig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

interface Sample {
  minute: number;
  state: string;
  /** frontdesk_api_online as scraped; null: absent. */
  metric: number | null;
  answered: number;
  mirrorAsked: number;
}

/** Whether FrontdeskShopOffline fires at any minute of `series` (promtool, the shipped rules). */
function promtoolPages(series: (number | null)[]): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fd-night-restart-'));
  try {
    const test = {
      rule_files: [RULES_FILE],
      evaluation_interval: '1m',
      tests: [
        {
          interval: '1m',
          input_series: [
            {
              series: 'frontdesk_api_online{instance="shop:9464",job="frontdesk",shop="night"}',
              values: series.map((value) => (value === null ? '_' : String(value))).join(' '),
            },
          ],
          alert_rule_test: series.map((_, minute) => ({
            eval_time: `${minute}m`,
            alertname: 'FrontdeskShopOffline',
            exp_alerts: [],
          })),
        },
      ],
    };
    writeFileSync(join(dir, 'night.test.yml'), stringify(test));
    const run = spawnSync(PROMTOOL_BIN, ['test', 'rules', 'night.test.yml'], {
      cwd: dir,
      encoding: 'utf8',
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the night restart (issue 39 item 6)', () => {
  it('issue 39 item 6: a restart is "unknown" with no metric until the mirror\'s first answer turns it online, no customer asking; promtool: no page', async () => {
    // The kiosk runs through the night (started at 05:00 in Berlin, closed: the mirror fills).
    rig = await openRig(Date.parse('2026-11-24T04:00:00Z'));
    await startWithScreens(rig, 20 * MIN, []);
    expect((await rig.core?.api.getSyncStatus({}))?.online).toBe(true);
    await rig.core?.close();
    rig.core = null;

    rig.clock.set(Date.parse('2026-11-24T04:30:00Z')); // the restart, 05:30 in Berlin
    const core = await startCore(rig.dataDir, rig.upstream.proxy.url, {
      clock: rig.clock,
      autoStart: true,
    });
    rig.core = core;
    const metrics = createMetricsExposition({
      version: '1.0.0',
      core: () => core.metrics(),
      screensConnected: () => 0,
      diskFreeBytes: () => null,
    });
    const answeredAtStart = rig.upstream.proxy.forwarded();
    const samples: Sample[] = [];
    const sample = async (minute: number): Promise<Sample> => {
      const text = await metrics.render();
      const line = /^frontdesk_api_online (\S+)$/m.exec(text);
      return {
        minute,
        state: syncState(await core.api.getSyncStatus({})),
        metric: line ? Number(line[1]) : null,
        answered: rig!.upstream.proxy.forwarded() - answeredAtStart,
        mirrorAsked: core.mirror.requests,
      };
    };
    samples.push(await sample(0));
    for (let minute = 1; minute <= 4 * 60; minute += 1) {
      await steppedRun(rig.clock, rig.upstream.proxy, MIN, { stepMs: MIN });
      const now = await sample(minute);
      samples.push(now);
      if (now.answered > 0) break;
    }
    const first = samples[samples.length - 1];
    const before = samples.slice(0, -1);
    // Nothing asked the API for over ten minutes: the case that paged every night.
    expect(before.length).toBeGreaterThan(10);
    expect(new Set(before.map((s) => `${s.state} ${String(s.metric)}`))).toEqual(
      new Set(['unknown null']),
    );
    // Every request of the first minute with an answer was the mirror's (no customer asked).
    expect(first?.answered).toBeGreaterThan(0);
    expect(first?.mirrorAsked).toBe(first?.answered);
    expect(first).toMatchObject({ state: 'online', metric: 1 });

    const run = promtoolPages(samples.map((s) => s.metric));
    expect(run.status, run.output).toBe(0);
  }, 300_000);
});
