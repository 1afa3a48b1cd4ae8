/**
 * Issue 37: how long a list stays fresh is one rule (mirror/freshness.ts) that the mirror's plan
 * refreshes by and the lookups answer from the cache by. Table-driven, and the plan read back:
 * a list is due in the plan exactly when the rule says it is past its age.
 */
import { describe, expect, it } from 'vitest';
import {
  createListFreshness,
  keptForMs,
  monthsBetween,
  type KeptContext,
  type KeptList,
} from '../../../electron/core/mirror/freshness';
import {
  DEFAULT_MIRROR_POLICY as P,
  daysKey,
  planNext,
  slotsKey,
  windowed,
  type PlanInput,
} from '../../../electron/core/mirror/plan';

const TODAY = '2026-11-24';
const context: KeptContext = {
  today: TODAY,
  nowTime: '10:00',
  inWindow: (date) => date >= TODAY && date <= '2026-11-30',
};
const slots = (date: string, lastSlotTime: string | null, full = false): KeptList => ({
  kind: 'slots',
  date,
  lastSlotTime,
  full,
});

describe('one freshness rule for the mirror and the lookups', () => {
  it.each<[string, KeptList, number]>([
    ['the catalog', { kind: 'catalog' }, P.catalogMaxAgeMs],
    ["this month's days", { kind: 'days', monthsAhead: 0 }, P.daysMaxAgeMs],
    ["next month's days", { kind: 'days', monthsAhead: 1 }, P.nextMonthDaysMaxAgeMs],
    [
      'a later month (the strip to the horizon)',
      { kind: 'days', monthsAhead: 3 },
      P.nextMonthDaysMaxAgeMs,
    ],
    [
      "a person's days",
      { kind: 'days', monthsAhead: 0, employeeId: 'emp-anna' },
      P.personDaysMaxAgeMs,
    ],
    ['today with times ahead', slots(TODAY, '17:30'), P.todayMaxAgeMs],
    ['today over', slots(TODAY, '09:30'), P.idleMaxAgeMs],
    ['today with no time at all', slots(TODAY, null), P.idleMaxAgeMs],
    ['today, full but with times ahead', slots(TODAY, '17:30', true), P.todayMaxAgeMs],
    ['a day in the window', slots('2026-11-26', '18:00'), P.futureMaxAgeMs],
    ['a full day in the window', slots('2026-11-26', '18:00', true), P.idleMaxAgeMs],
    ['a day past the window', slots('2026-12-04', '18:00'), P.beyondMaxAgeMs],
  ])('%s', (_, list, ms) => {
    expect(keptForMs(list, context, P)).toBe(ms);
  });

  it('months between', () => {
    expect(monthsBetween({ year: 2026, month: 11 }, { year: 2026, month: 11 })).toBe(0);
    expect(monthsBetween({ year: 2026, month: 11 }, { year: 2027, month: 2 })).toBe(3);
  });

  it('at the clock: the business day and window, every age stretched by the kiosks on the key', () => {
    const at = Date.parse('2026-11-24T09:00:00Z'); // 10:00 in Berlin
    const rule = (stretch: number) =>
      createListFreshness({
        now: () => at,
        timeZone: 'Europe/Berlin',
        mirrorDays: 7,
        policy: P,
        stretch: () => stretch,
      });
    expect(rule(1).keptForMs(slots(TODAY, '17:30'))).toBe(P.todayMaxAgeMs);
    expect(rule(1).keptForMs(slots('2026-11-30', '18:00'))).toBe(P.futureMaxAgeMs);
    expect(rule(1).keptForMs(slots('2026-12-01', '18:00'))).toBe(P.beyondMaxAgeMs);
    expect(rule(2).keptForMs({ kind: 'catalog' })).toBe(2 * P.catalogMaxAgeMs);
  });

  it.each([
    ['a day in the window', '2026-11-25'],
    ['a day past it', '2026-11-27'],
  ])('the plan asks again for %s exactly when the rule says it is past its age', (_, date) => {
    const now = 1_000_000_000;
    const rule = keptForMs(
      slots(date, '18:00'),
      { ...context, inWindow: (d) => d <= '2026-11-25' },
      P,
    );
    const input = (fetchedAgo: number): PlanInput => ({
      now,
      open: true,
      opensAt: null,
      today: TODAY,
      nowTime: '10:00',
      dates: [TODAY, '2026-11-25'],
      months: [
        { year: 2026, month: 11 },
        { year: 2026, month: 12 },
      ],
      serviceIds: ['a'],
      servicesFetchedAt: now,
      employeesFetchedAt: now,
      days: new Map([
        [daysKey(2026, 11, 'a'), { fetchedAt: now, availableDays: [25, 27] }],
        [daysKey(2026, 12, 'a'), { fetchedAt: now, availableDays: [] }],
      ]),
      slots: new Map([
        [
          slotsKey('2026-11-25', 'a'),
          { fetchedAt: now, lastSlotTime: '18:00', anyAvailable: true },
        ],
        [
          slotsKey('2026-11-27', 'a'),
          { fetchedAt: now, lastSlotTime: '18:00', anyAvailable: true },
        ],
        [
          slotsKey(date, 'a'),
          { fetchedAt: now - fetchedAgo, lastSlotTime: '18:00', anyAvailable: true },
        ],
      ]),
      failedUntil: new Map(),
    });
    expect(planNext(input(rule - 1), P).task).toBeNull();
    expect(planNext(input(rule), P).task).toEqual({ kind: 'slots', date, serviceId: 'a' });
  });

  it('the window is set for an API at 60 a minute: one that allows more scales it, never less', () => {
    expect(windowed(P, 60)).toBe(P);
    expect(windowed(P, 30)).toBe(P);
    expect(windowed(P, 600)).toMatchObject({
      windowRequests: 10 * P.windowRequests,
      windowRequestsLater: 10 * P.windowRequestsLater,
      windowReserve: 10 * P.windowReserve,
      windowMs: P.windowMs,
    });
  });
});
