/**
 * Employees' weekly schedules as wall-minute ranges, parsed once per computation so that the
 * per-day and per-slot loops of availability.ts do no string work.
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
    if (Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end <= 1440 && start < end) {
      ranges.push([start, end]);
    }
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** Each range minus every cut; pieces stay separate (a slot must fit inside one piece). */
export function subtractRanges(ranges: readonly MinuteRange[], cuts: readonly MinuteRange[]): MinuteRange[] {
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

export function indexEmployee(employee: EmployeeSchedule): IndexedEmployee {
  const days: Partial<Record<Weekday, DaySchedule>> = {};
  for (let weekday = 0 as Weekday; weekday <= 6; weekday = (weekday + 1) as Weekday) {
    const working = parseRanges(employee.weekly[weekday]);
    if (working.length === 0) continue;
    const breaks = parseRanges(employee.breaks[weekday]);
    days[weekday] = { working, breaks, free: subtractRanges(working, breaks) };
  }
  return { employee, days };
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
  return employees.filter((e) => e.serviceIds.includes(serviceId) && (anyone || e.id === employeeId));
}
