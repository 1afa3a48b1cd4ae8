/**
 * The customer's lookups (catalog/lookups.ts) over the kiosk's real SQLite and a scripted API (a
 * test double of the upstream client): how a person's cached times are merged from their own
 * list and the `any` list, which days the calendar offers from the cache, what a lookup asks of
 * the API and when, and what an unknown service is called.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createLookups, type Lookups } from '../../../electron/core/catalog/lookups';
import {
  saveAvailableDays,
  saveCatalog,
  saveTimeSlots,
} from '../../../electron/core/db/mirror-repo';
import { openKioskDb, type KioskDb } from '../../../electron/core/db/open';
import type { EngineFreshness } from '../../../electron/core/engine';
import { createMemoryOutboxStore } from '../../../electron/core/outbox/store';
import type { CallOptions, UpstreamClient } from '../../../electron/core/upstream/client';
import type { UpstreamOutcome } from '../../../electron/core/upstream/outcome';
import type { TimeSlot } from '../../../shared/api/schemas';
import { KioskFailure } from '../../../shared/result';
import { apiEmployee, apiService } from '../../support/api-fixtures';
import { makeTempDir } from '../../support/core/harness';
import { manualClock, type ManualClock } from '../../support/core/manual-clock';
import { upstreamDouble } from '../../support/core/upstream-double';

const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z'); // 10:00 in Berlin
const DATE = '2026-11-27';
const SERVICE = 'svc-cut';
const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };
const ok = <T>(data: T): UpstreamOutcome<T> => ({ kind: 'ok', status: 200, data, meta });

interface Rig {
  db: KioskDb;
  clock: ManualClock;
  lookups: Lookups;
  /** What the API was asked, in order: the operation, its query and the call's options. */
  asked: { op: string; query?: unknown; call: CallOptions }[];
  online: { value: boolean };
}

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup) fn();
  cleanup = [];
});

function rig(
  api: Partial<Omit<UpstreamClient, 'close'>> = {},
  options: { freshness?: EngineFreshness; lookupTimeoutMs?: number; ticking?: boolean } = {},
): Rig {
  const temp = makeTempDir('fd-lookups-rig-');
  const db = openKioskDb({ dataDir: temp.dir });
  cleanup.push(() => {
    db.$client.close();
    temp.remove();
  });
  const clock = manualClock(MONDAY_1000);
  // A clock that moves a millisecond at every read: a slow machine between two reads.
  if (options.ticking === true) {
    let at = MONDAY_1000;
    clock.now = () => at++;
  }
  const asked: Rig['asked'] = [];
  const online = { value: true };
  const client = upstreamDouble({
    getServices: (call) => {
      asked.push({ op: 'getServices', call });
      return api.getServices ? api.getServices(call) : Promise.resolve(ok([apiService(SERVICE)]));
    },
    getEmployees: (call) => {
      asked.push({ op: 'getEmployees', call });
      return api.getEmployees
        ? api.getEmployees(call)
        : Promise.resolve(ok([apiEmployee('emp-a')]));
    },
    getTimeSlots: (query, call) => {
      asked.push({ op: 'getTimeSlots', query, call });
      return api.getTimeSlots
        ? api.getTimeSlots(query, call)
        : Promise.resolve(ok({ date: query.date, timeSlots: [] }));
    },
    getAvailableDays: (query, call) => {
      asked.push({ op: 'getAvailableDays', query, call });
      return api.getAvailableDays
        ? api.getAvailableDays(query, call)
        : Promise.reject(new Error('not used by this test'));
    },
  });
  const lookups = createLookups({
    db,
    store: createMemoryOutboxStore(),
    clock,
    timeZone: 'Europe/Berlin',
    client: () => client,
    events: { emit: () => undefined },
    gate: { mayGoLive: () => online.value },
    freshness: options.freshness,
    lookupTimeoutMs: options.lookupTimeoutMs,
  });
  return { db, clock, lookups, asked, online };
}

const free = (time: string, employeeId: string): TimeSlot => ({
  time,
  available: true,
  employeeId,
});
const taken = (time: string, reason?: string): TimeSlot =>
  reason === undefined ? { time, available: false } : { time, available: false, reason };
const slotsOf = (db: KioskDb, employeeId: string | undefined, slots: TimeSlot[], at: number) =>
  saveTimeSlots(
    db,
    { date: DATE, serviceId: SERVICE, employeeId },
    { date: DATE, timeSlots: slots },
    at,
  );

