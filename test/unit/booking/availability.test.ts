import { describe, expect, it } from 'vitest';
import {
  computeAvailableDays,
  computeAvailableDaysAnyService,
  computeDaySlots,
} from '../../../shared/booking/availability';
import { checkSlot } from '../../../shared/booking/check-slot';
import { instantToWall } from '../../../shared/booking/time';
import type { DayQuery } from '../../../shared/booking/types';
import type { TimeSlot } from '../../../shared/api/schemas';
import { ANNA, BEN, CARA, DORA, MONDAY_MORNING, SETTINGS, STAFF, at, busy } from './fixtures';

const WEDNESDAY = '2026-03-04';

function query(overrides: Partial<DayQuery> = {}): DayQuery {
  return {
    date: WEDNESDAY,
    durationMinutes: 30,
    serviceId: 'cut',
    employeeId: ANNA.id,
    employees: STAFF,
    busy: [],
    now: MONDAY_MORNING,
    settings: SETTINGS,
    ...overrides,
  };
}

function slotAt(slots: TimeSlot[], time: string): TimeSlot | undefined {
  return slots.find((s) => s.time === time);
}

function describeSlot(slots: TimeSlot[], time: string): string {
  const slot = slotAt(slots, time);
  if (slot === undefined) return 'absent';
  return slot.available ? `free:${slot.employeeName ?? '?'}` : (slot.reason ?? 'unavailable');
}

describe('computeDaySlots: one employee', () => {
  it('lists the grid inside the working hours, sorted, from 09:00 to 16:45', () => {
    const slots = computeDaySlots(query());
    expect(slots[0]?.time).toBe('09:00');
    expect(slots.at(-1)?.time).toBe('16:45');
    expect(slots).toHaveLength(32);
    const times = slots.map((s) => s.time);
    expect([...times].sort()).toEqual(times);
  });

  it.each([
    // [duration, time, expected]
    [30, '09:00', 'free:Anna'],
    [30, '08:45', 'absent'],
    [30, '11:30', 'free:Anna'],
    [30, '11:45', 'not enough time'],
    [30, '12:00', 'break'],
    [30, '12:45', 'break'],
    [30, '13:00', 'free:Anna'],
    [30, '16:30', 'free:Anna'],
    [30, '16:45', 'not enough time'],
    [30, '17:00', 'absent'],
    [60, '11:00', 'free:Anna'],
    [60, '11:15', 'not enough time'],
    [60, '16:00', 'free:Anna'],
    [60, '16:15', 'not enough time'],
    [240, '13:00', 'free:Anna'],
    [240, '09:00', 'not enough time'],
  ])('%i minutes at %s: %s', (durationMinutes, time, expected) => {
    expect(describeSlot(computeDaySlots(query({ durationMinutes })), time)).toBe(expected);
  });

  it('marks slots overlapping a busy interval as booked, touching ones stay free', () => {
    const slots = computeDaySlots(
      query({ busy: [busy(ANNA, WEDNESDAY, '10:00', 30), busy(BEN, WEDNESDAY, '14:00', 60)] }),
    );
    expect(describeSlot(slots, '09:30')).toBe('free:Anna');
    expect(describeSlot(slots, '09:45')).toBe('booked');
    expect(describeSlot(slots, '10:00')).toBe('booked');
    expect(describeSlot(slots, '10:15')).toBe('booked');
    expect(describeSlot(slots, '10:30')).toBe('free:Anna');
    // another employee's booking does not block Anna
    expect(describeSlot(slots, '14:00')).toBe('free:Anna');
  });

  it('applies the minimum notice and the past on today', () => {
    const now = at('2026-03-02', '09:10');
    const slots = computeDaySlots(query({ date: '2026-03-02', now }));
    expect(describeSlot(slots, '09:00')).toBe('past');
    expect(describeSlot(slots, '09:15')).toBe('too soon');
    expect(describeSlot(slots, '09:30')).toBe('too soon');
    expect(describeSlot(slots, '09:45')).toBe('free:Anna');
  });

  it('a slot exactly at now + notice is available', () => {
    const slots = computeDaySlots(query({ date: '2026-03-02', now: at('2026-03-02', '09:15') }));
    expect(describeSlot(slots, '09:30')).toBe('too soon');
    expect(describeSlot(slots, '09:45')).toBe('free:Anna');
  });

  it('lists a past day and a day beyond the horizon as unavailable, without throwing', () => {
    const past = computeDaySlots(query({ date: '2026-02-27' }));
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((s) => !s.available && s.reason === 'past')).toBe(true);

    // today is 2026-03-02, horizon 90 days: the last bookable day is 2026-05-31 (a Sunday)
    const lastWorkday = computeDaySlots(query({ date: '2026-05-29' }));
    expect(lastWorkday.some((s) => s.available)).toBe(true);
    const beyond = computeDaySlots(query({ date: '2026-06-01' }));
    expect(beyond.length).toBeGreaterThan(0);
    expect(beyond.every((s) => !s.available && s.reason === 'beyond booking horizon')).toBe(true);
  });

  it('is empty on a day off and for an employee who does not perform the service', () => {
    expect(computeDaySlots(query({ date: '2026-03-07' }))).toEqual([]);
    expect(computeDaySlots(query({ employeeId: CARA.id }))).toEqual([]);
    expect(computeDaySlots(query({ employeeId: 'e-nobody' }))).toEqual([]);
  });

  it('honours a 30-minute grid', () => {
    const slots = computeDaySlots(query({ settings: { ...SETTINGS, gridMinutes: 30 } }));
    expect(slots.map((s) => s.time).slice(0, 3)).toEqual(['09:00', '09:30', '10:00']);
  });
});

