/**
 * The slot grid: which wall minutes are listed on a day, from the working hours of the
 * employees who may take the service. The candidate set (those employees, indexed) and its
 * per-weekday grids are cached for frozen employee lists.
 */
import { candidateEmployees, indexEmployee } from './schedule';
import type { IndexedEmployee } from './schedule';
import type { AvailabilitySettings, EmployeeSchedule, Weekday } from './types';

export function gridStep(settings: AvailabilitySettings): number {
  // Guards a loop against a zero or fractional setting; the server validates it anyway.
  return Math.max(1, Math.floor(settings.gridMinutes));
}

/** Grid minutes inside anyone's working hours on that weekday, ascending and unique. */
function weekdayGrid(
  indexed: readonly IndexedEmployee[],
  weekday: Weekday,
  step: number,
): number[] {
  const onGrid = new Set<number>();
  for (const { days } of indexed) {
    for (const [start, end] of days[weekday]?.working ?? []) {
      for (let minute = Math.ceil(start / step) * step; minute < end; minute += step)
        onGrid.add(minute);
    }
  }
  return [...onGrid].sort((a, b) => a - b);
}

/** The employees who may take a booking of one service (one question), indexed, and their grids. */
export interface CandidateSet {
  indexed: readonly IndexedEmployee[];
  /** weekdayGrid results by gridKey(weekday, step): shared by the days of a month (and by calls, when cached). */
  grids: Map<number, readonly number[]>;
}

function gridKey(weekday: Weekday, step: number): number {
  return step * 7 + weekday;
}

export function gridOf(set: CandidateSet, weekday: Weekday, step: number): readonly number[] {
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

export function candidateSet(
  employees: readonly EmployeeSchedule[],
  serviceId: string,
  employeeId: string | undefined,
): CandidateSet {
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
