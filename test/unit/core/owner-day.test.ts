/**
 * Issue 41 part 3: the owner's kiosk day counts, on a driven clock. A screen's session adds
 * each thing once however often it reports; counts fall in the shop's hour and day; the median
 * from start to booked is exact; days past KIOSK_DAY_KEEP_DAYS are pruned.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openKioskDb, type KioskDb } from '../../../electron/core/db';
import { silentLogger } from '../../../electron/core/platform/log';
import { createKioskDay } from '../../../electron/core/owner-day';
import { medianSeconds } from '../../../electron/core/owner-day/day-report';
import {
  createFlowSessions,
  MAX_SCREENS,
  MIN_SESSION_GAP_MS,
} from '../../../electron/core/owner-day/flow-sessions';
import type { KioskFlowEvent } from '../../../shared/kiosk-day';
import { makeTempDir } from '../../support/core/harness';
import { manualClock, type ManualClock } from '../../support/core/manual-clock';

// Monday 23 November 2026, 09:00 in Berlin (UTC+1).
const NINE = Date.parse('2026-11-23T08:00:00Z');
const MINUTE = 60_000;
const SESSION = 'staff-session-token-0123456789';

describe('a screen session adds each thing once', () => {
  const added = (counted: ReturnType<ReturnType<typeof createFlowSessions>['report']>) =>
    counted?.increments.map(({ counter, detail }) => (detail ? `${counter}:${detail}` : counter));

  it('counts a walk, ignores repeats, and books with the seconds since the start', () => {
    const flow = createFlowSessions();
    const at = (event: KioskFlowEvent, ms: number) => added(flow.report('a', event, NINE + ms));
    expect(at({ kind: 'started', language: 'de', audio: true }, 0)).toEqual([
      'started',
      'language:de',
      'mode:audio',
    ]);
    expect(at({ kind: 'step', step: 'service', language: 'de', audio: true }, 1_000)).toEqual([
      'reached:service',
    ]);
    // The same step again, a language already counted, a second "no time found": nothing.
    expect(at({ kind: 'step', step: 'service', language: 'de' }, 2_000)).toBeUndefined();
    expect(at({ kind: 'noTimeFound' }, 3_000)).toEqual(['noTimeFound']);
    expect(at({ kind: 'noTimeFound' }, 3_500)).toBeUndefined();
    expect(at({ kind: 'step', step: 'day', language: 'ar' }, 4_000)).toEqual([
      'reached:day',
      'language:ar',
    ]);
    // Back to the services and on again: the step the customer is on moves, the counts do not.
    expect(at({ kind: 'step', step: 'service' }, 5_000)).toBeUndefined();
    expect(at({ kind: 'step', step: 'day' }, 6_000)).toBeUndefined();
    const booked = flow.report('a', { kind: 'step', step: 'booked' }, NINE + 95_400);
    expect(booked).toEqual({
      increments: [{ counter: 'reached', detail: 'booked' }],
      bookedSeconds: 95,
    });
    // The session ended: nothing more counts in it, not even an abandon.
    expect(at({ kind: 'abandoned' }, 96_000)).toBeUndefined();
    expect(at({ kind: 'arrived' }, 96_000)).toBeUndefined();
  });

  it('abandons at the step the customer was on; a new start abandons a session left open', () => {
    const flow = createFlowSessions();
    flow.report('a', { kind: 'started' }, NINE);
    flow.report('a', { kind: 'step', step: 'time' }, NINE + 1_000);
    flow.report('a', { kind: 'step', step: 'day' }, NINE + 2_000);
    expect(added(flow.report('a', { kind: 'abandoned' }, NINE + 3_000))).toEqual(['abandoned:day']);
    flow.report('a', { kind: 'started' }, NINE + MINUTE);
    flow.report('a', { kind: 'step', step: 'review' }, NINE + MINUTE + 1_000);
    expect(added(flow.report('a', { kind: 'started' }, NINE + 2 * MINUTE))).toEqual([
      'abandoned:review',
      'started',
    ]);
  });

  it('lets a screen start one session per gap, and keeps screens apart', () => {
    const flow = createFlowSessions();
    expect(flow.report('a', { kind: 'started' }, NINE)).not.toBeNull();
    expect(flow.report('a', { kind: 'started' }, NINE + MIN_SESSION_GAP_MS - 1)).toBeNull();
    expect(flow.report('b', { kind: 'started' }, NINE + 1)).not.toBeNull();
    expect(flow.report('a', { kind: 'started' }, NINE + MIN_SESSION_GAP_MS)).not.toBeNull();
    // A session that joined the waitlist ends without being abandoned.
    flow.report('b', { kind: 'step', step: 'time' }, NINE + 2);
    expect(added(flow.report('b', { kind: 'waitlistJoined' }, NINE + 3))).toEqual([
      'waitlistJoined',
    ]);
    expect(flow.report('b', { kind: 'abandoned' }, NINE + 4)).toBeNull();
    // Without a session, nothing counts.
    expect(flow.report('c', { kind: 'step', step: 'service' }, NINE)).toBeNull();
    expect(flow.report('c', { kind: 'waitlistJoined' }, NINE)).toBeNull();
  });
});

it('remembers at most MAX_SCREENS screens, forgetting the one that started longest ago', () => {
  const flow = createFlowSessions();
  for (let n = 0; n <= MAX_SCREENS; n++) flow.report(`s${n}`, { kind: 'started' }, NINE + n);
  expect(flow.report('s0', { kind: 'step', step: 'service' }, NINE + MINUTE)).toBeNull();
  expect(flow.report('s1', { kind: 'step', step: 'service' }, NINE + MINUTE)).not.toBeNull();
});

describe('the median time from start to booked', () => {
  it.each([
    [[], null],
    [[{ seconds: 60, count: 1 }], 60],
    [
      [
        { seconds: 90, count: 1 },
        { seconds: 30, count: 1 },
        { seconds: 300, count: 1 },
      ],
      90,
    ],
    [
      [
        { seconds: 30, count: 1 },
        { seconds: 91, count: 1 },
      ],
      61,
    ],
    [
      [
        { seconds: 40, count: 3 },
        { seconds: 500, count: 2 },
      ],
      40,
    ],
    [
      [
        { seconds: 40, count: 2 },
        { seconds: 100, count: 2 },
        { seconds: 7, count: 0 },
      ],
      70,
    ],
  ])('of %j is %s', (rows, median) => {
    expect(medianSeconds(rows)).toBe(median);
  });
});

describe('the kiosk day on its tables', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let db: KioskDb;
  let clock: ManualClock;
  beforeEach(() => {
    temp = makeTempDir('fd-owner-day-');
    db = openKioskDb({ dataDir: temp.dir });
    clock = manualClock(NINE);
  });
  afterEach(() => {
    db.$client.close();
    temp.remove();
  });
  const room = () => createKioskDay({ db, clock, timeZone: 'Europe/Berlin', log: silentLogger });
  async function walk(day: ReturnType<typeof room>, screen: string, steps: number, book: boolean) {
    const report = day.forScreen(screen).reportKioskFlow;
    await report({ kind: 'started' });
    for (const step of (['service', 'day', 'time', 'details', 'review'] as const).slice(0, steps)) {
      clock.advance(10_000);
      await report({ kind: 'step', step });
    }
    clock.advance(10_000);
    await report(book ? { kind: 'step', step: 'booked' } : { kind: 'abandoned' });
  }

  it('counts in the shop’s hours and days, across midnight', async () => {
    const day = room();
    clock.set(Date.parse('2026-11-23T08:58:00Z')); // 09:58 in Berlin
    await walk(day, 'a', 5, true); // started 09:58, booked 09:59 after 60 s
    clock.set(Date.parse('2026-11-23T09:00:00Z')); // 10:00
    await walk(day, 'a', 3, false);
    clock.set(Date.parse('2026-11-23T22:59:50Z')); // 23:59:50, booked 00:00:50 the next day
    await walk(day, 'b', 5, true);
    const answer = await day.api.getKioskDay({
      session: SESSION,
      from: '2026-11-23',
      to: '2026-11-24',
    });
    expect(
      answer.hours.map(({ date, hour, started, reached, abandoned }) => ({
        date,
        hour,
        started,
        booked: reached.booked,
        abandonedAtTime: abandoned.time,
      })),
    ).toEqual([
      { date: '2026-11-23', hour: 9, started: 1, booked: 1, abandonedAtTime: 0 },
      { date: '2026-11-23', hour: 10, started: 1, booked: 0, abandonedAtTime: 1 },
      { date: '2026-11-23', hour: 23, started: 1, booked: 0, abandonedAtTime: 0 },
      { date: '2026-11-24', hour: 0, started: 0, booked: 1, abandonedAtTime: 0 },
    ]);
    expect(
      answer.days.map((d) => [d.date, d.started, d.reached.booked, d.medianSecondsToBooked]),
    ).toEqual([
      ['2026-11-23', 3, 1, 60],
      ['2026-11-24', 0, 1, 60],
    ]);
    expect(answer.total).toMatchObject({ started: 3, medianSecondsToBooked: 60 });
    expect(answer.total.reached).toEqual({
      service: 3,
      day: 3,
      time: 3,
      details: 2,
      review: 2,
      booked: 2,
    });
  });

  it('keeps 90 days: older days are pruned at the next write and at start', async () => {
    const day = room();
    await walk(day, 'a', 1, false);
    const range = { session: SESSION, from: '2026-11-23', to: '2026-11-23' };
    // 89 days later the first day is still the oldest kept.
    clock.advance(89 * 24 * 60 * MINUTE);
    await walk(day, 'a', 1, false);
    expect((await day.api.getKioskDay(range)).total.started).toBe(1);
    // A day later it is past keeping: the first write of the day prunes it.
    clock.advance(24 * 60 * MINUTE);
    await walk(day, 'a', 1, false);
    expect((await day.api.getKioskDay(range)).total.started).toBe(0);
    const rows = () => db.$client.prepare('select min(day) as day from kiosk_day_counts').get();
    expect(rows()).toEqual({ day: '2027-02-20' }); // the second walk's day
    // At start: a room opened a year later prunes without any write.
    clock.advance(365 * 24 * 60 * MINUTE);
    room();
    expect(rows()).toEqual({ day: null });
  });

  it('refuses a range backwards or longer than the days kept', async () => {
    const day = room();
    await expect(
      day.api.getKioskDay({ session: SESSION, from: '2026-11-24', to: '2026-11-23' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(
      day.api.getKioskDay({ session: SESSION, from: '2026-01-01', to: '2026-11-23' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(
      (await day.api.getKioskDay({ session: SESSION, from: '2026-08-26', to: '2026-11-23' })).days,
    ).toHaveLength(90);
  });
});
