/** Wall-date arithmetic on `YYYY-MM-DD` strings (UTC-based, so DST never shifts a day). */
import { instantToWall } from '../../shared/booking/time';

export function toDateString(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The business's zone from the core, else this screen's own (an older host does not say). */
export function businessZone(fromCore: string | undefined): string {
  return fromCore ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Today's wall date in the shop's zone: the API's dates are the shop's, whatever zone the device
 * is set to (issue 38 item 12).
 */
export function shopToday(now: Date, timeZone: string): string {
  return instantToWall(now.getTime(), timeZone).date;
}

/** `HH:mm` of the shop's clock at `now`. */
export function shopTime(now: Date, timeZone: string): string {
  return instantToWall(now.getTime(), timeZone).time;
}

export function parseDate(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

export function addMonths(
  year: number,
  month: number,
  delta: number,
): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function addMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = (h * 60 + m + minutes) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export interface CalendarCell {
  day: number;
  date: string;
}

/**
 * The month as weeks of seven cells, Monday first; `null` pads the days outside the month.
 */
export function monthGrid(year: number, month: number): (CalendarCell | null)[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7; // Monday = 0
  const cells: (CalendarCell | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= daysInMonth; day++)
    cells.push({ day, date: toDateString(year, month, day) });
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarCell | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Every wall date from `from` (inclusive) to the last day of the given month. */
export function datesThroughMonth(from: string, year: number, month: number): string[] {
  const { year: y, month: m, day } = parseDate(from);
  const start = Date.UTC(y, m - 1, day);
  const count = Math.round((Date.UTC(year, month, 0) - start) / 86_400_000) + 1;
  return nextDates(from, Math.max(0, count));
}

/** `count` consecutive wall dates from `from` (inclusive). */
function nextDates(from: string, count: number): string[] {
  const { year, month, day } = parseDate(from);
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(year, month - 1, day + i));
    return toDateString(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  });
}