describe('computeDaySlots: any employee', () => {
  it.each([undefined, 'any'])(
    'employeeId %s chooses fewest bookings that day, then name',
    (employeeId) => {
      const noBookings = computeDaySlots(query({ employeeId }));
      expect(describeSlot(noBookings, '09:00')).toBe('free:Anna'); // only Anna works at 09:00
      expect(describeSlot(noBookings, '10:00')).toBe('free:Anna'); // tie on 0 bookings: Anna < Ben
      expect(slotAt(noBookings, '10:00')).toMatchObject({
        employeeId: ANNA.id,
        employeeName: 'Anna',
      });

      // one booking of Anna's later that day makes Ben the pick where both are free
      const annaBusy = computeDaySlots(
        query({ employeeId, busy: [busy(ANNA, WEDNESDAY, '15:00', 30)] }),
      );
      expect(describeSlot(annaBusy, '10:00')).toBe('free:Ben');
      expect(describeSlot(annaBusy, '09:00')).toBe('free:Anna');
      expect(describeSlot(annaBusy, '15:00')).toBe('booked'); // Ben has gone home

      // a booking on another day does not count
      const otherDay = computeDaySlots(
        query({ employeeId, busy: [busy(ANNA, '2026-03-05', '15:00', 30)] }),
      );
      expect(describeSlot(otherDay, '10:00')).toBe('free:Anna');
    },
  );

  it('falls back to the other employee when the chosen one is busy, and lists the union of hours', () => {
    const slots = computeDaySlots(
      query({ employeeId: 'any', busy: [busy(ANNA, WEDNESDAY, '12:30', 60)] }),
    );
    // Anna is at lunch, Ben works until 14:00
    expect(describeSlot(slots, '12:15')).toBe('free:Ben');
    expect(describeSlot(slots, '13:30')).toBe('free:Ben');
    expect(describeSlot(slots, '13:45')).toBe('free:Anna'); // Ben: no fit before 14:00
    const both = computeDaySlots(
      query({
        employeeId: 'any',
        busy: [busy(ANNA, WEDNESDAY, '12:30', 60), busy(BEN, WEDNESDAY, '13:00', 60)],
      }),
    );
    expect(describeSlot(both, '13:00')).toBe('booked');
    expect(describeSlot(both, '12:45')).toBe('booked'); // Anna at lunch, Ben booked from 13:00
  });

  it('only considers employees who perform the service', () => {
    const slots = computeDaySlots(
      query({ employeeId: 'any', serviceId: 'color', date: '2026-03-07' }),
    );
    expect(slots.every((s) => !s.available || s.employeeId === CARA.id)).toBe(true);
    expect(describeSlot(slots, '09:00')).toBe('free:Cara');
  });
});

