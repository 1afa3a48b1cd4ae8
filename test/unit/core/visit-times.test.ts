/**
 * A visit's start times (booking/visit.ts `getVisitTimes`, issue 19) over a stand-in for the
 * catalog's lookups: whose lists are asked for, how the chosen person's list is used, and how
 * old the answer says it is. The lookups themselves are tested through the real core
 * (test/integration/core/visit-offers-and-queue.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { BookingSteps } from '../../../electron/core/booking/booking';
import { createVisitApi, type VisitDeps } from '../../../electron/core/booking/visit';
import type { Lookups } from '../../../electron/core/catalog';
import type { TimeSlot } from '../../../shared/api/schemas';
import type { TimeSlotsResult } from '../../../shared/kiosk-data';

const DATE = '2026-11-25';
const CUT = 'svc-cut';
const COLOUR = 'svc-colour';

type Lists = Record<string, TimeSlot[] | Error>;
type Ask = { serviceId: string; employeeId: string | undefined };

/** Lookups answering from `lists` (key `service` or `service/person`), each with its freshness. */
function fakeLookups(
  lists: Lists,
  fresh: Record<string, Pick<TimeSlotsResult, 'source' | 'asOf'>> = {},
) {
  const asked: Ask[] = [];
  const timeSlots: Lookups['timeSlots'] = ({ serviceId, employeeId }) => {
    asked.push({ serviceId, employeeId });
    const key = employeeId ? `${serviceId}/${employeeId}` : serviceId;
    const list = lists[key];
    if (list === undefined || list instanceof Error)
      return Promise.reject(list ?? new Error(`no list ${key}`));
    return Promise.resolve({
      date: DATE,
      timeSlots: list,
      ...(fresh[key] ?? { source: 'live', asOf: '2026-11-25T08:00:00.000Z' }),
    });
  };
  const lookups: Lookups = {
    api: {
      getCatalog: () => Promise.reject(new Error('not asked')),
      getAvailableDays: () => Promise.reject(new Error('not asked')),
      getTimeSlots: (input) => timeSlots(input),
    },
    timeSlots,
    serviceMinutes: (serviceId) => Promise.resolve(serviceId === CUT ? 45 : 60),
    cachedAnswer: () => null,
  };
  return { lookups, asked };
}

function visitTimes(lookups: Lookups) {
  // getVisitTimes reads the time zone only; booking goes through steps (not used here).
  const deps = { timeZone: 'Europe/Berlin' } as VisitDeps;
  return createVisitApi(deps, lookups, {} as BookingSteps).getVisitTimes;
}

const at = (time: string, employeeId: string, available = true): TimeSlot => ({
  time,
  available,
  employeeId,
});

