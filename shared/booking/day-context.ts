/**
 * One day of one question, prepared for the slot verdicts: whether the day is bookable at all,
 * each candidate employee's hours, breaks, free instants and busy intervals that day (sorted
 * for the "any" pick), and the grid minutes that exist on the day's clock.
 */
import type { MinuteRange } from './schedule';
import { gridOf, gridStep } from './slot-grid';
import type { CandidateSet } from './slot-grid';
import { addDays, dayClock, todayIn, weekdayOf } from './time';
import type { DayClock } from './time';
import type { AvailabilitySettings, BusyInterval, EmployeeSchedule } from './types';

const MINUTE_MS = 60_000;

export interface DayCandidate {
  employee: EmployeeSchedule;
  working: readonly MinuteRange[];
  breaks: readonly MinuteRange[];
  /** Working minus breaks, as instants [start, end). */
  free: Array<readonly [number, number]>;
  /** Busy intervals of this employee that touch the day. */
  busy: BusyInterval[];
  /** Busy intervals starting that day: fewest wins when several are free ("any"). */
  bookingsThatDay: number;
}

type DayStatus = 'open' | 'past' | 'horizon';

export interface DayContext {
  clock: DayClock;
  status: DayStatus;
  candidates: DayCandidate[];
  /** Existing wall minutes on the grid inside someone's working hours, ascending. */
  gridMinutes: number[];
  now: number;
  earliestStart: number;
  durationMs: number;
}

interface Bounds {
  today: string;
  lastDay: string;
}

export function bookableBounds(settings: AvailabilitySettings, now: number): Bounds {
  const today = todayIn(settings.timeZone, now);
  return { today, lastDay: addDays(today, settings.horizonDays) };
}

export function groupBusy(busy: readonly BusyInterval[]): Map<string, BusyInterval[]> {
  const byEmployee = new Map<string, BusyInterval[]>();
  for (const interval of busy) {
    const list = byEmployee.get(interval.employeeId);
    if (list === undefined) byEmployee.set(interval.employeeId, [interval]);
    else list.push(interval);
  }
  return byEmployee;
}

function byFewestBookingsThenName(a: DayCandidate, b: DayCandidate): number {
  if (a.bookingsThatDay !== b.bookingsThatDay) return a.bookingsThatDay - b.bookingsThatDay;
  if (a.employee.name !== b.employee.name) return a.employee.name < b.employee.name ? -1 : 1;
  return a.employee.id < b.employee.id ? -1 : a.employee.id > b.employee.id ? 1 : 0;
}

interface DayInput {
  date: string;
  durationMinutes: number;
  candidates: CandidateSet;
  busyByEmployee: Map<string, BusyInterval[]>;
  now: number;
  settings: AvailabilitySettings;
  bounds: Bounds;
}

export function prepareDay(input: DayInput): DayContext {
  const { date, settings, now, bounds } = input;
  const weekday = weekdayOf(date);
  const clock = dayClock(date, settings.timeZone);
  const status: DayStatus =
    date < bounds.today ? 'past' : date > bounds.lastDay ? 'horizon' : 'open';
  const dayStart = clock.boundary(0);
  const dayEnd = clock.boundary(1440);

  const candidates: DayCandidate[] = [];
  for (const { employee, days } of input.candidates.indexed) {
    const schedule = days[weekday];
    if (schedule === undefined) continue;
    const busy: BusyInterval[] = [];
    let bookingsThatDay = 0;
    for (const interval of input.busyByEmployee.get(employee.id) ?? []) {
      if (interval.endMs > dayStart && interval.startMs < dayEnd) busy.push(interval);
      if (interval.startMs >= dayStart && interval.startMs < dayEnd) bookingsThatDay += 1;
    }
    candidates.push({
      employee,
      working: schedule.working,
      breaks: schedule.breaks,
      free: schedule.free.map(
        ([start, end]) => [clock.boundary(start), clock.boundary(end)] as const,
      ),
      busy,
      bookingsThatDay,
    });
  }
  candidates.sort(byFewestBookingsThenName);

  // Wall times skipped by a spring-forward change are never offered.
  const grid = gridOf(input.candidates, weekday, gridStep(settings));
  const gridMinutes = grid.filter((minute) => clock.instant(minute) !== null);
  return {
    clock,
    status,
    candidates,
    gridMinutes,
    now,
    earliestStart: now + settings.minNoticeMinutes * MINUTE_MS,
    durationMs: input.durationMinutes * MINUTE_MS,
  };
}