describe("a person's cached times: the availability model over their own list and the `any` list", () => {
  const cached = (lookups: Lookups, employeeId: string | undefined) =>
    lookups.cachedAnswer({ date: DATE, serviceId: SERVICE, employeeId, durationMinutes: 15 });

  it('where `any` is the fresher: it frees the times it names them for and takes those nobody is free at', () => {
    const { db, lookups } = rig();
    slotsOf(
      db,
      'emp-a',
      [
        free('09:00', 'emp-a'),
        free('09:30', 'emp-a'),
        free('10:00', 'emp-a'),
        taken('10:30', 'booked'),
        taken('11:30', 'booked'),
      ],
      MONDAY_1000,
    );
    slotsOf(
      db,
      undefined,
      [
        free('08:30', 'emp-a'),
        free('09:00', 'emp-b'),
        taken('09:30'),
        taken('10:30'),
        free('11:00', 'emp-b'),
        free('11:30', 'emp-a'),
      ],
      MONDAY_1000 + 60_000,
    );
    expect(cached(lookups, 'emp-a')).toEqual({
      timeSlots: [
        free('08:30', 'emp-a'), // named by `any`
        free('09:00', 'emp-a'), // someone else is named then: their own list decides
        taken('09:30', 'booked'), // nobody is free then any more
        taken('10:00', 'booked'), // the fresher `any` list dropped it: nobody is free then
        taken('10:30', 'booked'), // taken for everyone
        free('11:30', 'emp-a'), // named by the fresher `any` list: free again
      ],
      asOf: MONDAY_1000, // 09:00 rests on the older list
      unsure: [],
    });
  });

  it.each([
    ['as fresh as', 0],
    ['fresher than', 60_000],
  ])('where their own list is %s `any`: it decides', (_, ownLater) => {
    const { db, lookups } = rig();
    slotsOf(
      db,
      undefined,
      [
        free('08:30', 'emp-a'),
        free('09:00', 'emp-a'),
        free('09:30', 'emp-b'),
        free('10:00', 'emp-b'),
      ],
      MONDAY_1000,
    );
    slotsOf(
      db,
      'emp-a',
      [taken('09:00', 'booked'), free('10:00', 'emp-a')],
      MONDAY_1000 + ownLater,
    );
    expect(cached(lookups, 'emp-a')).toEqual({
      timeSlots: [
        taken('08:30', 'unknown'), // named by the older `any` list, not on their own
        taken('09:00', 'booked'),
        free('10:00', 'emp-a'), // 09:30 is someone else's time, not theirs at all
      ],
      asOf: MONDAY_1000 + ownLater,
      unsure: [],
    });
  });

  it('with only the `any` list cached: the times it names them for, every other one unknown', () => {
    const { db, lookups } = rig();
    slotsOf(db, undefined, [free('10:00', 'emp-b'), free('09:00', 'emp-a')], MONDAY_1000);
    expect(cached(lookups, 'emp-a')).toEqual({
      timeSlots: [free('09:00', 'emp-a'), taken('10:00', 'unknown')],
      asOf: MONDAY_1000,
      unsure: [],
    });
  });

  it.each([undefined, 'any'])(
    'for anyone (%s): a time is free when one person is, by the list that knows them best',
    (employeeId) => {
      const { db, lookups } = rig();
      slotsOf(
        db,
        undefined,
        [free('09:00', 'emp-a'), free('09:00', 'emp-b'), taken('09:30')],
        MONDAY_1000,
      );
      slotsOf(db, 'emp-a', [taken('09:00')], MONDAY_1000 + 60_000);
      expect(cached(lookups, employeeId)).toEqual({
        timeSlots: [free('09:00', 'emp-b'), taken('09:30', 'booked')],
        asOf: MONDAY_1000,
        unsure: [],
      });
    },
  );
});

