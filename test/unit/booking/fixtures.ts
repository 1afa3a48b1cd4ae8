/** Shared fixtures of the booking unit tests: a small shop in Berlin. */
import type {
  AvailabilitySettings,
  BusyInterval,
  EmployeeSchedule,
  WallInterval,
  Weekday,
} from '../../../shared/booking/types';
import { wallToInstant } from '../../../shared/booking/time';

export const BERLIN = 'Europe/Berlin';

export const SETTINGS: AvailabilitySettings = {
  timeZone: BERLIN,
  gridMinutes: 15,
  minNoticeMinutes: 30,
  horizonDays: 90,
};

export function week(
  days: Weekday[],
  intervals: WallInterval[],
): Partial<Record<Weekday, WallInterval[]>> {
  return Object.fromEntries(days.map((d) => [d, intervals]));
}

const WEEKDAYS: Weekday[] = [1, 2, 3, 4, 5];

/** Anna: Mon-Fri 09-17, lunch 12-13, cuts and colours. */
export const ANNA: EmployeeSchedule = {
  id: 'e-anna',
  name: 'Anna',
  weekly: week(WEEKDAYS, [{ start: '09:00', end: '17:00' }]),
  breaks: week(WEEKDAYS, [{ start: '12:00', end: '13:00' }]),
  serviceIds: ['cut', 'color'],
};

/** Ben: Mon-Fri 10-14, no break, cuts only. */
export const BEN: EmployeeSchedule = {
  id: 'e-ben',
  name: 'Ben',
  weekly: week(WEEKDAYS, [{ start: '10:00', end: '14:00' }]),
  breaks: {},
  serviceIds: ['cut'],
};

/** Cara: Saturday 09-12, colours only. */
export const CARA: EmployeeSchedule = {
  id: 'e-cara',
  name: 'Cara',
  weekly: week([6], [{ start: '09:00', end: '12:00' }]),
  breaks: {},
  serviceIds: ['color'],
};

/** Dora: works the night of Sunday 00:00-06:00, across the DST change at 02:00-03:00. */
export const DORA: EmployeeSchedule = {
  id: 'e-dora',
  name: 'Dora',
  weekly: week([0], [{ start: '00:00', end: '06:00' }]),
  breaks: {},
  serviceIds: ['cut'],
};

export const STAFF = [ANNA, BEN, CARA];

/** Berlin wall time as epoch ms (throws on a non-existent wall time: fixtures must exist). */
export function at(date: string, time: string): number {
  const ms = wallToInstant(date, time, BERLIN);
  if (ms === null) throw new Error(`no such wall time ${date} ${time}`);
  return ms;
}

export function busy(
  employee: EmployeeSchedule,
  date: string,
  time: string,
  minutes: number,
): BusyInterval {
  const startMs = at(date, time);
  return { employeeId: employee.id, startMs, endMs: startMs + minutes * 60_000 };
}

/** Monday 2026-03-02, 08:00 in Berlin. */
export const MONDAY_MORNING = at('2026-03-02', '08:00');
