/**
 * The "once per free employee" slot list (legal for `employeeId=any`, spec §2.4): every time is
 * listed for each employee free then, computed with the reference server's own data and the
 * same pure availability function it uses; a time nobody is free at keeps its reference entry.
 */
import type { TimeSlot } from '../../../shared/api/schemas';
import { durationMinutes } from '../../../shared/api/duration';
import { computeDaySlots } from '../../../shared/booking/availability';
import type { AvailabilitySettings } from '../../../shared/booking/types';
import { dayWindow } from '../../../server/booking/day-window';
import { busyBetween } from '../../../server/db/bookings';
import { findBookableService, loadSchedules, toApiService } from '../../../server/db/catalog';
import type { ServerDb } from '../../../server/db/open';

export function slotsPerEmployee(
  db: ServerDb,
  query: { date: string; serviceId: string },
  reference: readonly TimeSlot[],
  now: number,
  settings: AvailabilitySettings,
): TimeSlot[] {
  const service = findBookableService(db, query.serviceId);
  if (!service) return [...reference];
  const schedules = loadSchedules(db);
  const { fromMs, toMs } = dayWindow(query.date);
  const busy = busyBetween(db, fromMs, toMs);
  const free = new Map<string, TimeSlot[]>();
  for (const employee of schedules) {
    const slots = computeDaySlots({
      date: query.date,
      durationMinutes: durationMinutes(toApiService(service)),
      serviceId: query.serviceId,
      employeeId: employee.id,
      employees: schedules,
      busy,
      now,
      settings,
    });
    for (const slot of slots) {
      if (!slot.available) continue;
      free.set(slot.time, [...(free.get(slot.time) ?? []), slot]);
    }
  }
  return reference.flatMap((slot) => free.get(slot.time) ?? [slot]);
}
