import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog, openKioskDb } from '../../../electron/core/db';
import type { Clock, TimerHandle } from '../../../electron/core/platform/clock';
import {
  createRecoveryProbe,
  probeUpstream,
  PROBE_IDLE_MS,
  PROBE_URGENT_MS,
  type RecoveryProbe,
  type RecoveryProbeOptions,
} from '../../../electron/core/status/recovery-probe';
import type { UpstreamClient } from '../../../electron/core/upstream/client';
import type { UpstreamOutcome } from '../../../electron/core/upstream/outcome';
import type { Service } from '../../../shared/api/schemas';
import { apiService } from '../../support/api-fixtures';
import { makeTempDir } from '../../support/core/harness';
import { timerClock, type TimerClock } from '../../support/core/manual-clock';
import { upstreamDouble } from '../../support/core/upstream-double';

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

describe('recovery probe: its pace, its request, and when it stays quiet', () => {
  interface Rig {
    clock: TimerClock;
    probe: RecoveryProbe;
    /** Each request's time and options. */
    calls: { at: number; options: unknown }[];
    state: { offline: boolean; paused: boolean; urgent: boolean };
    answer: { next: () => Promise<UpstreamOutcome<Service[]>> };
  }

  const down: UpstreamOutcome<Service[]> = { kind: 'network', reason: 'connect', message: 'x' };

  function rig(options: Partial<RecoveryProbeOptions> = {}): Rig {
    const clock = timerClock(0);
    const calls: Rig['calls'] = [];
    const state = { offline: true, paused: false, urgent: false };
    const answer = { next: () => Promise.resolve(down) };
    const client = upstreamDouble({
      getServices: (callOptions) => {
        calls.push({ at: clock.now(), options: callOptions });
        return answer.next();
      },
    });
    const probe = createRecoveryProbe({
      clock,
      client: () => client,
      offlineSince: () => (state.offline ? 0 : null),
      paused: () => state.paused,
      urgent: () => state.urgent,
      onOutcome: () => undefined,
      ...options,
    });
    return { clock, probe, calls, state, answer };
  }

  it('asks for the services at once, without waiting for the budget, within the urgent pace', async () => {
    const r = rig({ urgentMs: 2_000 });
    await r.probe.probe();
    expect(r.calls.map((call) => call.options)).toEqual([
      { priority: 'interactive', maxWaitMs: 0, timeoutMs: 2_000 },
    ]);
    const slow = rig();
    await slow.probe.probe();
    expect(slow.calls[0]?.options).toMatchObject({ timeoutMs: 3_000 });
  });

  it('a second probe while one is under way joins it; the next one asks again', async () => {
    const r = rig();
    let release: (outcome: UpstreamOutcome<Service[]>) => void = () => undefined;
    r.answer.next = () => new Promise((resolve) => (release = resolve));
    const first = r.probe.probe();
    expect(r.probe.probe()).toBe(first);
    release(down);
    await first;
    expect(r.calls).toHaveLength(1);
    r.answer.next = () => Promise.resolve(down);
    await r.probe.probe();
    expect(r.calls).toHaveLength(2);
  });

  it('a kiosk that is online, or paused, is not probed', async () => {
    const online = rig();
    online.state.offline = false;
    online.state.urgent = true;
    online.probe.start();
    await online.clock.advance(60_000);
    expect(online.calls).toEqual([]);

    const paused = rig();
    paused.state.paused = true;
    paused.state.urgent = true;
    paused.probe.start();
    await paused.clock.advance(60_000);
    expect(paused.calls).toEqual([]);
    await online.probe.stop();
    await paused.probe.stop();
  });

  it('first looks one urgent interval after start, and between probes waits only as long as the pace needs', async () => {
    const r = rig({ urgentMs: 1_000, idleMs: 10_000 });
    r.probe.start();
    expect(r.clock.pending()).toEqual([1_000]);
    await r.clock.advance(1_000);
    expect(r.calls.map((call) => call.at)).toEqual([1_000]);
    // After a probe it looks again one urgent interval later, then every urgent interval (at
    // most) until the idle pace has passed since the last probe.
    await r.clock.advance(9_000);
    expect(r.calls.map((call) => call.at)).toEqual([1_000]);
    await r.clock.advance(1_000);
    expect(r.calls.map((call) => call.at)).toEqual([1_000, 11_000]);
    await r.probe.stop();
  });

  it('looks again no sooner than 250 ms, even when the pace is nearly up', async () => {
    const r = rig({ urgentMs: 1_000, idleMs: 1_100 });
    r.probe.start();
    await r.clock.advance(1_000); // probe at 1000
    await r.clock.advance(1_000); // tick at 2000: 100 ms of the pace left
    expect(r.calls).toHaveLength(1);
    expect(r.clock.pending()).toEqual([250]);
    await r.probe.stop();
  });

  it('"Sync now" keeps the urgent pace for a while, then the idle pace returns', async () => {
    const r = rig({ urgentMs: 1_000, idleMs: 30_000, staffUrgencyMs: 5_000 });
    r.probe.start();
    r.probe.hurry();
    await r.clock.advance(5_000);
    expect(r.calls.map((call) => call.at)).toEqual([1_000, 2_000, 3_000, 4_000]);
    await r.clock.advance(20_000);
    expect(r.calls).toHaveLength(4);
    await r.probe.stop();
  });

  it('"Sync now" holds the urgent pace for ten minutes by default', async () => {
    const r = rig({ urgentMs: 1_000, idleMs: 60 * 60_000 });
    r.probe.start();
    r.probe.hurry();
    await r.clock.advance(10 * 60_000 - 1);
    const during = r.calls.length;
    expect(during).toBe(599);
    await r.clock.advance(5 * 60_000);
    expect(r.calls.length - during).toBeLessThanOrEqual(1);
    await r.probe.stop();
  });

  it('a probe that throws does not end the loop', async () => {
    const r = rig({ urgentMs: 1_000 });
    r.state.urgent = true;
    r.answer.next = () => Promise.reject(new Error('boom'));
    r.probe.start();
    await r.clock.advance(3_000);
    expect(r.calls.map((call) => call.at)).toEqual([1_000, 2_000, 3_000]);
    await r.probe.stop();
  });

  it('stop clears its timer and waits for the probe under way; nothing runs after it', async () => {
    const r = rig({ urgentMs: 1_000 });
    r.state.urgent = true;
    let release: (outcome: UpstreamOutcome<Service[]>) => void = () => undefined;
    r.answer.next = () => new Promise((resolve) => (release = resolve));
    r.probe.start();
    await r.clock.advance(1_000);
    expect(r.calls).toHaveLength(1);
    let stopped = false;
    const stopping = r.probe.stop().then(() => (stopped = true));
    await r.clock.advance(0);
    expect(stopped).toBe(false);
    release(down);
    await stopping;
    expect(r.clock.pending()).toEqual([]);
    await r.clock.advance(10_000);
    expect(r.calls).toHaveLength(1);

    const idle = rig({ urgentMs: 1_000 });
    idle.probe.start();
    await idle.probe.stop();
    expect(idle.clock.pending()).toEqual([]);
  });

  it('waits for what is left of the pace when that is under the urgent interval', async () => {
    const r = rig({ urgentMs: 1_000, idleMs: 1_600 });
    r.probe.start();
    await r.clock.advance(1_000); // probe at 1000
    await r.clock.advance(1_000); // tick at 2000: 600 ms of the pace left
    expect(r.clock.pending()).toEqual([600]);
    await r.clock.advance(600);
    expect(r.calls.map((call) => call.at)).toEqual([1_000, 2_600]);
    await r.probe.stop();
  });

  it('started twice, it runs one loop', async () => {
    const r = rig({ urgentMs: 1_000 });
    r.state.urgent = true;
    r.probe.start();
    r.probe.start();
    expect(r.clock.pending()).toEqual([1_000]);
    await r.clock.advance(2_000);
    expect(r.calls.map((call) => call.at)).toEqual([1_000, 2_000]);
    await r.probe.stop();
  });
});