describe('a visit’s start times', () => {
  it('asks the following service’s list of each person free for the one before, not of one who is busy', async () => {
    const { lookups, asked } = fakeLookups({
      [CUT]: [at('09:00', 'emp-anna'), at('09:00', 'emp-ben', false), at('10:00', 'emp-cem')],
      [COLOUR]: [at('09:45', 'emp-dana')],
      [`${COLOUR}/emp-anna`]: [at('09:45', 'emp-anna')],
      [`${COLOUR}/emp-cem`]: new Error('does not do colour'),
    });
    const times = await visitTimes(lookups)({ date: DATE, serviceIds: [CUT, COLOUR] });
    expect(asked).toEqual([
      { serviceId: CUT, employeeId: undefined },
      { serviceId: COLOUR, employeeId: undefined },
      { serviceId: COLOUR, employeeId: 'emp-anna' },
      { serviceId: COLOUR, employeeId: 'emp-cem' },
    ]);
    // Anna's own list says she is free at 09:45: the same person for both (Cem's failed list
    // is no offer and no failure).
    expect(times.offers.map((o) => o.parts.map((p) => `${p.time} ${p.employeeId}`))).toEqual([
      ['09:00 emp-anna', '09:45 emp-anna'],
    ]);
  });

  it('asks no own list for a free time that names nobody (an API that leaves the person out)', async () => {
    const { lookups, asked } = fakeLookups({
      [CUT]: [{ time: '09:00', available: true }, at('10:00', 'emp-anna')],
      [COLOUR]: [],
      [`${COLOUR}/emp-anna`]: [],
    });
    await visitTimes(lookups)({ date: DATE, serviceIds: [CUT, COLOUR] });
    expect(asked).toEqual([
      { serviceId: CUT, employeeId: undefined },
      { serviceId: COLOUR, employeeId: undefined },
      { serviceId: COLOUR, employeeId: 'emp-anna' },
    ]);
  });

  it('asks at most six people’s own lists for a following service (the budget)', async () => {
    const people = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((p) => `emp-${p}`);
    const { lookups, asked } = fakeLookups({
      [CUT]: people.map((p) => at('09:00', p)),
      [COLOUR]: [],
      ...Object.fromEntries(people.map((p) => [`${COLOUR}/${p}`, []])),
    });
    await visitTimes(lookups)({ date: DATE, serviceIds: [CUT, COLOUR] });
    expect(asked.filter((a) => a.employeeId !== undefined).map((a) => a.employeeId)).toEqual(
      people.slice(0, 6),
    );
  });

  it('the person chosen: their list is the first service’s, and who does the next is asked from it', async () => {
    const { lookups, asked } = fakeLookups({
      [`${CUT}/emp-anna`]: [at('09:00', 'emp-anna'), at('11:00', 'emp-anna', false)],
      [COLOUR]: [],
      [`${COLOUR}/emp-anna`]: [at('09:45', 'emp-anna')],
    });
    const times = await visitTimes(lookups)({
      date: DATE,
      serviceIds: [CUT, COLOUR],
      employeeId: 'emp-anna',
    });
    expect(asked[0]).toEqual({ serviceId: CUT, employeeId: 'emp-anna' });
    expect(times.offers.map((o) => [o.time, o.samePerson])).toEqual([['09:00', true]]);
  });

  it('is as old as its oldest lookup, and cached when any of them was', async () => {
    const { lookups } = fakeLookups(
      { [CUT]: [at('09:00', 'emp-anna')], [COLOUR]: [], [`${COLOUR}/emp-anna`]: [] },
      {
        [CUT]: { source: 'live', asOf: '2026-11-25T08:10:00.000Z' },
        [COLOUR]: { source: 'cache', asOf: '2026-11-25T07:55:00.000Z' },
        [`${COLOUR}/emp-anna`]: { source: 'live', asOf: '2026-11-25T08:20:00.000Z' },
      },
    );
    const times = await visitTimes(lookups)({ date: DATE, serviceIds: [CUT, COLOUR] });
    expect(times).toMatchObject({ source: 'cache', asOf: '2026-11-25T07:55:00.000Z' });
  });

  it('a lookup of no time does not make the answer of no time', async () => {
    const { lookups } = fakeLookups(
      { [CUT]: [at('09:00', 'emp-anna')], [COLOUR]: [], [`${COLOUR}/emp-anna`]: [] },
      {
        [CUT]: { source: 'live', asOf: '2026-11-25T08:10:00.000Z' },
        [COLOUR]: { source: 'cache', asOf: null },
        [`${COLOUR}/emp-anna`]: { source: 'live', asOf: '2026-11-25T08:20:00.000Z' },
      },
    );
    const times = await visitTimes(lookups)({ date: DATE, serviceIds: [CUT, COLOUR] });
    expect(times).toMatchObject({ source: 'cache', asOf: '2026-11-25T08:10:00.000Z' });
  });

  it('live when every lookup was, and of no time when none was ever fetched', async () => {
    const live = fakeLookups({ [CUT]: [] });
    expect(await visitTimes(live.lookups)({ date: DATE, serviceIds: [CUT] })).toMatchObject({
      source: 'live',
      asOf: '2026-11-25T08:00:00.000Z',
    });
    const never = fakeLookups({ [CUT]: [] }, { [CUT]: { source: 'cache', asOf: null } });
    expect(await visitTimes(never.lookups)({ date: DATE, serviceIds: [CUT] })).toMatchObject({
      source: 'cache',
      asOf: null,
    });
  });
});
