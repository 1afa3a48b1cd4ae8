/**
 * The memo caches of shared/booking (schedule indexes, today's date) must never answer from a
 * stale entry: a changed schedule or a later instant gives the same result as a fresh computation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeDaySlots } from '../../../shared/booking/availability';
import { indexEmployee } from '../../../shared/booking/schedule';
import { instantToWall, todayIn } from '../../../shared/booking/time';
import type { DayQuery, EmployeeSchedule } from '../../../shared/booking/types';
import { ANNA, BEN, BERLIN, MONDAY_MORNING, SETTINGS, week } from './fixtures';

const WEDNESDAY = '2026-03-04';

function deepFrozen<T>(value: T): T {
  const copy = structuredClone(value);
  const freeze = (v: unknown): void => {
    if (v !== null && typeof v === 'object') {
      Object.freeze(v);
      for (const child of Object.values(v)) freeze(child);
    }
  };
  freeze(copy);
  return copy;
}

function slotsOf(
  employee: EmployeeSchedule | EmployeeSchedule[],
  employeeId?: string,
): { first?: string; last?: string; count: number } {
  const query: DayQuery = {
    date: WEDNESDAY,
    durationMinutes: 30,
    serviceId: 'cut',
    employeeId,
    employees: Array.isArray(employee) ? employee : [employee],
    busy: [],
    now: MONDAY_MORNING,
    settings: SETTINGS,
  };
  const slots = computeDaySlots(query);
  return { first: slots[0]?.time, last: slots.at(-1)?.time, count: slots.length };
}

describe('schedule index cache', () => {
  it('reuses the index of a deep-frozen schedule, and that index is frozen', () => {
    const anna = deepFrozen(ANNA);
    const first = indexEmployee(anna);
    expect(indexEmployee(anna)).toBe(first);
    expect(Object.isFrozen(first.days[3]?.free)).toBe(true);
    expect(() => first.days[3]?.working.push([0, 1])).toThrow(TypeError);
  });

  it('serves a new schedule object with changed hours its own slots, not the cached ones', () => {
    const before = deepFrozen(ANNA);
    expect(slotsOf(before)).toEqual({ first: '09:00', last: '16:45', count: 32 });
    // What the server's schedule cache does after a catalog change: same id, a new object.
    const after = deepFrozen({
      ...ANNA,
      weekly: week([1, 2, 3, 4, 5], [{ start: '10:00', end: '14:00' }]),
    });
    expect(slotsOf(after)).toEqual({ first: '10:00', last: '13:45', count: 16 });
    expect(slotsOf(before)).toEqual({ first: '09:00', last: '16:45', count: 32 });
  });

  it('re-indexes a schedule that is changed in place (not frozen)', () => {
    const anna: EmployeeSchedule = structuredClone(ANNA);
    expect(slotsOf(anna)).toEqual({ first: '09:00', last: '16:45', count: 32 });
    anna.weekly[3] = [{ start: '13:00', end: '15:00' }];
    expect(slotsOf(anna)).toEqual({ first: '13:00', last: '14:45', count: 8 });
    expect(indexEmployee(anna)).not.toBe(indexEmployee(anna));
  });

  it('re-indexes a frozen schedule whose day lists are not frozen', () => {
    const inner = structuredClone(ANNA);
    const anna = Object.freeze({
      ...inner,
      weekly: Object.freeze(inner.weekly),
      breaks: Object.freeze(inner.breaks),
    });
    expect(slotsOf(anna)).toEqual({ first: '09:00', last: '16:45', count: 32 });
    const wednesday = inner.weekly[3];
    if (wednesday === undefined) throw new Error('fixture: Anna works on Wednesdays');
    wednesday[0] = { start: '15:00', end: '16:00' };
    expect(slotsOf(anna)).toEqual({ first: '15:00', last: '15:45', count: 4 });
  });
});

describe('candidate cache (per frozen employee list)', () => {
  it('answers each service and employee question of one frozen list separately', () => {
    const staff = deepFrozen([ANNA, BEN]);
    expect(slotsOf(staff)).toEqual({ first: '09:00', last: '16:45', count: 32 });
    expect(slotsOf(staff, BEN.id)).toEqual({ first: '10:00', last: '13:45', count: 16 });
    expect(slotsOf(staff, 'any')).toEqual({ first: '09:00', last: '16:45', count: 32 });
    expect(slotsOf(staff, ANNA.id)).toEqual({ first: '09:00', last: '16:45', count: 32 });
  });

  it('re-derives the candidates when an employee of a frozen list changes its services in place', () => {
    const anna = Object.freeze({ ...deepFrozen(ANNA), serviceIds: ['color'] });
    const staff: EmployeeSchedule[] = [anna];
    Object.freeze(staff);
    expect(slotsOf(staff)).toEqual({ first: undefined, last: undefined, count: 0 });
    anna.serviceIds.push('cut');
    expect(slotsOf(staff)).toEqual({ first: '09:00', last: '16:45', count: 32 });
  });
});

describe('todayIn cache', () => {
  const HOUR = 3_600_000;
  // Around midnights and DST changes: Berlin (spring, autumn), Beirut (autumn back from 00:00
  // to 23:00, repeating an hour of the previous day), New York, UTC.
  const anchors = [
    '2026-03-28T23:00:00Z',
    '2026-10-24T21:00:00Z',
    '2026-10-25T01:00:00Z',
    '2026-11-01T05:00:00Z',
  ].map(Date.parse);
  const zones = [BERLIN, 'Asia/Beirut', 'America/New_York', 'UTC'];

  it('agrees with a fresh conversion for any sequence of zones and instants', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom(...anchors),
            fc.integer({ min: -30 * HOUR, max: 30 * HOUR }),
            fc.constantFrom(...zones),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        (calls) => {
          for (const [anchor, shift, zone] of calls) {
            const now = anchor + shift;
            expect(todayIn(zone, now)).toBe(instantToWall(now, zone).date);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('moves to the next date at midnight in the zone', () => {
    const midnight = Date.parse('2026-03-03T23:00:00Z'); // 2026-03-04 00:00 in Berlin
    expect(todayIn(BERLIN, midnight - 1)).toBe('2026-03-03');
    expect(todayIn(BERLIN, midnight)).toBe('2026-03-04');
    expect(todayIn(BERLIN, midnight - 1)).toBe('2026-03-03');
    expect(todayIn('UTC', midnight)).toBe('2026-03-03');
  });
});