describe('the probe as the core wires it (probeUpstream)', () => {
  const dirs: { remove(): void }[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.remove();
  });

  function wired(answer: () => UpstreamOutcome<Service[]>) {
    const temp = makeTempDir('frontdesk-probe-');
    dirs.push(temp);
    const db = openKioskDb({ dataDir: temp.dir });
    const clock = timerClock(0);
    const calls: number[] = [];
    const heard: UpstreamOutcome<Service[]>[] = [];
    // Bookings in each state; a state the probe does not ask about has some too.
    const counts: Record<string, number> = { queued: 0, sending: 0, rejected: 3, failed: 2 };
    const client = upstreamDouble({
      getServices: () => {
        calls.push(clock.now());
        return Promise.resolve(answer());
      },
    });
    const probe = probeUpstream({
      db,
      clock,
      client: () => client,
      status: { offlineSince: 0, paused: false },
      store: { count: (state) => counts[state] ?? 0 },
      onOutcome: (outcome) => heard.push(outcome),
    });
    return { db, clock, calls, heard, counts, probe };
  }

  it('asks at the urgent pace while a booking is queued or being sent, at the idle pace otherwise', async () => {
    const w = wired(() => ({ kind: 'network', reason: 'connect', message: 'x' }));
    w.probe.start();
    await w.clock.advance(PROBE_URGENT_MS); // the first look
    expect(w.calls).toEqual([PROBE_URGENT_MS]);
    // Refused or failed bookings wait for staff, not for the API: the idle pace.
    await w.clock.advance(PROBE_IDLE_MS - 1);
    expect(w.calls).toHaveLength(1);
    await w.clock.advance(1);
    expect(w.calls).toEqual([PROBE_URGENT_MS, PROBE_URGENT_MS + PROBE_IDLE_MS]);

    w.counts.queued = 1;
    await w.clock.advance(2 * PROBE_URGENT_MS);
    expect(w.calls).toHaveLength(4);
    w.counts.sending = 1; // one queued and one under way: still urgent
    await w.clock.advance(PROBE_URGENT_MS);
    expect(w.calls).toHaveLength(5);
    w.counts.queued = 0; // one under way only: still urgent
    await w.clock.advance(PROBE_URGENT_MS);
    expect(w.calls).toHaveLength(6);

    w.counts.sending = 0;
    await w.clock.advance(PROBE_IDLE_MS - 1);
    expect(w.calls).toHaveLength(6);
    await w.probe.stop();
  });

  it('keeps the enabled services of an answer and passes every outcome on', async () => {
    const services = [
      apiService('cut'),
      apiService('retired', { enabled: false }),
      apiService('colour'),
    ];
    const ok: UpstreamOutcome<Service[]> = {
      kind: 'ok',
      status: 200,
      data: services,
      meta: { rateLimit: null, serverDate: null, receivedAt: 0 },
    };
    const down: UpstreamOutcome<Service[]> = { kind: 'network', reason: 'connect', message: 'x' };
    let next: UpstreamOutcome<Service[]> = down;
    const w = wired(() => next);

    await w.probe.probe();
    expect(loadCatalog(w.db).services).toEqual([]);
    next = ok;
    await w.probe.probe();
    expect(loadCatalog(w.db).services.map((s) => s._id)).toEqual(['cut', 'colour']);
    expect(w.heard).toEqual([down, ok]);
  });
});
