/**
 * Inputs of the pure availability computation (no I/O: `now` and settings come in as
 * arguments). Dates and times are wall-clock values in the business's time zone; instants
 * (epoch milliseconds) are used wherever two intervals are compared, so that DST days are right.
 */

/** A wall-clock interval inside one day, `HH:mm` to `HH:mm`, end exclusive. */
export interface WallInterval {
  start: string;
  end: string;
}

/** Day of week as in `Date.getUTCDay()`: 0 = Sunday ... 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface EmployeeSchedule {
  id: string;
  name: string;
  /** Working hours per weekday; a day missing or empty is a day off. */
  weekly: Partial<Record<Weekday, WallInterval[]>>;
  /** Breaks per weekday (e.g. lunch), subtracted from the working hours. */
  breaks: Partial<Record<Weekday, WallInterval[]>>;
  /** Ids of the services this employee performs. */
  serviceIds: string[];
}

/** Time an employee is not free: an existing pending/confirmed booking (or a hold). */
export interface BusyInterval {
  employeeId: string;
  startMs: number;
  endMs: number;
}

export interface AvailabilitySettings {
  timeZone: string; // IANA, default Europe/Berlin
  gridMinutes: number; // default 15
  minNoticeMinutes: number; // a slot must start at least this long after now
  horizonDays: number; // default 90: the last bookable day is today + horizonDays
}

export const DEFAULT_AVAILABILITY_SETTINGS: AvailabilitySettings = {
  timeZone: 'Europe/Berlin',
  gridMinutes: 15,
  minNoticeMinutes: 30,
  horizonDays: 90,
};

export interface DayQuery {
  date: string; // YYYY-MM-DD
  durationMinutes: number; // service duration
  serviceId: string;
  /** One employee's id, or undefined / 'any' for all who perform the service. */
  employeeId?: string;
  employees: EmployeeSchedule[];
  busy: BusyInterval[];
  now: number; // epoch ms
  settings: AvailabilitySettings;
}

/** Why a slot cannot be booked by its nature (400) or because it is taken (409). */
export type SlotProblem = 'past' | 'notice' | 'horizon' | 'grid' | 'hours' | 'service' | 'taken';
