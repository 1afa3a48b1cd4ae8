/**
 * Reachability against the real reference server (issue 18): the check costs no budget (the
 * server's own counters, read from its X-RateLimit-Remaining, do not move), and a kiosk with its
 * loops on, nothing queued and nothing asked, shows "Offline" within 60 s of the server being
 * stopped and "Online" within 10 s of its restart, in kiosk time: the test moves the clock only
 * while the kiosk has no request or connection under way (stepped-run.ts), so a slow machine
 * cannot make the kiosk late.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { tcpReachability } from '../../../electron/core/upstream/reachability';
import { startServer, type RunningServer } from '../../../server/start-server';
import { API_PREFIX } from '../../../shared/api/schemas';
import { CORE_TEST_KEY, MONDAY_0830, makeTempDir, startCore } from '../../support/core/harness';
import { timerClock } from '../../support/core/manual-clock';
import { clientWire, runUntil } from '../../support/core/stepped-run';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverIn(dir: string, port = 0, clock?: () => number): Promise<RunningServer> {
  const server = await startServer({
    port,
    dbPath: join(dir, 'server.db'),
    seed: 'demo',
    keys: [{ key: CORE_TEST_KEY, scope: 'book' }],
    rateLimit: { perMinute: 600, perDay: 100_000 },
    clock,
  });
  cleanups.push(() => server.close());
  return server;
}

/** Requests left in the key's tightest window, as the server counts them (one request itself). */
async function remaining(url: string): Promise<number> {
  const response = await fetch(`${url}${API_PREFIX}/services`, {
    headers: { authorization: `Bearer ${CORE_TEST_KEY}` },
  });
  await response.arrayBuffer();
  return Number(response.headers.get('x-ratelimit-remaining'));
}

describe('reachability check', () => {
  it('costs no budget: twenty checks leave the server counters where they were', async () => {
    const temp = makeTempDir('fd-reach-');
    cleanups.push(() => temp.remove());
    // A standing clock: no window rolls over between the two readings.
    const server = await serverIn(temp.dir, 0, () => MONDAY_0830);
    const before = await remaining(server.url);
    expect(before).toBeGreaterThan(0);
    for (let i = 0; i < 20; i += 1) {
      expect(await tcpReachability(server.url, 2_000)).toEqual({ ok: true });
    }
    // The one request counted between the two readings is the second reading itself.
    expect(await remaining(server.url)).toBe(before - 1);
  });

  it('names a refused connection and a name that does not resolve as no connection', async () => {
    const temp = makeTempDir('fd-reach-');
    cleanups.push(() => temp.remove());
    const server = await serverIn(temp.dir);
    const url = server.url;
    await server.close();
    expect(await tcpReachability(url, 2_000)).toEqual({ ok: false, reason: 'connect' });
    expect(await tcpReachability('http://no-such-host.invalid:80', 2_000)).toEqual({
      ok: false,
      reason: 'connect',
    });
    expect(await tcpReachability('not a url', 2_000)).toEqual({ ok: false, reason: 'other' });
  });
});

describe('an idle kiosk follows its API', () => {
  it('"Offline" within 60 s of the server stopping, "Online" within 10 s of its restart', async () => {
    const temp = makeTempDir('fd-reach-core-');
    cleanups.push(() => temp.remove());
    const clock = timerClock(MONDAY_0830);
    // No proxy in front: a stopped server must refuse the connection itself.
    const wire = clientWire();
    cleanups.push(() => wire.close());
    const first = await serverIn(temp.dir, 0, () => clock.now());
    const core: KioskCoreInternals = await startCore(join(temp.dir, 'kiosk'), first.url, {
      clock,
      autoStart: true,
      mirrorDays: 1,
    });
    cleanups.push(() => core.close());
    const online = async () => (await core.api.getSyncStatus({})).online;
    await runUntil(clock, wire, online, 60_000);
    // The mirror's work done (its next task further off than this test looks): only the watch asks.
    await runUntil(
      clock,
      wire,
      async () => (await core.mirror.sweep(50)) - clock.now() > 90_000,
      30 * 60_000,
    );
    expect(await online()).toBe(true);

    const mirrorAsked = core.mirror.requests;
    await first.close();
    const down = await runUntil(clock, wire, async () => !(await online()), 90_000);
    expect(down).toBeLessThanOrEqual(60_000);
    expect((await core.api.getSyncStatus({})).offlineReason).toBe('connect');
    expect(core.mirror.requests).toBe(mirrorAsked); // the watch found it, not a mirror request

    const port = Number(new URL(first.url).port);
    await serverIn(temp.dir, port, () => clock.now());
    const up = await runUntil(clock, wire, online, 30_000);
    expect(up).toBeLessThanOrEqual(10_000);
    expect((await core.api.getSyncStatus({})).lastError).toBeNull();
  });
});
