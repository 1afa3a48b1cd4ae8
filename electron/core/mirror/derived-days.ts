/**
 * Which days are open, from the cache: the month calendar (available days) as fetched, unless a
 * slot list of that day fetched after it says otherwise: a slot list is the fresher truth about
 * its day (a day that filled up since the calendar was fetched, or one that opened). Pure.
 */
export interface CachedDays {
  fetchedAt: number;
  availableDays: readonly number[];
}

export interface CachedSlotDay {
  fetchedAt: number;
  firstSlotTime?: string | null;
  lastSlotTime: string | null;
  /** Whether any slot of the day was free (undefined: not known, e.g. an old row). */
  anyAvailable?: boolean;
}

/** open: bookable; full: slots but none free; closed: no slots or not in the calendar. */
export type DayOpenness = 'open' | 'full' | 'closed' | 'unknown';

export const daysKey = (year: number, month: number, serviceId: string): string =>
  `${year}-${month}|${serviceId}`;
export const slotsKey = (date: string, serviceId: string): string => `${date}|${serviceId}`;

export function isOpenOn(
  date: string,
  serviceId: string,
  days: ReadonlyMap<string, CachedDays>,
  slots: ReadonlyMap<string, CachedSlotDay>,
): DayOpenness {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const calendar = days.get(daysKey(year, month, serviceId));
  const list = slots.get(slotsKey(date, serviceId));
  if (list?.anyAvailable !== undefined && (!calendar || list.fetchedAt > calendar.fetchedAt)) {
    if (list.anyAvailable) return 'open';
    return list.lastSlotTime === null ? 'closed' : 'full';
  }
  if (!calendar) return 'unknown';
  return calendar.availableDays.includes(day) ? 'open' : 'closed';
}

/**
 * When the cache learnt that `date` is closed for the service (the fetch time of the calendar or
 * of the fresher list that says so); null: open, full or not known. The mirror fetches no list
 * of a closed day (plan.ts), so this is all the day view will ever know of it (issue 38).
 */
export function closedKnownAt(
  date: string,
  serviceId: string,
  days: ReadonlyMap<string, CachedDays>,
  slots: ReadonlyMap<string, CachedSlotDay>,
): number | null {
  if (isOpenOn(date, serviceId, days, slots) !== 'closed') return null;
  const [year, month] = date.split('-').map(Number) as [number, number];
  const calendar = days.get(daysKey(year, month, serviceId));
  const list = slots.get(slotsKey(date, serviceId));
  return Math.max(calendar?.fetchedAt ?? 0, list?.fetchedAt ?? 0);
}

/**
 * The available days of a month as the kiosk shows them: the cached calendar, corrected day by
 * day by slot lists fetched after it (`slotDays`: day of month -> that list's fetch time and
 * whether it had a free slot). Sorted ascending.
 */
export function overlayAvailableDays(
  calendar: { availableDays: readonly number[]; fetchedAt: number },
  slotDays: ReadonlyMap<number, { fetchedAt: number; anyAvailable: boolean }>,
): number[] {
  const days = new Set(calendar.availableDays);
  for (const [day, list] of slotDays) {
    if (list.fetchedAt <= calendar.fetchedAt) continue;
    if (list.anyAvailable) days.add(day);
    else days.delete(day);
  }
  return [...days].sort((a, b) => a - b);
}
