/** Wall-date arithmetic on `YYYY-MM-DD` strings (UTC-based, so DST never shifts a day). */

export function toDateString(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today's wall date on the kiosk's clock. */
export function localToday(now: Date): string {
  return toDateString(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** `HH:mm` of the kiosk's clock. */
export function localTime(now: Date): string {
  return `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
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
