/**
 * A kiosk started and restarted on one data folder with its screens open (issue 37): the real
 * reference server (60/min, 1,000/day, demo catalog) behind the fault proxy, which notes every
 * request the API answered, and the kiosk core with its loops on, all on one driven clock
 * (timerClock, moved only while nothing is on the wire: stepped-run.ts). The screens' steps
 * (start-screens.ts) run at their minute after each start. For the start bench
 * (bench/core/start-requests.ts) and its test (first-minutes-with-screens.test.ts).
 */
import { join } from 'node:path';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import type { MirrorPolicy } from '../../../electron/core/mirror';
import type { ForwardedRequest } from '../fault-proxy';
import { makeTempDir, startCore, startUpstream, type UpstreamFixture } from './harness';
import { timerClock, type TimerClock } from './manual-clock';
import {
  CounterScreen,
  screenClient,
  START_SCREENS,
  WalkInScreen,
  type ScreenStep,
  type Unanswered,
} from './start-screens';
import { steppedRun } from './stepped-run';

const MIN = 60_000;

/** What the API was asked, by kind (the path, and whether for one person). */
export interface Kinds {
  services: number;
  employees: number;
  days: number;
  personDays: number;
  slots: number;
  personSlots: number;
  book: number;
}

export function kindsOf(log: readonly ForwardedRequest[]): Kinds {
  const kinds: Kinds = {
    services: 0,
    employees: 0,
    days: 0,
    personDays: 0,
    slots: 0,
    personSlots: 0,
    book: 0,
  };
  for (const { url } of log) {
    // The kiosk asks `employeeId=any` for anyone's times (upstream/client.ts).
    const person = /[?&]employeeId=(?!any(&|$))/.test(url);
    if (url.includes('/services')) kinds.services += 1;
    else if (url.includes('/employees')) kinds.employees += 1;
    else if (url.includes('/available-days')) kinds[person ? 'personDays' : 'days'] += 1;
    else if (url.includes('/availability')) kinds[person ? 'personSlots' : 'slots'] += 1;
    else if (url.includes('/book')) kinds.book += 1;
  }
  return kinds;
}

/** A data folder the kiosk is started on and restarted, and the API it asks. */
export interface StartRig {
  clock: TimerClock;
  upstream: UpstreamFixture;
  dataDir: string;
  core: KioskCoreInternals | null;
  /** The screens' calls the kiosk did not answer (every start's). */
  unanswered: Unanswered[];
  mirrorPolicy: MirrorPolicy | undefined;
  close(): Promise<void>;
}

export async function openRig(startAt: number, mirrorPolicy?: MirrorPolicy): Promise<StartRig> {
  const clock = timerClock(startAt);
  const temp = makeTempDir('fd-start-requests-');
  const upstream = await startUpstream(temp.dir, {
    clock: () => clock.now(),
    rateLimit: { perMinute: 60, perDay: 1000 },
  });
  const rig: StartRig = {
    clock,
    upstream,
    dataDir: join(temp.dir, 'kiosk'),
    core: null,
    unanswered: [],
    mirrorPolicy,
    async close() {
      await rig.core?.close();
      rig.core = null;
      await upstream.close();
      temp.remove();
    },
  };
  return rig;
}

/**
 * Starts the kiosk (loops on) at the clock's time and runs `steps` at their minute, the clock
 * moving between them; returns when `runMs` after the start have passed.
 */
export async function startWithScreens(
  rig: StartRig,
  runMs: number,
  steps: readonly ScreenStep[] = START_SCREENS,
): Promise<void> {
  const { clock, upstream } = rig;
  const core = await startCore(rig.dataDir, upstream.proxy.url, {
    clock,
    autoStart: true,
    ...(rig.mirrorPolicy ? { mirrorPolicy: rig.mirrorPolicy } : {}),
  });
  rig.core = core;
  const startedAt = clock.now();
  const deps = { client: screenClient(core.api, rig.unanswered), now: () => clock.now() };
  const screens = { counter: new CounterScreen(deps), walkIn: new WalkInScreen(deps) };
  for (const step of steps) {
    const wait = startedAt + step.afterMs - clock.now();
    if (wait > 0) await steppedRun(clock, upstream.proxy, wait);
    await step.run(screens);
  }
  const left = startedAt + runMs - clock.now();
  if (left > 0) await steppedRun(clock, upstream.proxy, left, { stepMs: MIN });
}

export async function stopKiosk(rig: StartRig): Promise<void> {
  await rig.core?.close();
  rig.core = null;
}
