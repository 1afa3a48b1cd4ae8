/**
 * A start as a user sees it (issue 37): `npx tsx bench/core/start-requests.ts`. The kiosk core
 * with its loops on (mirror, queue, probe) against the real reference server (60/min,
 * 1,000/day, demo catalog) on one driven clock (timerClock, moved only while nothing is on the
 * wire: stepped-run.ts), and the screens' lookups replayed at their minute
 * (test/support/core/start-screens.ts: the counter's booking screen and the walk-in flow, through
 * the renderer's own functions). Every request the API answered is counted at the fault proxy.
 *
 * Starts: cold (Tuesday 10:00); after a day away (Monday's cache, Wednesday 10:00); after three
 * hours off (Tuesday 09:00-10:00, again at 13:00); and a day with three restarts (Tuesday from
 * midnight: a cold start, an update at 08:40, a power cut of two hours at 12:00, an update at
 * 16:20), the screens' first minutes after each start. Deterministic up to the order of
 * concurrent lookups.
 */
import { pathToFileURL } from 'node:url';
import { instantToWall } from '../../shared/booking/time';
import { DEFAULT_MIRROR_POLICY, type MirrorPolicy } from '../../electron/core/mirror';
import {
  kindsOf,
  openRig,
  startWithScreens,
  stopKiosk,
  type Kinds,
  type StartRig,
} from '../../test/support/core/start-rig';
import type { Unanswered } from '../../test/support/core/start-screens';
import { steppedRun } from '../../test/support/core/stepped-run';

const MIN = 60_000;
const TEN_MINUTES = 10 * MIN;

export const TUESDAY_0000 = Date.parse('2026-11-23T23:00:00Z'); // Berlin
const at = (day: number, time: string): number => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return TUESDAY_0000 + day * 24 * 60 * MIN + (h * 60 + m) * MIN;
};

export interface StartFigures {
  start: string;
  /** Berlin wall time of the start. */
  at: string;
  /** Every request the API answered in the start's first 10 minutes. */
  firstTenMinutes: number;
  /** Of those, the mirror's (the rest: the screens' lookups and the bookings). */
  mirror: number;
  screens: number;
  kinds: Kinds;
  /** The most requests in any 10 minutes from the start until it stopped (or 2 hours). */
  busiestTenMinutes: number;
  /** The screens' calls the kiosk did not answer in the start's first 10 minutes. */
  unanswered: Unanswered[];
}

const wallTime = (t: number): string => instantToWall(t, 'Europe/Berlin').time;

/** The most requests in any span of `TEN_MINUTES`, both ends included. */
export function busiest(times: readonly number[]): number {
  let most = 0;
  for (const t of times)
    most = Math.max(most, times.filter((u) => u >= t && u <= t + TEN_MINUTES).length);
  return most;
}

function figuresOf(
  rig: StartRig,
  name: string,
  startedAt: number,
  mirror: number,
  until: number,
): Omit<StartFigures, 'unanswered'> {
  const log = rig.upstream.proxy.forwardedLog();
  const first = log.filter((r) => r.at >= startedAt && r.at <= startedAt + TEN_MINUTES);
  return {
    start: name,
    at: wallTime(startedAt),
    firstTenMinutes: first.length,
    mirror,
    screens: first.length - mirror,
    kinds: kindsOf(first),
    busiestTenMinutes: busiest(
      log.filter((r) => r.at >= startedAt && r.at < until).map((r) => r.at),
    ),
  };
}

/**
 * One start measured: the kiosk (re)started at the clock's time with the screens, its first 10
 * minutes counted (the mirror's count read at 10 minutes), then run on to `runMs`.
 */
async function measuredStart(rig: StartRig, name: string, runMs: number): Promise<StartFigures> {
  const startedAt = rig.clock.now();
  const unansweredBefore = rig.unanswered.length;
  await startWithScreens(rig, TEN_MINUTES);
  const unanswered = rig.unanswered.slice(unansweredBefore);
  // The mirror's requests of its first 10 minutes (a new core counts from 0).
  const mirror = rig.core?.mirror.requests ?? 0;
  if (runMs > TEN_MINUTES)
    await steppedRun(rig.clock, rig.upstream.proxy, runMs - TEN_MINUTES, { stepMs: MIN });
  return { ...figuresOf(rig, name, startedAt, mirror, rig.clock.now()), unanswered };
}

