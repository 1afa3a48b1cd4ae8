import { describe, expect, it } from 'vitest';
import type { Clock, TimerHandle } from '../../../electron/core/clock';
import {
  createRecoveryProbe,
  PROBE_IDLE_MS,
  PROBE_URGENT_MS,
} from '../../../electron/core/engine/recovery-probe';
import type { UpstreamClient } from '../../../electron/core/upstream/client';
import type { UpstreamOutcome } from '../../../electron/core/upstream/outcome';
import type { Service } from '../../../shared/api/schemas';

/** A clock whose timers fire when the test advances it. */
function manualClock(): Clock & { advance(ms: number): Promise<void> } {
  let now = 0;
  let timers: { at: number; run: () => void; handle: object }[] = [];
  return {
    now: () => now,
    setTimeout(run, ms): TimerHandle {
      const handle = {};
      timers.push({ at: now + ms, run, handle });
      return handle;
    },
    clearTimeout(handle) {
      timers = timers.filter((t) => t.handle !== handle);
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        const next = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        timers = timers.filter((t) => t !== next);
        now = next.at;
        next.run();
        await new Promise((resolve) => setImmediate(resolve)); // let the probe's promise chain settle
      }
      now = end;
    },
  };
}

function setup(state: { offline: boolean; urgent: boolean; answers: boolean }) {
  const clock = manualClock();
  const probes: number[] = [];
  const client = {
    getServices: () => {
      probes.push(clock.now());
      const outcome: UpstreamOutcome<Service[]> = state.answers
        ? {
            kind: 'ok',
            status: 200,
            data: [],
            meta: { rateLimit: null, serverDate: null, receivedAt: clock.now() },
          }
        : { kind: 'network', reason: 'connect', message: 'connect' };
      return Promise.resolve(outcome);
    },
  } as unknown as UpstreamClient;
  const probe = createRecoveryProbe({
    clock,
    client: () => client,
    offlineSince: () => (state.offline ? 0 : null),
    paused: () => false,
    urgent: () => state.urgent,
    onOutcome: (outcome) => {
      if (outcome.kind === 'ok') state.offline = false;
    },
  });
  return { clock, probes, probe };
}

describe('recovery probe', () => {
  it('asks every few seconds while a booking waits, and stops once the API answers', async () => {
    const state = { offline: true, urgent: true, answers: false };
    const { clock, probes, probe } = setup(state);
    probe.start();
    await clock.advance(20_000);
    expect(probes.length).toBe(Math.floor(20_000 / PROBE_URGENT_MS));
    state.answers = true;
    await clock.advance(PROBE_URGENT_MS);
    expect(state.offline).toBe(false);
    const after = probes.length;
    await clock.advance(120_000);
    expect(probes.length).toBe(after); // online: no probes
    await probe.stop();
  });

  it('with nothing queued asks only every 45 s (the API is back within a minute), faster after Sync now', async () => {
    const state = { offline: true, urgent: false, answers: false };
    const { clock, probes, probe } = setup(state);
    probe.start();
    await clock.advance(180_000);
    expect(probes.length).toBeGreaterThanOrEqual(Math.floor(180_000 / PROBE_IDLE_MS) - 1);
    expect(probes.length).toBeLessThanOrEqual(Math.ceil(180_000 / PROBE_IDLE_MS));
    expect(Math.max(...probes.slice(1).map((t, i) => t - (probes[i] ?? 0)))).toBeLessThanOrEqual(
      PROBE_IDLE_MS + PROBE_URGENT_MS,
    );
    const before = probes.length;
    probe.hurry();
    await clock.advance(20_000);
    expect(probes.length - before).toBeGreaterThanOrEqual(4);
    await probe.stop();
  });
});
