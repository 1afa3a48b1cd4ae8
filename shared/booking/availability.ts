/**
 * The availability computation of decisions.md ("Time", "any"): pure, `now` and settings in.
 *
 * Wall minutes decide which grid times are listed; instants decide whether a slot is free,
 * so the service duration is real elapsed time even across a DST change (a 60-minute service
 * at 01:30 on a spring-forward day ends at 03:30 wall time).
 *
 * Days outside the bookable range (before today, after today + horizonDays) are not an
 * error: computeDaySlots lists their grid times as unavailable with reason 'past' or
 * 'beyond booking horizon', and computeAvailableDays leaves them out.
 */
import type { TimeSlot } from '../api/schemas';
import { bookableBounds, groupBusy, prepareDay } from './day-context';
import { evaluateSlot } from './employee-choice';
import type { SlotVerdict } from './employee-choice';
import { candidateSet, gridOf, gridStep } from './slot-grid';
import { daysInMonth, fromMinutes, weekdayOf } from './time';
import type { AvailabilitySettings, BusyInterval, DayQuery, EmployeeSchedule } from './types';

function toTimeSlot(minute: number, verdict: SlotVerdict): TimeSlot {
  const time = fromMinutes(minute);
  return verdict.available
    ? {
        time,
        available: true,
        employeeId: verdict.employee.id,
        employeeName: verdict.employee.name,
      }
    : { time, available: false, reason: verdict.reason };
}

/**
 * The slots of one day for one service, sorted by time: every grid time inside the working
 * hours of at least one candidate employee, available when one is free for the whole duration.
 */
export function computeDaySlots(q: DayQuery): TimeSlot[] {
  const ctx = prepareDay({
    date: q.date,
    durationMinutes: q.durationMinutes,
    candidates: candidateSet(q.employees, q.serviceId, q.employeeId),
    busyByEmployee: groupBusy(q.busy),
    now: q.now,
    settings: q.settings,
    bounds: bookableBounds(q.settings, q.now),
  });
  return ctx.gridMinutes.map((minute) => toTimeSlot(minute, evaluateSlot(ctx, minute)));
}

export interface AvailableDaysQuery {
  year: number;
  month: number;
  serviceId: string;
  employeeId?: string;
  durationMinutes: number;
  employees: EmployeeSchedule[];
  busy: BusyInterval[];
  now: number;
  settings: AvailabilitySettings;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/**
 * Days of the month (1-31) with at least one available slot. A month before the current one
 * or wholly beyond the horizon gives []. Employees are parsed and busy intervals grouped once
 * per call (or reused, see candidateSet in slot-grid.ts); each day stops at its first
 * available slot.
 */
export function computeAvailableDays(q: AvailableDaysQuery): number[] {
  const bounds = bookableBounds(q.settings, q.now);
  const monthPrefix = `${String(q.year).padStart(4, '0')}-${pad2(q.month)}-`;
  const lastOfMonth = `${monthPrefix}${pad2(daysInMonth(q.year, q.month))}`;
  const firstOfMonth = `${monthPrefix}01`;
  if (lastOfMonth < bounds.today || firstOfMonth > bounds.lastDay) return [];

  const candidates = candidateSet(q.employees, q.serviceId, q.employeeId);
  if (candidates.indexed.length === 0) return [];
  const busyByEmployee = groupBusy(q.busy);
  const step = gridStep(q.settings);
  const days: number[] = [];
  const total = daysInMonth(q.year, q.month);
  for (let day = 1; day <= total; day += 1) {
    const date = `${monthPrefix}${pad2(day)}`;
    if (date < bounds.today) continue;
    if (date > bounds.lastDay) break;
    if (gridOf(candidates, weekdayOf(date), step).length === 0) continue;
    const ctx = prepareDay({
      date,
      durationMinutes: q.durationMinutes,
      candidates,
      busyByEmployee,
      now: q.now,
      settings: q.settings,
      bounds,
    });
    if (ctx.gridMinutes.some((minute) => evaluateSlot(ctx, minute).available)) days.push(day);
  }
  return days;
}

export type AvailableDaysAnyServiceQuery = Omit<
  AvailableDaysQuery,
  'serviceId' | 'durationMinutes'
> & {
  services: ReadonlyArray<{ id: string; durationMinutes: number }>;
};

/** The union over services: a day is available when any service has a slot that day. */
export function computeAvailableDaysAnyService(q: AvailableDaysAnyServiceQuery): number[] {
  const union = new Set<number>();
  for (const service of q.services) {
    for (const day of computeAvailableDays({
      ...q,
      serviceId: service.id,
      durationMinutes: service.durationMinutes,
    })) {
      union.add(day);
    }
  }
  return [...union].sort((a, b) => a - b);
}
