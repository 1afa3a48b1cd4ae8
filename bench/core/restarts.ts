/**
 * A day with three restarts (issue 37): `npx tsx bench/core/restarts.ts`. The real reference
 * server (60/min, 1,000/day, demo catalog) and a kiosk core share a virtual clock that jumps to
 * whenever the mirror wants to run next, as in the simulated day (test/support/core/simulated-day.ts).
 * The kiosk starts cold at midnight (Tuesday 2026-11-24, Berlin) and is restarted three times
 * on the same data folder: an update before opening, a power cut of two hours at midday, an
 * update in the afternoon. A minute after each start a customer opens the first screens (the
 * catalog, a service's days of this month and the next, today's times): what they asked the
 * API live is counted apart. Prints the requests the API answered in the day and in each
 * start's first 10 minutes (counted at the pass-through proxy). Deterministic.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Clock } from '../../electron/core/platform/clock';
import type { KioskCoreInternals } from '../../electron/core/kiosk-core';
import { instantToWall } from '../../shared/booking/time';
import { makeTempDir, startCore, startUpstream } from '../../test/support/core/harness';

const MIN = 60_000;
/** The customer's service: the men's cut, Mehmet's on a Tuesday afternoon and evening. */
const CUSTOMER_SERVICE = 'svc-herren-schnitt';
const FIRST_MINUTES = 10 * MIN;
/** Midnight in Berlin, Tuesday 2026-11-24. */
const DAY_START = Date.parse('2026-11-23T23:00:00Z');

export interface RestartPlan {
  /** Why the kiosk stopped. */
  why: string;
  /** Berlin wall time it stopped (HH:mm) and how long it stayed off. */
  stop: string;
  offMin: number;
}

export const THREE_RESTARTS: readonly RestartPlan[] = [
  { why: 'update before opening', stop: '08:40', offMin: 1 },
  { why: 'power cut', stop: '12:00', offMin: 120 },
  { why: 'update', stop: '16:20', offMin: 1 },
];

export interface StartFigures {
  why: string;
  /** Berlin wall time of the start. */
  at: string;
  /** Every request the API answered in the start's first 10 minutes. */
  firstTenMinutes: number;
  /** Of those, the customer's first screens a minute after the start (live lookups). */
  customerLive: number;
}

export interface RestartDayFigures {
  /** Every request the API answered in the day (the mirror's and the four customers'). */
  dayRequests: number;
  starts: StartFigures[];
  /** The mirror's requests by kind, over every start. */
  byKind: Record<string, number>;
  /** The busiest 10 minutes of the day (any 10 minutes, the virtual clock's instants). */
  busiestTenMinutes: number;
  elapsedMs: number;
}

const wallTime = (at: number): string => instantToWall(at, 'Europe/Berlin').time;
const atWall = (time: string): number => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return DAY_START + (h * 60 + m) * MIN;
};

export async function runRestartDay(
  restarts: readonly RestartPlan[] = THREE_RESTARTS,
): Promise<RestartDayFigures> {
  const started = Date.now();
  let now = DAY_START;
  const clock: Clock = { now: () => now, setTimeout: () => ({}), clearTimeout: () => undefined };
  const temp = makeTempDir('fd-restarts-');
  const upstream = await startUpstream(temp.dir, {
    clock: () => now,
    rateLimit: { perMinute: 60, perDay: 1000 },
  });
  const dataDir = join(temp.dir, 'kiosk');
  const sendTimes: number[] = [];
  const byKind: Record<string, number> = {};
  const starts: StartFigures[] = [];
  /** The running core (set and cleared by start and stop). */
  const running: { core: KioskCoreInternals | null } = { core: null };

  /** Runs the mirror until `until`, each request taking no time; notes when each was sent. */
  const runUntil = async (until: number): Promise<void> => {
    while (running.core && now < until) {
      const before = upstream.proxy.forwarded();
      const next = await running.core.mirror.step();
      for (let i = before; i < upstream.proxy.forwarded(); i += 1) sendTimes.push(now);
      now = Math.min(until, Math.max(next, now + 1));
    }
    now = until;
  };
  /** A customer's first screens, as the kiosk's screens ask them; the requests that went live. */
  const customer = async (kiosk: KioskCoreInternals): Promise<number> => {
    const before = upstream.proxy.forwarded();
    const wall = instantToWall(now, 'Europe/Berlin');
    const [year, month] = wall.date.split('-').map(Number) as [number, number];
    await kiosk.api.getCatalog({});
    await kiosk.api.getAvailableDays({ year, month, serviceId: CUSTOMER_SERVICE });
    const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
    await kiosk.api.getAvailableDays({ ...next, serviceId: CUSTOMER_SERVICE });
    await kiosk.api.getTimeSlots({ date: wall.date, serviceId: CUSTOMER_SERVICE });
    const live = upstream.proxy.forwarded() - before;
    for (let i = 0; i < live; i += 1) sendTimes.push(now);
    return live;
  };
  const start = async (why: string): Promise<void> => {
    const kiosk = await startCore(dataDir, upstream.proxy.url, { clock });
    running.core = kiosk;
    const before = upstream.proxy.forwarded();
    const at = now;
    await runUntil(at + MIN);
    const customerLive = await customer(kiosk);
    await runUntil(at + FIRST_MINUTES);
    starts.push({
      why,
      at: wallTime(at),
      firstTenMinutes: upstream.proxy.forwarded() - before,
      customerLive,
    });
  };
  const stop = async (): Promise<void> => {
    const kiosk = running.core;
    if (!kiosk) return;
    for (const [kind, n] of Object.entries(kiosk.mirror.requestsByKind))
      byKind[kind] = (byKind[kind] ?? 0) + n;
    running.core = null;
    await kiosk.close();
  };

  try {
    await start('cold start at midnight');
    for (const restart of restarts) {
      await runUntil(atWall(restart.stop));
      await stop();
      now += restart.offMin * MIN;
      await start(restart.why);
    }
    await runUntil(DAY_START + 24 * 60 * MIN);
    await stop();
  } finally {
    await running.core?.close();
    await upstream.close();
    temp.remove();
  }
  return {
    dayRequests: sendTimes.length,
    starts,
    byKind,
    busiestTenMinutes: Math.max(
      0,
      ...sendTimes.map((t) => sendTimes.filter((u) => u >= t && u <= t + FIRST_MINUTES).length),
    ),
    elapsedMs: Date.now() - started,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.FRONTDESK_LOG_LEVEL ??= 'silent';
  const figures = await runRestartDay();
  process.stdout.write(
    `A day with three restarts (${new Date().toISOString()})\n${JSON.stringify(figures, null, 2)}\n`,
  );
}
