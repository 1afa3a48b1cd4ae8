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
import { candidateEmployees, inRanges, indexEmployee } from './schedule';
import type { IndexedEmployee, MinuteRange } from './schedule';
import { addDays, dayClock, daysInMonth, fromMinutes, todayIn, toMinutes, weekdayOf } from './time';
import type { DayClock } from './time';
import type { AvailabilitySettings, BusyInterval, DayQuery, EmployeeSchedule, SlotProblem, Weekday } from './types';

const MINUTE_MS = 60_000;

/** Short English reasons carried by unavailable slots. */
export const SLOT_REASONS = {
  past: 'past',
  tooSoon: 'too soon',
  horizon: 'beyond booking horizon',
  break: 'break',
  noFit: 'not enough time',
  booked: 'booked',
} as const;

interface DayCandidate {
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

interface DayContext {
  clock: DayClock;
  status: DayStatus;
  candidates: DayCandidate[];
  /** Existing wall minutes on the grid inside someone's working hours, ascending. */
  gridMinutes: number[];
  now: number;
  earliestStart: number;
  durationMs: number;
}

type SlotVerdict =
  | { available: true; employee: EmployeeSchedule }
  | { available: false; reason: string };

interface Bounds {
  today: string;
  lastDay: string;
}

function bookableBounds(settings: AvailabilitySettings, now: number): Bounds {
  const today = todayIn(settings.timeZone, now);
  return { today, lastDay: addDays(today, settings.horizonDays) };
}

function gridStep(settings: AvailabilitySettings): number {
  // Guards a loop against a zero or fractional setting; the server validates it anyway.
  return Math.max(1, Math.floor(settings.gridMinutes));
}

function groupBusy(busy: readonly BusyInterval[]): Map<string, BusyInterval[]> {
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

/** Grid minutes inside anyone's working hours on that weekday, ascending and unique. */
function weekdayGrid(indexed: readonly IndexedEmployee[], weekday: Weekday, step: number): number[] {
  const onGrid = new Set<number>();
  for (const { days } of indexed) {
    for (const [start, end] of days[weekday]?.working ?? []) {
      for (let minute = Math.ceil(start / step) * step; minute < end; minute += step) onGrid.add(minute);
    }
  }
  return [...onGrid].sort((a, b) => a - b);
}

/** The employees who may take a booking of one service (one question), indexed, and their grids. */
interface CandidateSet {
  indexed: readonly IndexedEmployee[];
  /** weekdayGrid results by gridKey(weekday, step): shared by the days of a month (and by calls, when cached). */
  grids: Map<number, readonly number[]>;
}

function gridKey(weekday: Weekday, step: number): number {
  return step * 7 + weekday;
}

function gridOf(set: CandidateSet, weekday: Weekday, step: number): readonly number[] {
  const key = gridKey(weekday, step);
  let grid = set.grids.get(key);
  if (grid === undefined) {
    grid = Object.freeze(weekdayGrid(set.indexed, weekday, step));
    set.grids.set(key, grid);
  }
  return grid;
}

/**
 * Candidate sets of frozen employee lists, reused across calls like the schedule indexes: the
 * server passes the same frozen list until its catalog changes. Bounded per list, since the
 * keys (service and employee ids) come from requests.
 */
const candidateSets = new WeakMap<readonly EmployeeSchedule[], Map<string, CandidateSet>>();
const CANDIDATE_SETS_PER_LIST = 256;

function candidateSet(employees: readonly EmployeeSchedule[], serviceId: string, employeeId: string | undefined): CandidateSet {
  const key = `${serviceId}\n${employeeId === undefined || employeeId === 'any' ? '' : `=${employeeId}`}`;
  const cached = candidateSets.get(employees)?.get(key);
  if (cached !== undefined) return cached;
  const set: CandidateSet = {
    indexed: Object.freeze(candidateEmployees(employees, serviceId, employeeId).map(indexEmployee)),
    grids: new Map(),
  };
  // Only when nothing the set is derived from can change: the list, every employee and their
  // service ids (who is a candidate), and the candidates' schedules (a frozen index).
  const immutable =
    Object.isFrozen(employees) &&
    employees.every((e) => Object.isFrozen(e) && Object.isFrozen(e.serviceIds)) &&
    set.indexed.every((indexed) => Object.isFrozen(indexed));
  if (immutable) {
    let sets = candidateSets.get(employees);
    if (sets === undefined) {
      sets = new Map();
      candidateSets.set(employees, sets);
    }
    if (sets.size >= CANDIDATE_SETS_PER_LIST) sets.clear();
    sets.set(key, set);
  }
  return set;
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

function prepareDay(input: DayInput): DayContext {
  const { date, settings, now, bounds } = input;
  const weekday = weekdayOf(date);
  const clock = dayClock(date, settings.timeZone);
  const status: DayStatus = date < bounds.today ? 'past' : date > bounds.lastDay ? 'horizon' : 'open';
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
      free: schedule.free.map(([start, end]) => [clock.boundary(start), clock.boundary(end)] as const),
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

const REASON_RANK: Record<string, number> = {
  [SLOT_REASONS.break]: 1,
  [SLOT_REASONS.noFit]: 2,
  [SLOT_REASONS.booked]: 3,
};

/** Why one candidate cannot take the slot, or null when it can. Shared with checkSlot. */
function candidateProblem(
  candidate: DayCandidate,
  minute: number,
  startMs: number,
  endMs: number,
): 'hours' | 'break' | 'fit' | 'taken' | null {
  if (!inRanges(candidate.working, minute)) return 'hours';
  if (inRanges(candidate.breaks, minute)) return 'break';
  if (!candidate.free.some(([start, end]) => start <= startMs && endMs <= end)) return 'fit';
  if (candidate.busy.some((b) => b.startMs < endMs && startMs < b.endMs)) return 'taken';
  return null;
}

function evaluateSlot(ctx: DayContext, minute: number): SlotVerdict {
  if (ctx.status === 'past') return { available: false, reason: SLOT_REASONS.past };
  if (ctx.status === 'horizon') return { available: false, reason: SLOT_REASONS.horizon };
  const startMs = ctx.clock.instant(minute);
  if (startMs === null) return { available: false, reason: SLOT_REASONS.past };
  if (startMs < ctx.now) return { available: false, reason: SLOT_REASONS.past };
  if (startMs < ctx.earliestStart) return { available: false, reason: SLOT_REASONS.tooSoon };
  const endMs = startMs + ctx.durationMs;

  let reason: string = SLOT_REASONS.noFit;
  let rank = 0;
  // Candidates are sorted by fewest bookings, then name: the first free one is the pick.
  for (const candidate of ctx.candidates) {
    const problem = candidateProblem(candidate, minute, startMs, endMs);
    if (problem === null) return { available: true, employee: candidate.employee };
    if (problem === 'hours') continue;
    const text = problem === 'break' ? SLOT_REASONS.break : problem === 'fit' ? SLOT_REASONS.noFit : SLOT_REASONS.booked;
    const textRank = REASON_RANK[text] ?? 0;
    if (textRank > rank) {
      rank = textRank;
      reason = text;
    }
  }
  return { available: false, reason };
}

function toTimeSlot(minute: number, verdict: SlotVerdict): TimeSlot {
  const time = fromMinutes(minute);
  return verdict.available
    ? { time, available: true, employeeId: verdict.employee.id, employeeName: verdict.employee.name }
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
 * per call (or reused, see candidateSet); each day stops at its first available slot.
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

export type AvailableDaysAnyServiceQuery = Omit<AvailableDaysQuery, 'serviceId' | 'durationMinutes'> & {
  services: ReadonlyArray<{ id: string; durationMinutes: number }>;
};

/** The union over services: a day is available when any service has a slot that day. */
export function computeAvailableDaysAnyService(q: AvailableDaysAnyServiceQuery): number[] {
  const union = new Set<number>();
  for (const service of q.services) {
    for (const day of computeAvailableDays({ ...q, serviceId: service.id, durationMinutes: service.durationMinutes })) {
      union.add(day);
    }
  }
  return [...union].sort((a, b) => a - b);
}

export type SlotCheck =
  | { ok: true; startMs: number; endMs: number }
  | { ok: false; problem: SlotProblem; message: string };

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The booking-time check (run by the server inside its insert transaction). Problems in
 * order: service, grid, past, horizon, notice, hours, taken. Agrees with computeDaySlots:
 * a time is ok exactly when that employee's slot there is listed as available.
 */
export function checkSlot(q: DayQuery & { employeeId: string; time: string }): SlotCheck {
  const fail = (problem: SlotProblem, message: string): SlotCheck => ({ ok: false, problem, message });
  const employee = q.employees.find((e) => e.id === q.employeeId);
  if (employee === undefined || !employee.serviceIds.includes(q.serviceId)) {
    return fail('service', 'The employee does not offer this service.');
  }
  const step = gridStep(q.settings);
  if (!TIME_PATTERN.test(q.time) || toMinutes(q.time) % step !== 0) {
    return fail('grid', `The time is not on the ${step}-minute slot grid.`);
  }
  const minute = toMinutes(q.time);
  const bounds = bookableBounds(q.settings, q.now);
  const ctx = prepareDay({
    date: q.date,
    durationMinutes: q.durationMinutes,
    candidates: { indexed: [indexEmployee(employee)], grids: new Map() },
    busyByEmployee: groupBusy(q.busy.filter((b) => b.employeeId === employee.id)),
    now: q.now,
    settings: q.settings,
    bounds,
  });
  const startMs = ctx.clock.instant(minute);
  if (startMs === null) {
    return fail('grid', 'The time does not exist on that day (daylight saving time change).');
  }
  if (ctx.status === 'past' || startMs < q.now) return fail('past', 'The slot is in the past.');
  if (ctx.status === 'horizon') {
    return fail('horizon', `The date is beyond the booking horizon of ${q.settings.horizonDays} days.`);
  }
  if (startMs < ctx.earliestStart) {
    return fail('notice', `The slot must start at least ${q.settings.minNoticeMinutes} minutes from now.`);
  }
  const endMs = startMs + ctx.durationMs;
  const candidate = ctx.candidates[0];
  const problem = candidate === undefined ? 'hours' : candidateProblem(candidate, minute, startMs, endMs);
  switch (problem) {
    case null:
      return { ok: true, startMs, endMs };
    case 'hours':
      return fail('hours', 'The slot is outside the working hours of the employee.');
    case 'break':
      return fail('hours', 'The slot falls in a break of the employee.');
    case 'fit':
      return fail('hours', 'The service does not fit before the next break or the end of working hours.');
    case 'taken':
      return fail('taken', 'The slot is already taken.');
  }
}
