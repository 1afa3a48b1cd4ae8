/**
 * The reachability watch on the injected clock (issue 18): "Offline" within 60 s of the host
 * going away with nothing else asking, one real request (not one per check) when it returns.
 */
import { describe, expect, it } from 'vitest';
import {
  createReachabilityWatch,
  REACH_OFFLINE_MS,
  REACH_TIMEOUT_MS,
  watchUpstream,
} from '../../../electron/core/status/reachability-watch';
import { SyncStatusTracker } from '../../../electron/core/status/sync-status';
import type { UpstreamLink } from '../../../electron/core/link/upstream-link';
import type { ReachabilityResult } from '../../../electron/core/upstream/reachability';
import { timerClock } from '../../support/core/manual-clock';

const counts = { queued: 0, unknown: 0 };
const goodAnswer = (at: number) => ({
  rateLimit: null,
  serverDate: null,
  receivedAt: at,
  status: 200,
});

/** A tracker and a watch wired as kiosk-core wires them; `probe` answers when the host is up. */
function rig() {
  const clock = timerClock(1_000_000);
  const tracker = new SyncStatusTracker(
    () => 'remote',
    () => clock.now(),
  );
  const host = { up: true, answers: true };
  const checks: number[] = [];
  const probes: number[] = [];
  const watch = createReachabilityWatch({
    clock,
    check: (): Promise<ReachabilityResult> => {
      checks.push(clock.now());
      return Promise.resolve(host.up ? { ok: true } : { ok: false, reason: 'connect' });
    },
    baseUrl: () => 'http://127.0.0.1:1',
    offlineSince: () => tracker.offlineSince,
    onReachable: () => tracker.onReachable(),
    onUnreachable: (reason) => tracker.onNetworkFailure(clock.now(), reason),
    onBack: () => {
      probes.push(clock.now());
      if (host.up && host.answers) tracker.onAnswer(goodAnswer(clock.now()));
    },
  });
  const online = () => tracker.snapshot(counts).online;
  return { clock, tracker, host, checks, probes, watch, online };
}

/** Moves the clock on a second at a time until `done`; returns how long it took. */
async function timeUntil(
  r: ReturnType<typeof rig>,
  done: () => boolean,
  maxMs: number,
): Promise<number> {
  const start = r.clock.now();
  while (!done()) {
    if (r.clock.now() - start > maxMs) throw new Error(`not within ${maxMs} ms`);
    await r.clock.advance(1_000);
  }
  return r.clock.now() - start;
}

describe('reachability watch', () => {
  it('keeps an idle kiosk online for hours on connections alone, with no request', async () => {
    const r = rig();
    r.tracker.onAnswer(goodAnswer(r.clock.now()));
    r.watch.start();
    await r.clock.advance(3 * 3_600_000);
    expect(r.online()).toBe(true);
    expect(r.probes).toEqual([]);
    expect(r.checks.length).toBeGreaterThan(500);
    await r.watch.stop();
  });

  it('shows "Offline" within 60 s of the host going away, whenever it goes', async () => {
    for (const after of [0, 7_000, 19_999, 20_001]) {
      const r = rig();
      r.tracker.onAnswer(goodAnswer(r.clock.now()));
      r.watch.start();
      await r.clock.advance(60_000 + after);
      r.host.up = false;
      const took = await timeUntil(r, () => !r.online(), 120_000);
      expect(took).toBeLessThanOrEqual(60_000);
      expect(r.tracker.snapshot(counts)).toMatchObject({
        mode: 'offline',
        offlineReason: 'connect',
      });
      await r.watch.stop();
    }
  });

  it('one failed connection is not yet offline; two in a row are', async () => {
    const r = rig();
    r.tracker.onAnswer(goodAnswer(r.clock.now()));
    r.watch.start();
    await r.clock.advance(REACH_OFFLINE_MS);
    const first = r.checks.length;
    r.host.up = false;
    await r.clock.advance(20_000); // the next check fails
    expect(r.checks.length).toBe(first + 1);
    r.host.up = true;
    await r.clock.advance(REACH_OFFLINE_MS); // its quick re-check works
    expect(r.online()).toBe(true);
    expect(r.tracker.offlineSince).toBeNull();
  });

  it('asks for one real answer when the host returns, and is online within 10 s', async () => {
    const r = rig();
    r.tracker.onAnswer(goodAnswer(r.clock.now()));
    r.watch.start();
    r.host.up = false;
    await timeUntil(r, () => !r.online(), 60_000);
    await r.clock.advance(10 * 60_000); // a long night away
    expect(r.probes).toEqual([]); // a refused connection asks nothing of the API
    r.host.up = true;
    const took = await timeUntil(r, () => r.online(), 20_000);
    expect(took).toBeLessThanOrEqual(10_000);
    expect(r.probes).toHaveLength(1);
    await r.watch.stop();
  });

  it('offline with a host that takes connections but does not answer: one request per 45 s', async () => {
    const r = rig();
    r.watch.start();
    r.tracker.onNetworkFailure(r.clock.now(), 'timeout');
    r.host.answers = false;
    await r.clock.advance(3 * 60_000);
    // Every check connects, every answer is lost: a request per 45 s, not one per check.
    expect(r.checks.length).toBeGreaterThan(50);
    expect(r.probes.length).toBeGreaterThanOrEqual(4);
    expect(r.probes.length).toBeLessThanOrEqual(5);
    expect(r.online()).toBe(false);
    await r.watch.stop();
  });
});

