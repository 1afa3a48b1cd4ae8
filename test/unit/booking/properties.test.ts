/**
 * fast-check properties of the booking domain. They stay switched on (STYLE.md §6); the run
 * counts keep the file to about a second.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeAvailableDays, computeDaySlots } from '../../../shared/booking/availability';
import { checkSlot } from '../../../shared/booking/check-slot';
import { freeTimes, intervalsOverlap } from '../../../shared/booking/free-times';
import type { Hold } from '../../../shared/booking/free-times';
import {
  addDays,
  dayClock,
  fromMinutes,
  todayIn,
  toMinutes,
  wallToInstant,
  weekdayOf,
} from '../../../shared/booking/time';
import type {
  AvailabilitySettings,
  BusyInterval,
  DayQuery,
  EmployeeSchedule,
  WallInterval,
  Weekday,
} from '../../../shared/booking/types';
import type { TimeSlot } from '../../../shared/api/schemas';

const ZONES = ['Europe/Berlin', 'America/New_York', 'UTC'] as const;
const SERVICES = ['s1', 's2'] as const;
/** Days that stress the computation: both 2026 DST changes in Berlin and in New York. */
const SPECIAL_DATES = ['2026-03-29', '2026-10-25', '2026-03-08', '2026-11-01'];

const interval = (startMin: number, lengthMin: number): WallInterval => ({
  start: fromMinutes(startMin),
  end: fromMinutes(Math.min(1440, startMin + lengthMin)),
});

const dayIntervalsArb = fc.array(
  fc
    .tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 40 }))
    .map(([q, len]) => interval(q * 15, len * 15)),
  { maxLength: 2 },
);
const breaksArb = fc.array(
  fc
    .tuple(fc.integer({ min: 0, max: 287 }), fc.integer({ min: 1, max: 18 }))
    .map(([q, len]) => interval(q * 5, len * 5)),
  { maxLength: 2 },
);

const weekArb = <T>(arb: fc.Arbitrary<T>) =>
  fc
    .tuple(arb, arb, arb, arb, arb, arb, arb)
    .map((days) => Object.fromEntries(days.map((d, i) => [i, d])) as Partial<Record<Weekday, T>>);

