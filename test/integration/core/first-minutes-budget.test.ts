/**
 * Issue 37, the start-up burst: a start costs at most 60 of the key's requests in its first 10
 * minutes, and what it asks first is what a customer's first screens need (the catalog, the
 * calendars of this month and the next, then the slot lists nearest first; a person's days
 * after them). In opening hours the mirror alone fills the window to 40: the other 20 are the
 * customers' screens' (first-minutes-with-screens.test.ts counts them too). The kiosk core as it runs (loops on) against the real reference server at
 * 60/min and 1,000/day; the test only moves the shared clock, timer by timer while nothing is
 * on the wire (stepped-run.ts), and counts what the API was asked at the fault proxy.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import {
  makeTempDir,
  startCore,
  startUpstream,
  type UpstreamFixture,
} from '../../support/core/harness';
import { timerClock, type TimerClock } from '../../support/core/manual-clock';
import { steppedRun } from '../../support/core/stepped-run';
import { DEFAULT_MIRROR_POLICY } from '../../../electron/core/mirror';

const TUESDAY_1000 = Date.parse('2026-11-24T09:00:00Z'); // Berlin, the shop open
const MONDAY_1600 = Date.parse('2026-11-23T15:00:00Z');
const WEDNESDAY_1000 = Date.parse('2026-11-25T09:00:00Z');
const TEN_MINUTES = 10 * 60_000;
const SERVICES = 6; // the demo's enabled services
/** What the mirror fills the kiosk's window to in opening hours (40 of the 60 a start may cost). */
const MIRROR_SHARE = DEFAULT_MIRROR_POLICY.windowRequests - DEFAULT_MIRROR_POLICY.windowReserve;

let temp: ReturnType<typeof makeTempDir> | null = null;
let upstream: UpstreamFixture | null = null;
let core: KioskCoreInternals | null = null;

afterEach(async () => {
  await core?.close();
  await upstream?.close();
  temp?.remove();
  core = null;
  upstream = null;
  temp = null;
});

async function startKiosk(clock: TimerClock): Promise<void> {
  temp ??= makeTempDir('fd-first-minutes-');
  upstream ??= await startUpstream(temp.dir, {
    clock: () => clock.now(),
    rateLimit: { perMinute: 60, perDay: 1000 },
  });
  core = await startCore(join(temp.dir, 'kiosk'), upstream.proxy.url, { clock, autoStart: true });
}

/** Requests the API answered from the kiosk during `ms` of kiosk time, loops running. */
async function requestsIn(clock: TimerClock, ms: number): Promise<number> {
  const before = upstream!.proxy.forwarded();
  await steppedRun(clock, upstream!.proxy, ms);
  return upstream!.proxy.forwarded() - before;
}

/** When each mirrored list was fetched, by kind, from the kiosk's database. */
function fetchTimes(): Record<'catalog' | 'calendars' | 'slots' | 'personDays', number[]> {
  const db = new Database(join(temp!.dir, 'kiosk', 'kiosk.db'), { readonly: true });
  const times = (sql: string) => (db.prepare(sql).all() as { at: number }[]).map((r) => r.at);
  try {
    return {
      catalog: times(
        'select fetched_at as at from mirror_services union all select fetched_at from mirror_employees',
      ),
      calendars: times(
        "select fetched_at as at from mirror_available_days where employee_key = '' and service_key != ''",
      ),
      slots: times("select fetched_at as at from mirror_time_slots where employee_key = 'any'"),
      personDays: times(
        "select fetched_at as at from mirror_available_days where employee_key != ''",
      ),
    };
  } finally {
    db.close();
  }
}

describe('first minutes after a start', () => {
  it('a cold start: at most 40 of the 60 for the mirror in 10 minutes, the first screens first, a person\u2019s days after', async () => {
    const clock = timerClock(TUESDAY_1000);
    await startKiosk(clock);
    const spent = await requestsIn(clock, TEN_MINUTES);
    console.info('first minutes: a cold start asked', spent, 'in its first 10 minutes');
    expect(spent).toBeLessThanOrEqual(MIRROR_SHARE);
    const times = fetchTimes();
    // The catalog, the calendars of this month and the next for every service, then the slot
    // lists nearest first (26 of the 7 open days of each service), every one before a person's
    // days.
    expect(times.calendars).toHaveLength(2 * SERVICES);
    expect(times.slots).toHaveLength(spent - 2 - 2 * SERVICES);
    expect(Math.max(...times.catalog)).toBeLessThanOrEqual(Math.min(...times.calendars));
    expect(Math.max(...times.calendars)).toBeLessThanOrEqual(Math.min(...times.slots));
    expect(Math.max(...times.slots)).toBeLessThanOrEqual(Math.min(...times.personDays, Infinity));

    // The rest (the other slot lists, then a person's days, today's next turn) follows in the
    // next window.
    await requestsIn(clock, TEN_MINUTES);
    expect(fetchTimes().slots).toHaveLength(7 * SERVICES);
    expect(fetchTimes().personDays.length).toBeGreaterThan(0);
  });

  it('a start after a day away, everything stale: at most 40 of the 60 for the mirror in its first 10 minutes, the rest after', async () => {
    const clock = timerClock(MONDAY_1600);
    await startKiosk(clock);
    // Monday afternoon: the mirror fills, the people's days too, and runs for an hour.
    await requestsIn(clock, 60 * 60_000);
    expect(fetchTimes().personDays.length).toBeGreaterThan(0);
    await core!.close();
    core = null;

    // Off for a day and two nights; started on Wednesday at 10:00 with Monday's cache: the
    // catalog, the calendars, the people's days and every slot list are past their age.
    clock.set(WEDNESDAY_1000);
    await startKiosk(clock);
    const spent = await requestsIn(clock, TEN_MINUTES);
    console.info('first minutes: a start after a day away asked', spent, 'in its first 10 minutes');
    expect(spent).toBeLessThanOrEqual(MIRROR_SHARE);
    const refreshed = fetchTimes();
    // The lists most past their age first (the next days' slot lists: an hour; the catalog and
    // the calendars: a day); a person's days wait.
    expect(refreshed.slots.filter((at) => at >= WEDNESDAY_1000).length).toBeGreaterThan(20);
    expect(refreshed.personDays.some((at) => at < WEDNESDAY_1000)).toBe(true);
    // Each later window holds at most the mirror's share too, until everything is refreshed.
    for (let window = 0; window < 2; window += 1)
      expect(await requestsIn(clock, TEN_MINUTES)).toBeLessThanOrEqual(MIRROR_SHARE);
    const later = fetchTimes();
    expect(later.catalog.every((at) => at >= WEDNESDAY_1000)).toBe(true);
    expect(later.calendars.every((at) => at >= WEDNESDAY_1000)).toBe(true);
    expect(later.personDays.every((at) => at >= WEDNESDAY_1000)).toBe(true);
  });
});