describe('online goes stale', () => {
  it('is online only while the last good answer (or a connection after it) is under a minute old', () => {
    let now = 0;
    const tracker = new SyncStatusTracker(
      () => 'remote',
      () => now,
    );
    tracker.onAnswer(goodAnswer(0));
    now = 59_000;
    expect(tracker.snapshot(counts).online).toBe(true);
    now = 61_000;
    expect(tracker.snapshot(counts)).toMatchObject({
      online: false,
      mode: 'offline',
      lastError: 'No news from the API for over a minute.',
    });
    tracker.onReachable();
    expect(tracker.snapshot(counts)).toMatchObject({ online: true, lastError: null });
  });

  it('a connection does not make a kiosk online that has no good answer', () => {
    let now = 0;
    const tracker = new SyncStatusTracker(
      () => 'remote',
      () => now,
    );
    tracker.onAnswer({ ...goodAnswer(0), status: 503 });
    tracker.onReachable();
    now = 1_000;
    expect(tracker.snapshot(counts)).toMatchObject({
      online: false,
      problemStatus: 503,
      lastError: 'The API has problems (HTTP 503).',
    });
  });
});

describe('reachability watch: when it checks and whom it tells', () => {
  it('turns offline at the second failed check in a row, rechecking 3 s after the first', async () => {
    const r = rig();
    r.tracker.onAnswer(goodAnswer(r.clock.now()));
    r.watch.start();
    await r.clock.advance(REACH_OFFLINE_MS); // the first check, good: the next in 20 s
    expect(r.clock.pending()).toEqual([20_000]);
    r.host.up = false;
    await r.clock.advance(20_000); // one failure: still online, asked again sooner
    expect(r.online()).toBe(true);
    expect(r.tracker.offlineSince).toBeNull();
    expect(r.clock.pending()).toEqual([REACH_OFFLINE_MS]);
    await r.clock.advance(REACH_OFFLINE_MS); // the second failure
    expect(r.tracker.snapshot(counts)).toMatchObject({ online: false, offlineReason: 'connect' });
    expect(r.probes).toEqual([]);
    await r.watch.stop();
  });

  it('back after a failed check, it asks at once even if it asked moments ago', async () => {
    const r = rig();
    r.tracker.onNetworkFailure(r.clock.now(), 'timeout');
    r.host.answers = false; // connections work, answers do not
    r.watch.start();
    await r.clock.advance(REACH_OFFLINE_MS);
    expect(r.probes).toHaveLength(1);
    r.host.up = false;
    await r.clock.advance(REACH_OFFLINE_MS);
    r.host.up = true;
    r.host.answers = true;
    await r.clock.advance(REACH_OFFLINE_MS); // 6 s after the last question, not 45 s
    expect(r.probes).toHaveLength(2);
    expect(r.online()).toBe(true);
    await r.watch.stop();
  });

  it('a new spell offline with the host there (a lost answer) is asked about at the next check', async () => {
    const r = rig();
    r.tracker.onNetworkFailure(r.clock.now(), 'timeout');
    r.watch.start();
    await r.clock.advance(REACH_OFFLINE_MS); // asked, answered: online, checked every 20 s
    expect(r.probes).toHaveLength(1);
    expect(r.online()).toBe(true);
    await r.clock.advance(1_000);
    r.tracker.onNetworkFailure(r.clock.now(), 'timeout');
    await r.clock.advance(19_000); // the next check, 20 s after the last question
    expect(r.probes).toHaveLength(2);
    expect(r.online()).toBe(true);
    await r.watch.stop();
  });

  it('asks again exactly every askAgainMs while connections work and answers do not', async () => {
    const r = rig();
    r.tracker.onNetworkFailure(r.clock.now(), 'timeout');
    r.host.answers = false;
    r.watch.start();
    await r.clock.advance(3 * 45_000 + REACH_OFFLINE_MS);
    const gaps = r.probes.slice(1).map((at, i) => at - (r.probes[i] ?? 0));
    expect(gaps).toEqual([45_000, 45_000, 45_000]);
    await r.watch.stop();
  });

  it('with no upstream yet it checks nothing, and starts once there is one', async () => {
    const clock = timerClock(0);
    let baseUrl: string | null = null;
    const checked: { url: string; timeoutMs: number }[] = [];
    const watch = createReachabilityWatch({
      clock,
      check: (url, timeoutMs) => {
        checked.push({ url, timeoutMs });
        return Promise.resolve({ ok: true });
      },
      baseUrl: () => baseUrl,
      offlineSince: () => null,
      onReachable: () => undefined,
      onUnreachable: () => undefined,
      onBack: () => undefined,
    });
    watch.start();
    await clock.advance(60_000);
    expect(checked).toEqual([]);
    baseUrl = 'http://api.example:8080';
    await clock.advance(20_000);
    expect(checked).toEqual([{ url: 'http://api.example:8080', timeoutMs: REACH_TIMEOUT_MS }]);
    await watch.stop();
  });

  it('started twice, it runs one loop; stopped, it checks nothing more', async () => {
    const r = rig();
    r.tracker.onAnswer(goodAnswer(r.clock.now()));
    r.watch.start();
    r.watch.start();
    expect(r.clock.pending()).toEqual([REACH_OFFLINE_MS]);
    await r.clock.advance(REACH_OFFLINE_MS);
    expect(r.checks).toHaveLength(1);
    await r.watch.stop();
    expect(r.clock.pending()).toEqual([]);
    await r.clock.advance(60_000);
    expect(r.checks).toHaveLength(1);
  });

  it('a check that ends after stop tells nobody and schedules nothing', async () => {
    const clock = timerClock(0);
    let finish: (result: ReachabilityResult) => void = () => undefined;
    const told: string[] = [];
    const watch = createReachabilityWatch({
      clock,
      check: () => new Promise((resolve) => (finish = resolve)),
      baseUrl: () => 'http://127.0.0.1:1',
      offlineSince: () => 5, // offline: a good connection would ask the API
      onReachable: () => told.push('reachable'),
      onUnreachable: () => told.push('unreachable'),
      onBack: () => told.push('back'),
    });
    watch.start();
    await clock.advance(REACH_OFFLINE_MS); // the check is under way
    const stopped = watch.stop();
    finish({ ok: true });
    await stopped;
    expect(told).toEqual([]);
    expect(clock.pending()).toEqual([]);
  });
});