describe('computeDaySlots and checkSlot across DST changes (Berlin, 2026)', () => {
  const dora = (date: string, now: number, extra: Partial<DayQuery> = {}) =>
    query({ date, now, employeeId: DORA.id, employees: [DORA], durationMinutes: 60, ...extra });
  const SPRING = '2026-03-29';
  const FALL = '2026-10-25';
  const beforeFall = at('2026-10-01', '12:00');

  it('spring forward: no 02:xx slot is listed', () => {
    const slots = computeDaySlots(dora(SPRING, MONDAY_MORNING));
    const times = slots.map((s) => s.time);
    expect(times.filter((t) => t.startsWith('02:'))).toEqual([]);
    expect(times).toHaveLength(24 - 4);
    expect(times).toContain('01:45');
    expect(times).toContain('03:00');
  });

  it('spring forward: a 60-minute service at 01:30 takes 60 real minutes and ends at 03:30 wall time', () => {
    const check = checkSlot({
      ...dora(SPRING, MONDAY_MORNING),
      employeeId: DORA.id,
      time: '01:30',
    });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.endMs - check.startMs).toBe(60 * 60_000);
    expect(instantToWall(check.startMs, SETTINGS.timeZone)).toEqual({
      date: SPRING,
      time: '01:30',
    });
    expect(instantToWall(check.endMs, SETTINGS.timeZone)).toEqual({ date: SPRING, time: '03:30' });
  });

  it('spring forward: the day is 5 real hours, so 05:00 is the last 60-minute slot and 02:30 is off the grid', () => {
    const slots = computeDaySlots(dora(SPRING, MONDAY_MORNING));
    expect(describeSlot(slots, '05:00')).toBe('free:Dora');
    expect(describeSlot(slots, '05:15')).toBe('not enough time');
    const check = checkSlot({
      ...dora(SPRING, MONDAY_MORNING),
      employeeId: DORA.id,
      time: '02:30',
    });
    expect(check).toMatchObject({ ok: false, problem: 'grid' });
  });

  it('spring forward: a 60-minute booking at 01:30 blocks until 03:30 wall time', () => {
    const booking = {
      employeeId: DORA.id,
      startMs: at(SPRING, '01:30'),
      endMs: at(SPRING, '01:30') + 3_600_000,
    };
    const slots = computeDaySlots(
      dora(SPRING, MONDAY_MORNING, { busy: [booking], durationMinutes: 15 }),
    );
    expect(describeSlot(slots, '01:15')).toBe('free:Dora');
    expect(describeSlot(slots, '03:15')).toBe('booked');
    expect(describeSlot(slots, '03:30')).toBe('free:Dora');
  });

  it('fall back: 02:00-02:45 are listed once each, for the first occurrence', () => {
    const slots = computeDaySlots(dora(FALL, beforeFall));
    const times = slots.map((s) => s.time);
    expect(times).toHaveLength(24);
    expect(times.filter((t) => t === '02:00')).toHaveLength(1);
    expect(new Set(times).size).toBe(times.length);
    const check = checkSlot({ ...dora(FALL, beforeFall), employeeId: DORA.id, time: '02:00' });
    expect(check).toMatchObject({ ok: true, startMs: Date.parse('2026-10-25T00:00:00Z') });
  });

  it('fall back: a booking in the second 02:00 hour does not block the first one', () => {
    const second = {
      employeeId: DORA.id,
      startMs: Date.parse('2026-10-25T01:00:00Z'),
      endMs: Date.parse('2026-10-25T02:00:00Z'),
    };
    const slots = computeDaySlots(dora(FALL, beforeFall, { busy: [second] }));
    expect(describeSlot(slots, '02:00')).toBe('free:Dora'); // 02:00-02:00 (CEST to CET)
    expect(describeSlot(slots, '02:15')).toBe('booked');
    expect(describeSlot(slots, '03:00')).toBe('free:Dora');
  });

  it('fall back: the night is 7 real hours, so a 60-minute service fits until 05:00', () => {
    const slots = computeDaySlots(dora(FALL, beforeFall));
    expect(describeSlot(slots, '05:00')).toBe('free:Dora');
    expect(describeSlot(slots, '05:15')).toBe('not enough time');
  });
});

