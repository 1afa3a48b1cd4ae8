/**
 * What a kiosk can check about a booking request without the API (offline, or when the API
 * gave no answer), before it stores the customer's data in the outbox: a day or time already
 * past, a service or an employee the cached catalog does not know. Pure: `now` is the kiosk's
 * clock corrected by the measured skew, the catalog is the cached one (null: none cached, so
 * nothing about ids can be said).
 */
import { todayIn, wallToInstant } from './time';

export interface CacheCheckInput {
  request: { serviceId: string; employeeId: string; date: string; time: string };
  now: number;
  timeZone: string;
  catalog: { serviceIds: readonly string[]; employeeIds: readonly string[] } | null;
}

export type CacheRefusal = 'date_past' | 'time_past' | 'unknown_service' | 'unknown_employee';

export const CACHE_REFUSAL_MESSAGES: Record<CacheRefusal, string> = {
  date_past: 'this day is already past',
  time_past: 'this time is already past',
  unknown_service: 'unknown service',
  unknown_employee: 'unknown employee',
};

/** The first reason to refuse the request, or null when the cache knows nothing against it. */
export function checkAgainstCache({
  request,
  now,
  timeZone,
  catalog,
}: CacheCheckInput): CacheRefusal | null {
  const today = todayIn(timeZone, now);
  // YYYY-MM-DD compares as text in calendar order.
  if (request.date < today) return 'date_past';
  if (request.date === today) {
    const start = wallToInstant(request.date, request.time, timeZone);
    // A wall time that does not exist today (spring forward) is left to the slot grid check.
    if (start !== null && start < now) return 'time_past';
  }
  if (catalog !== null) {
    if (!catalog.serviceIds.includes(request.serviceId)) return 'unknown_service';
    if (!catalog.employeeIds.includes(request.employeeId)) return 'unknown_employee';
  }
  return null;
}