describe('when a lookup asks the API', () => {
  const FOREVER: EngineFreshness = {
    todayMaxAgeMs: Number.POSITIVE_INFINITY,
    otherMaxAgeMs: Number.POSITIVE_INFINITY,
    catalogMaxAgeMs: Number.POSITIVE_INFINITY,
  };

  it('nothing cached is asked live however long the cache may be kept, and then kept', async () => {
    const { lookups, asked } = rig({}, { freshness: FOREVER });
    const catalog = await lookups.api.getCatalog({});
    expect(catalog.source).toBe('live');
    const slots = await lookups.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
    expect(slots.source).toBe('live');
    expect(asked.map((a) => a.op)).toEqual(['getServices', 'getEmployees', 'getTimeSlots']);

    expect((await lookups.api.getCatalog({})).source).toBe('cache');
    expect((await lookups.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).source).toBe(
      'cache',
    );
    expect(asked).toHaveLength(3);
  });

  it.each([
    [undefined, 3_000],
    [1_500, 1_500],
  ])('with lookupTimeoutMs %s, the API has %i ms to answer', async (lookupTimeoutMs, timeoutMs) => {
    const { lookups, asked } = rig({}, { lookupTimeoutMs });
    await lookups.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
    expect(asked.map((a) => [a.op, a.call.timeoutMs])).toEqual([
      ['getServices', timeoutMs],
      ['getEmployees', timeoutMs],
      ['getTimeSlots', timeoutMs],
    ]);
  });

  it('a live answer and the copy kept of it are of one instant: a later cached answer is as old', async () => {
    const { lookups } = rig(
      {
        getAvailableDays: (query) =>
          Promise.resolve(ok({ ...query, availableDays: [27], totalDays: 30 })),
      },
      { freshness: FOREVER, ticking: true },
    );
    const catalog = await lookups.api.getCatalog({});
    const slots = await lookups.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
    const days = await lookups.api.getAvailableDays({ year: 2026, month: 11, serviceId: SERVICE });
    expect([catalog.source, slots.source, days.source]).toEqual(['live', 'live', 'live']);
    const again = await Promise.all([
      lookups.api.getCatalog({}),
      lookups.api.getTimeSlots({ date: DATE, serviceId: SERVICE }),
      lookups.api.getAvailableDays({ year: 2026, month: 11, serviceId: SERVICE }),
    ]);
    expect(again.map((a) => [a.source, a.asOf])).toEqual([
      ['cache', catalog.asOf],
      ['cache', slots.asOf],
      ['cache', days.asOf],
    ]);
  });

  it('a service the live catalog lacks is not found, not "unavailable"', async () => {
    const { lookups } = rig();
    const error = await lookups.serviceMinutes('svc-gone').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KioskFailure);
    expect((error as KioskFailure).code).toBe('not_found');
  });
});

describe('the days of a month from the cache', () => {
  const month = { year: 2026, month: 11 };
  const calendar = (days: number[]) => ({ ...month, availableDays: days, totalDays: days.length });

  it('bookable offline: the days from today whose cached list has a free time, in order', async () => {
    const { db, lookups, online } = rig();
    saveCatalog(db, [apiService(SERVICE)], [apiEmployee('emp-a')], MONDAY_1000);
    saveAvailableDays(db, { ...month, serviceId: SERVICE }, calendar([24, 30]), MONDAY_1000);
    const day = (d: number, slots: TimeSlot[]) =>
      saveTimeSlots(
        db,
        { date: `2026-11-${d}`, serviceId: SERVICE },
        { date: `2026-11-${d}`, timeSlots: slots },
        MONDAY_1000,
      );
    day(30, [free('09:00', 'emp-a')]);
    day(25, [taken('09:00')]);
    day(24, [free('09:00', 'emp-a')]);
    day(20, [free('09:00', 'emp-a')]); // before today
    day(23, [taken('09:00'), free('17:00', 'emp-a')]); // today
    online.value = false;
    const days = await lookups.api.getAvailableDays({ ...month, serviceId: SERVICE });
    expect(days).toMatchObject({ source: 'cache', bookableOffline: [23, 24, 30] });
  });

  it("a person's calendar is not corrected by the `any` lists fetched after it; everyone's is", async () => {
    const { db, lookups, online } = rig();
    saveAvailableDays(
      db,
      { ...month, serviceId: SERVICE, employeeId: 'emp-a' },
      calendar([24]),
      MONDAY_1000,
    );
    saveAvailableDays(db, { ...month, serviceId: SERVICE }, calendar([24]), MONDAY_1000);
    // Fetched later: someone else is free on the 26th, nobody on the 24th.
    for (const [d, slots] of [
      [26, [free('09:00', 'emp-b')]],
      [24, [taken('09:00')]],
    ] as const)
      saveTimeSlots(
        db,
        { date: `2026-11-${d}`, serviceId: SERVICE },
        { date: `2026-11-${d}`, timeSlots: [...slots] },
        MONDAY_1000 + 60_000,
      );
    online.value = false;
    const person = await lookups.api.getAvailableDays({
      ...month,
      serviceId: SERVICE,
      employeeId: 'emp-a',
    });
    expect(person).toMatchObject({ availableDays: [24], source: 'cache' });
    const everyone = await lookups.api.getAvailableDays({ ...month, serviceId: SERVICE });
    expect(everyone).toMatchObject({ availableDays: [26], totalDays: 1, source: 'cache' });
  });

  it('without a service: the cached calendar as it is, no days bookable offline', async () => {
    const { db, lookups, online } = rig();
    saveAvailableDays(db, month, calendar([24, 25]), MONDAY_1000);
    online.value = false;
    const days = await lookups.api.getAvailableDays(month);
    expect(days).toEqual({
      ...calendar([24, 25]),
      source: 'cache',
      asOf: new Date(MONDAY_1000).toISOString(),
    });
  });
});