describe('checkSlot', () => {
  const check = (time: string, overrides: Partial<DayQuery> & { employeeId?: string } = {}) =>
    checkSlot({ ...query(overrides), employeeId: overrides.employeeId ?? ANNA.id, time });

  it.each([
    ['09:00', {}, null],
    ['16:30', {}, null],
    ['09:00', { employeeId: CARA.id }, 'service'],
    ['09:00', { employeeId: 'e-nobody' }, 'service'],
    ['09:10', {}, 'grid'],
    ['9:00', {}, 'grid'],
    ['24:00', {}, 'grid'],
    ['09:00', { date: '2026-02-27' }, 'past'],
    ['09:00', { date: '2026-03-02', now: at('2026-03-02', '09:10') }, 'past'],
    ['09:30', { date: '2026-03-02', now: at('2026-03-02', '09:10') }, 'notice'],
    ['09:00', { date: '2026-06-01' }, 'horizon'],
    ['08:45', {}, 'hours'],
    ['17:00', {}, 'hours'],
    ['12:15', {}, 'hours'],
    ['11:45', {}, 'hours'],
    ['16:45', {}, 'hours'],
    ['09:00', { date: '2026-03-07' }, 'hours'],
    ['10:15', { busy: [busy(ANNA, WEDNESDAY, '10:00', 30)] }, 'taken'],
    ['09:45', { busy: [busy(ANNA, WEDNESDAY, '10:00', 30)] }, 'taken'],
    ['10:30', { busy: [busy(ANNA, WEDNESDAY, '10:00', 30)] }, null],
    ['10:00', { busy: [busy(BEN, WEDNESDAY, '10:00', 30)] }, null],
  ] as const)('%s with %o: %s', (time, overrides, problem) => {
    const result = check(time, overrides as Partial<DayQuery>);
    if (problem === null) {
      expect(result).toMatchObject({ ok: true, startMs: at(WEDNESDAY, time) });
    } else {
      expect(result).toMatchObject({ ok: false, problem });
      if (!result.ok) expect(result.message.length).toBeGreaterThan(5);
    }
  });

  it('returns the real end instant', () => {
    const result = checkSlot({
      ...query({ durationMinutes: 45 }),
      employeeId: BEN.id,
      time: '10:00',
    });
    expect(result).toEqual({
      ok: true,
      startMs: at(WEDNESDAY, '10:00'),
      endMs: at(WEDNESDAY, '10:45'),
    });
  });
});

describe('computeAvailableDays', () => {
  const base = {
    year: 2026,
    month: 3,
    serviceId: 'cut',
    durationMinutes: 30,
    employees: STAFF,
    busy: [],
    now: MONDAY_MORNING,
    settings: SETTINGS,
  };
  const weekdaysOfMarchFrom2 = [
    2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20, 23, 24, 25, 26, 27, 30, 31,
  ];

  it('gives the working days from today on', () => {
    expect(computeAvailableDays(base)).toEqual(weekdaysOfMarchFrom2);
  });

  it('leaves out today when nothing is left today', () => {
    expect(computeAvailableDays({ ...base, now: at('2026-03-02', '16:45') })).toEqual(
      weekdaysOfMarchFrom2.slice(1),
    );
  });

  it('leaves out a fully booked day', () => {
    const full = [busy(ANNA, WEDNESDAY, '09:00', 8 * 60), busy(BEN, WEDNESDAY, '10:00', 4 * 60)];
    expect(computeAvailableDays({ ...base, busy: full })).not.toContain(4);
    expect(computeAvailableDays({ ...base, busy: full, employeeId: BEN.id })).not.toContain(4);
    expect(computeAvailableDays({ ...base, busy: [full[1]!], employeeId: ANNA.id })).toContain(4);
  });

  it.each([
    [2026, 2, []],
    [2025, 12, []],
    [2026, 6, []],
    [2026, 7, []],
  ])('%i-%i gives %o (before the current month or beyond the horizon)', (year, month, expected) => {
    expect(computeAvailableDays({ ...base, year, month })).toEqual(expected);
  });

  it('stops at the horizon inside a month', () => {
    const may = computeAvailableDays({ ...base, month: 5 });
    expect(may.at(-1)).toBe(29);
    expect(
      computeAvailableDays({ ...base, month: 5, settings: { ...SETTINGS, horizonDays: 60 } }).at(
        -1,
      ),
    ).toBe(1);
  });

  it('is empty for an employee who does not perform the service', () => {
    expect(computeAvailableDays({ ...base, employeeId: CARA.id })).toEqual([]);
  });

  it('any service: the union over services includes Cara’s Saturdays', () => {
    const { serviceId: _s, durationMinutes: _d, ...rest } = base;
    const days = computeAvailableDaysAnyService({
      ...rest,
      services: [
        { id: 'cut', durationMinutes: 30 },
        { id: 'color', durationMinutes: 90 },
      ],
    });
    expect(days).toEqual([...weekdaysOfMarchFrom2, 7, 14, 21, 28].sort((a, b) => a - b));
    expect(computeAvailableDaysAnyService({ ...rest, services: [] })).toEqual([]);
  });
});
