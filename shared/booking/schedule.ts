/**
 * Employees' weekly schedules as wall-minute ranges, parsed once per computation (once per
 * frozen schedule object, see indexEmployee) so that the per-day and per-slot loops of
 * the availability modules (day-context.ts, employee-choice.ts) do no string work.
 */
import { toMinutes } from './time';
import type { EmployeeSchedule, WallInterval, Weekday } from './types';

/** Half-open wall-minute range [start, end), 0..1440. */
export type MinuteRange = readonly [number, number];

export interface DaySchedule {
  working: MinuteRange[];
  breaks: MinuteRange[];
  /** Working ranges minus breaks: a slot must lie inside one of these. */
  free: MinuteRange[];
}

export interface IndexedEmployee {
  employee: EmployeeSchedule;
  days: Partial<Record<Weekday, DaySchedule>>;
}

export function parseRanges(intervals: readonly WallInterval[] | undefined): MinuteRange[] {
  const ranges: MinuteRange[] = [];
  for (const interval of intervals ?? []) {
    const start = toMinutes(interval.start);
    const end = toMinutes(interval.end);
    // Malformed or empty intervals are ignored rather than thrown on: this runs per request.
    if (
      Number.isInteger(start) &&
      Number.isInteger(end) &&
      start >= 0 &&
      end <= 1440 &&
      start < end
    ) {
      ranges.push([start, end]);
    }
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** Each range minus every cut; pieces stay separate (a slot must fit inside one piece). */
export function subtractRanges(
  ranges: readonly MinuteRange[],
  cuts: readonly MinuteRange[],
): MinuteRange[] {
  let pieces: MinuteRange[] = [...ranges];
  for (const [cutStart, cutEnd] of cuts) {
    const next: MinuteRange[] = [];
    for (const [start, end] of pieces) {
      if (cutEnd <= start || cutStart >= end) {
        next.push([start, end]);
        continue;
      }
      if (start < cutStart) next.push([start, cutStart]);
      if (cutEnd < end) next.push([cutEnd, end]);
    }
    pieces = next;
  }
  return pieces.sort((a, b) => a[0] - b[0]);
}

export function inRanges(ranges: readonly MinuteRange[], minute: number): boolean {
  for (const [start, end] of ranges) {
    if (minute >= start && minute < end) return true;
  }
  return false;
}

/**
 * Indexes of deep-frozen schedules, reused across calls: the server's schedule cache hands out
 * the same frozen objects until the catalog changes, and re-indexing every employee's week was
 * half of an availability request's computation. A frozen object can never change, so its
 * index never goes stale; an unfrozen one (which a caller may still mutate) is indexed afresh.
 */
const indexCache = new WeakMap<EmployeeSchedule, IndexedEmployee>();

export function indexEmployee(employee: EmployeeSchedule): IndexedEmployee {
  const cached = indexCache.get(employee);
  if (cached !== undefined) return cached;
  const indexed = buildIndex(employee);
  if (isScheduleFrozen(employee)) indexCache.set(employee, freezeIndex(indexed));
  return indexed;
}

function buildIndex(employee: EmployeeSchedule): IndexedEmployee {
  const days: Partial<Record<Weekday, DaySchedule>> = {};
  for (let weekday = 0 as Weekday; weekday <= 6; weekday = (weekday + 1) as Weekday) {
    const working = parseRanges(employee.weekly[weekday]);
    if (working.length === 0) continue;
    const breaks = parseRanges(employee.breaks[weekday]);
    days[weekday] = { working, breaks, free: subtractRanges(working, breaks) };
  }
  return { employee, days };
}

/** Whether everything the index is built from is frozen (the object, both weeks, each day, each interval). */
function isScheduleFrozen(employee: EmployeeSchedule): boolean {
  if (!Object.isFrozen(employee)) return false;
  for (const week of [employee.weekly, employee.breaks]) {
    if (!Object.isFrozen(week)) return false;
    for (const intervals of Object.values(week)) {
      if (!Object.isFrozen(intervals) || !intervals.every((interval) => Object.isFrozen(interval)))
        return false;
    }
  }
  return true;
}

/** A shared index is frozen too, so that no caller can corrupt it for the next one. */
function freezeIndex(indexed: IndexedEmployee): IndexedEmployee {
  for (const day of Object.values(indexed.days)) {
    for (const ranges of [day.working, day.breaks, day.free]) {
      for (const range of ranges) Object.freeze(range);
      Object.freeze(ranges);
    }
    Object.freeze(day);
  }
  Object.freeze(indexed.days);
  return Object.freeze(indexed);
}

/**
 * The employees who may take a booking of `serviceId`: those who perform it, narrowed to
 * one when `employeeId` names one (undefined or 'any' means all).
 */
export function candidateEmployees(
  employees: readonly EmployeeSchedule[],
  serviceId: string,
  employeeId: string | undefined,
): EmployeeSchedule[] {
  const anyone = employeeId === undefined || employeeId === 'any';
  return employees.filter(
    (e) => e.serviceIds.includes(serviceId) && (anyone || e.id === employeeId),
  );
}