export interface StartsFigures {
  starts: StartFigures[];
  elapsedMs: number;
}

/** The three kinds of start: cold, after a day away, after three hours off. */
export async function runStarts(policy?: MirrorPolicy): Promise<StartsFigures> {
  const began = Date.now();
  const starts: StartFigures[] = [];

  let rig = await openRig(at(0, '10:00'), policy);
  try {
    starts.push(await measuredStart(rig, 'cold, Tuesday 10:00', 2 * 60 * MIN));
  } finally {
    await rig.close();
  }

  rig = await openRig(at(-1, '16:00'), policy);
  try {
    await startWithScreens(rig, 60 * MIN);
    await stopKiosk(rig);
    rig.clock.set(at(1, '10:00'));
    starts.push(
      await measuredStart(
        rig,
        'after a day away (Monday 16:00-17:00, Wednesday 10:00)',
        2 * 60 * MIN,
      ),
    );
  } finally {
    await rig.close();
  }

  rig = await openRig(at(0, '09:00'), policy);
  try {
    await startWithScreens(rig, 60 * MIN);
    await stopKiosk(rig);
    rig.clock.set(at(0, '13:00'));
    starts.push(
      await measuredStart(rig, 'after three hours off (Tuesday 09:00-10:00, 13:00)', 2 * 60 * MIN),
    );
  } finally {
    await rig.close();
  }
  return { starts, elapsedMs: Date.now() - began };
}

export interface RestartPlan {
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

export interface RestartDayFigures {
  /** Every request the API answered in the day (the mirror's, the screens', the bookings). */
  dayRequests: number;
  kinds: Kinds;
  starts: StartFigures[];
  /** The most requests in any 10 minutes of the day. */
  busiestTenMinutes: number;
  elapsedMs: number;
}

/** Tuesday from midnight: a cold start and three restarts, the screens after each. */
export async function runRestartDayWithScreens(
  restarts: readonly RestartPlan[] = THREE_RESTARTS,
  policy?: MirrorPolicy,
): Promise<RestartDayFigures> {
  const began = Date.now();
  const rig = await openRig(at(0, '00:00'), policy);
  const starts: StartFigures[] = [];
  try {
    const stops = [...restarts.map((r) => at(0, r.stop)), at(1, '00:00')];
    const whys = ['cold start at midnight', ...restarts.map((r) => r.why)];
    for (const [i, stop] of stops.entries()) {
      starts.push(await measuredStart(rig, whys[i] ?? '', stop - rig.clock.now()));
      await stopKiosk(rig);
      const off = restarts[i]?.offMin;
      if (off !== undefined) rig.clock.set(rig.clock.now() + off * MIN);
    }
    const log = rig.upstream.proxy.forwardedLog().filter((r) => r.at < at(1, '00:00'));
    return {
      dayRequests: log.length,
      kinds: kindsOf(log),
      starts,
      busiestTenMinutes: busiest(log.map((r) => r.at)),
      elapsedMs: Date.now() - began,
    };
  } finally {
    await rig.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.FRONTDESK_LOG_LEVEL ??= 'silent';
  const which = process.argv[2] ?? 'all';
  // `--window 60/50`: another window for the mirror (as before the screens were counted).
  const flag = process.argv.indexOf('--window');
  const [requests, later] = (flag > 0 ? (process.argv[flag + 1] ?? '') : '').split('/').map(Number);
  const policy =
    requests && later
      ? { ...DEFAULT_MIRROR_POLICY, windowRequests: requests, windowRequestsLater: later }
      : undefined;
  const out: Record<string, unknown> = { at: new Date().toISOString(), policy };
  if (which === 'all' || which === 'starts') out.starts = await runStarts(policy);
  if (which === 'all' || which === 'day')
    out.day = await runRestartDayWithScreens(THREE_RESTARTS, policy);
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}