describe('watchUpstream (as kiosk-core wires it)', () => {
  function wired(target: { baseUrl: string } | null) {
    const clock = timerClock(1_000_000);
    const status = new SyncStatusTracker(
      () => 'remote',
      () => clock.now(),
    );
    const host = { up: true };
    const checked: string[] = [];
    const events = { status: 0, probes: 0 };
    const watch = watchUpstream({
      clock,
      link: { target: () => target as ReturnType<UpstreamLink['target']> },
      status,
      statusEvents: { emitStatus: () => void (events.status += 1) },
      probe: {
        probe: () => {
          events.probes += 1;
          return Promise.reject(new Error('the API did not answer'));
        },
      },
      check: (url) => {
        checked.push(url);
        return Promise.resolve(host.up ? { ok: true } : { ok: false, reason: 'reset' });
      },
    });
    return { clock, status, host, checked, events, watch };
  }

  it("checks the link's upstream with the given check; two failures tell the status bar why", async () => {
    const w = wired({ baseUrl: 'http://api.example:8080' });
    w.status.onAnswer(goodAnswer(w.clock.now()));
    w.host.up = false;
    w.watch.start();
    await w.clock.advance(2 * REACH_OFFLINE_MS);
    expect(w.checked).toEqual(['http://api.example:8080', 'http://api.example:8080']);
    expect(w.status.snapshot(counts)).toMatchObject({ online: false, offlineReason: 'reset' });
    expect(w.events.status).toBe(1);
    await w.watch.stop();
  });

  it('a connection keeps a good answer fresh; back from offline it asks the probe, whose failure is no crash', async () => {
    const w = wired({ baseUrl: 'http://api.example:8080' });
    w.status.onAnswer(goodAnswer(w.clock.now()));
    w.watch.start();
    await w.clock.advance(2 * 60_000); // no answer for two minutes, connections every 20 s
    expect(w.status.snapshot(counts).online).toBe(true);
    expect(w.events.probes).toBe(0);
    w.status.onNetworkFailure(w.clock.now(), 'timeout');
    await w.clock.advance(20_000);
    expect(w.events.probes).toBe(1);
    await w.watch.stop();
  });

  it('with no upstream it checks nothing', async () => {
    const w = wired(null);
    w.watch.start();
    await w.clock.advance(60_000);
    expect(w.checked).toEqual([]);
    await w.watch.stop();
  });
});
