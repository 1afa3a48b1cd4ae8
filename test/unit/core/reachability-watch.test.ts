/**
 * The reachability watch on the injected clock (issue 18): "Offline" within 60 s of the host
 * going away with nothing else asking, one real request (not one per check) when it returns.
 */
import { describe, expect, it } from 'vitest';
import {
  createReachabilityWatch,
  REACH_OFFLINE_MS,
} from '../../../electron/core/engine/reachability-watch';
import { SyncStatusTracker } from '../../../electron/core/engine/sync-status';
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