const employeesArb: fc.Arbitrary<EmployeeSchedule[]> = fc
  .array(
    fc.record({
      name: fc.constantFrom('Anna', 'Ben', 'Cara', 'Dora'),
      weekly: weekArb(dayIntervalsArb),
      breaks: weekArb(breaksArb),
      serviceIds: fc.subarray([...SERVICES]),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((list) => list.map((e, i) => ({ ...e, id: `e${i}` })));

const settingsArb: fc.Arbitrary<AvailabilitySettings> = fc.record({
  timeZone: fc.constantFrom(...ZONES),
  gridMinutes: fc.constantFrom(5, 10, 15, 30),
  minNoticeMinutes: fc.constantFrom(0, 30, 120),
  horizonDays: fc.integer({ min: 0, max: 60 }),
});

const BASE_NOW = Date.parse('2026-02-20T00:00:00Z');
const nowArb = fc
  .integer({ min: 0, max: 260 * 24 * 60 })
  .map((minutes) => BASE_NOW + minutes * 60_000);

/** Busy intervals near a date (instants on a 5-minute lattice, up to 4 hours long). */
function busyArb(employeeCount: number, aroundMs: number): fc.Arbitrary<BusyInterval[]> {
  return fc.array(
    fc
      .record({
        employee: fc.integer({ min: 0, max: employeeCount - 1 }),
        offset: fc.integer({ min: -36 * 12, max: 48 * 12 }),
        length: fc.integer({ min: 1, max: 48 }),
      })
      .map(({ employee, offset, length }) => {
        const startMs = aroundMs + offset * 5 * 60_000;
        return { employeeId: `e${employee}`, startMs, endMs: startMs + length * 5 * 60_000 };
      }),
    { maxLength: 8 },
  );
}

/** A whole day query: the date is near today (past, open and beyond-horizon days) or a DST day. */
const anyDayQueryArb: fc.Arbitrary<DayQuery> = fc
  .record({
    employees: employeesArb,
    settings: settingsArb,
    now: nowArb,
    dayOffset: fc.integer({ min: -2, max: 62 }),
    special: fc.option(fc.constantFrom(...SPECIAL_DATES), { freq: 3 }),
    durationMinutes: fc.integer({ min: 1, max: 36 }).map((n) => n * 5),
    serviceId: fc.constantFrom(...SERVICES),
    pick: fc.integer({ min: -1, max: 3 }),
  })
  .chain((base) => {
    const today = todayIn(base.settings.timeZone, base.now);
    const date = base.special ?? addDays(today, base.dayOffset);
    const around =
      wallToInstant(date, '00:00', base.settings.timeZone) ??
      dayClock(date, base.settings.timeZone).boundary(0);
    return busyArb(base.employees.length, around).map((busy) => ({
      date,
      durationMinutes: base.durationMinutes,
      serviceId: base.serviceId,
      employeeId: base.pick < 0 ? 'any' : base.employees[base.pick]?.id,
      employees: base.employees,
      busy,
      now: base.now,
      settings: base.settings,
    }));
  });

/** Working hours on every weekday: one stretch starting 06:00-10:00, 6-10 hours long. */
const workingWeekArb = weekArb(
  fc
    .tuple(fc.integer({ min: 24, max: 40 }), fc.integer({ min: 24, max: 40 }))
    .map(([q, len]) => [interval(q * 15, len * 15)]),
);
const shortBreaksArb = weekArb(
  fc.array(
    fc
      .tuple(fc.integer({ min: 132, max: 168 }), fc.integer({ min: 1, max: 9 }))
      .map(([q, len]) => interval(q * 5, len * 5)),
    { maxLength: 1 },
  ),
);

/**
 * A day that is mostly bookable: within the horizon and after today, the first employee doing
 * the service and working every day, few bookings. Slots are still taken by bookings, breaks,
 * notice and DST, so the free-slot properties meet both kinds of slot.
 */
const openDayQueryArb: fc.Arbitrary<DayQuery> = fc
  .record({
    employees: fc
      .array(
        fc.record({
          name: fc.constantFrom('Anna', 'Ben', 'Cara', 'Dora'),
          weekly: workingWeekArb,
          breaks: shortBreaksArb,
          serviceIds: fc.subarray([...SERVICES]),
        }),
        {
          minLength: 1,
          maxLength: 3,
        },
      )
      .map((list) =>
        list.map((e, i) => ({
          ...e,
          id: `e${i}`,
          serviceIds: i === 0 ? [...SERVICES] : e.serviceIds,
        })),
      ),
    settings: fc.record({
      timeZone: fc.constantFrom(...ZONES),
      gridMinutes: fc.constantFrom(5, 10, 15, 30),
      minNoticeMinutes: fc.constantFrom(0, 30, 120),
      horizonDays: fc.integer({ min: 8, max: 60 }),
    }),
    now: nowArb,
    dayOffset: fc.integer({ min: 1, max: 7 }),
    durationMinutes: fc.integer({ min: 1, max: 24 }).map((n) => n * 5),
    serviceId: fc.constantFrom(...SERVICES),
    pick: fc.integer({ min: -1, max: 0 }),
  })
  .chain((base) => {
    const date = addDays(todayIn(base.settings.timeZone, base.now), base.dayOffset);
    const around =
      wallToInstant(date, '00:00', base.settings.timeZone) ??
      dayClock(date, base.settings.timeZone).boundary(0);
    return busyArb(base.employees.length, around).map((busy) => ({
      date,
      durationMinutes: base.durationMinutes,
      serviceId: base.serviceId,
      employeeId: base.pick < 0 ? 'any' : 'e0',
      employees: base.employees,
      busy: busy.slice(0, 3),
      now: base.now,
      settings: base.settings,
    }));
  });

/** Mostly bookable days (the free-slot invariants need free slots), a share of anything at all. */
const dayQueryArb: fc.Arbitrary<DayQuery> = fc.oneof(
  { arbitrary: openDayQueryArb, weight: 3 },
  { arbitrary: anyDayQueryArb, weight: 1 },
);

const RUNS = { numRuns: 250 };

describe('the generated day queries', () => {
  it('most have a free slot, and a share has none', () => {
    const queries = fc.sample(dayQueryArb, { numRuns: 1_000, seed: 12 });
    const withFree =
      queries.filter((q) => computeDaySlots(q).some((slot) => slot.available)).length /
      queries.length;
    expect(withFree).toBeGreaterThan(0.6);
    expect(withFree).toBeLessThan(0.95);
  });
});

describe('availability properties', () => {
  it('no available slot overlaps a busy interval of its employee, and each lies in working hours', () => {
    fc.assert(
      fc.property(dayQueryArb, (q) => {
        const clock = dayClock(q.date, q.settings.timeZone);
        const weekday = weekdayOf(q.date);
        for (const slot of computeDaySlots(q)) {
          if (!slot.available) continue;
          const employee = q.employees.find((e) => e.id === slot.employeeId);
          expect(employee).toBeDefined();
          if (employee === undefined) return;
          expect(employee.name).toBe(slot.employeeName);
          expect(employee.serviceIds).toContain(q.serviceId);
          if (q.employeeId !== 'any' && q.employeeId !== undefined)
            expect(employee.id).toBe(q.employeeId);

          const minute = toMinutes(slot.time);
          expect(minute % q.settings.gridMinutes).toBe(0);
          const startMs = wallToInstant(q.date, slot.time, q.settings.timeZone);
          expect(startMs).not.toBeNull();
          if (startMs === null) return;
          const endMs = startMs + q.durationMinutes * 60_000;
          expect(startMs).toBeGreaterThanOrEqual(q.now + q.settings.minNoticeMinutes * 60_000);

          for (const b of q.busy) {
            if (b.employeeId === employee.id)
              expect(intervalsOverlap(startMs, endMs, b.startMs, b.endMs)).toBe(false);
          }

          // inside one working interval (they may overlap: any one will do)
          const fits = (employee.weekly[weekday] ?? []).some(
            (w) =>
              toMinutes(w.start) <= minute &&
              minute < toMinutes(w.end) &&
              endMs <= clock.boundary(toMinutes(w.end)),
          );
          expect(fits).toBe(true);
          for (const pause of employee.breaks[weekday] ?? []) {
            const pauseStart = clock.boundary(toMinutes(pause.start));
            const pauseEnd = clock.boundary(toMinutes(pause.end));
            expect(intervalsOverlap(startMs, endMs, pauseStart, pauseEnd)).toBe(false);
          }
        }
      }),
      RUNS,
    );
  });

  it('slots are sorted, unique, and never a non-existent wall time', () => {
    fc.assert(
      fc.property(dayQueryArb, (q) => {
        const times = computeDaySlots(q).map((s) => s.time);
        expect([...new Set(times)].sort()).toEqual(times);
        for (const time of times)
          expect(wallToInstant(q.date, time, q.settings.timeZone)).not.toBeNull();
      }),
      RUNS,
    );
  });

  it('checkSlot agrees with computeDaySlots for each employee', () => {
    fc.assert(
      fc.property(dayQueryArb, (q) => {
        for (const employee of q.employees) {
          const slots = computeDaySlots({ ...q, employeeId: employee.id });
          for (const slot of slots) {
            const result = checkSlot({ ...q, employeeId: employee.id, time: slot.time });
            expect(result.ok).toBe(slot.available);
          }
        }
        // and an 'any' pick can be booked as it is
        for (const slot of computeDaySlots({ ...q, employeeId: 'any' })) {
          if (slot.available && slot.employeeId !== undefined) {
            expect(checkSlot({ ...q, employeeId: slot.employeeId, time: slot.time }).ok).toBe(true);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('computeAvailableDays agrees with computeDaySlots day by day', () => {
    fc.assert(
      fc.property(dayQueryArb, fc.integer({ min: -1, max: 2 }), (q, monthShift) => {
        const today = todayIn(q.settings.timeZone, q.now);
        const [y, m] = today.split('-').map(Number) as [number, number];
        const index = y * 12 + (m - 1) + monthShift;
        const year = Math.floor(index / 12);
        const month = (index % 12) + 1;
        const days = computeAvailableDays({ ...q, year, month });
        const expected: number[] = [];
        const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
        for (let day = 1; day <= last; day += 1) {
          const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          if (computeDaySlots({ ...q, date }).some((s) => s.available)) expected.push(day);
        }
        expect(days).toEqual(expected);
      }),
      { numRuns: 120 },
    );
  });
});

const slotsArb: fc.Arbitrary<TimeSlot[]> = fc
  .array(
    fc.record({
      minute: fc.integer({ min: 0, max: 95 }),
      available: fc.boolean(),
      employee: fc.integer({ min: 0, max: 2 }),
    }),
    { maxLength: 30 },
  )
  .map((raw) =>
    raw.map(({ minute, available, employee }) =>
      available
        ? {
            time: fromMinutes(minute * 15),
            available: true,
            employeeId: `e${employee}`,
            employeeName: `E${employee}`,
          }
        : { time: fromMinutes(minute * 15), available: false, reason: 'booked' },
    ),
  );

const holdsArb: fc.Arbitrary<Hold[]> = fc.array(
  fc.record({
    employeeId: fc.constantFrom('e0', 'e1', 'e2'),
    date: fc.constantFrom('2026-03-04', '2026-03-05'),
    time: fc.integer({ min: 0, max: 287 }).map((n) => fromMinutes(n * 5)),
    durationMinutes: fc.integer({ min: 5, max: 180 }),
  }),
  { maxLength: 5 },
);

describe('holds properties', () => {
  it("a person's answer never frees a slot, blocks each slot a hold of theirs overlaps for the whole length, keeps the rest", () => {
    fc.assert(
      fc.property(
        slotsArb,
        holdsArb,
        fc.integer({ min: 5, max: 180 }),
        (slots, holds, duration) => {
          const date = '2026-03-04';
          // e0's own list: the first entry of each time.
          const own = slots
            .map((slot) => (slot.available ? { ...slot, employeeId: 'e0' } : slot))
            .filter((slot, i, all) => all.findIndex((s) => s.time === slot.time) === i);
          const before = structuredClone(own);
          const result = freeTimes({
            date,
            durationMinutes: duration,
            employeeId: 'e0',
            anyList: null,
            personLists: new Map([['e0', { timeSlots: own, fetchedAt: 0 }]]),
            blockers: holds,
          }).timeSlots;
          expect(own).toEqual(before);
          expect(result.map((s) => s.time)).toEqual(own.map((s) => s.time).sort());
          for (const after of result) {
            const original = own.find((s) => s.time === after.time)!;
            if (!original.available) {
              expect(after.available).toBe(false);
              continue;
            }
            const start = toMinutes(original.time);
            const overlapping = holds.some(
              (h) =>
                h.date === date &&
                h.employeeId === 'e0' &&
                intervalsOverlap(
                  start,
                  start + duration,
                  toMinutes(h.time),
                  toMinutes(h.time) + h.durationMinutes,
                ),
            );
            if (overlapping)
              expect(after).toEqual({ time: original.time, available: false, reason: 'held' });
            else expect(after).toEqual(original);
          }
        },
      ),
      RUNS,
    );
  });

  it('intervalsOverlap is symmetric and means "share a point"', () => {
    const n = fc.integer({ min: -50, max: 50 });
    fc.assert(
      fc.property(n, n, n, n, (a, b, c, d) => {
        expect(intervalsOverlap(a, b, c, d)).toBe(intervalsOverlap(c, d, a, b));
        let shared = false;
        for (let x = Math.max(a, c); x < Math.min(b, d) && !shared; x += 1) shared = true;
        expect(intervalsOverlap(a, b, c, d)).toBe(shared);
      }),
      { numRuns: 500 },
    );
  });
});
