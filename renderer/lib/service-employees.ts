/**
 * Who can do a service. The API has no service-employee list, but every free slot of a slot
 * list names an employee who offers the service; an employee who does not offer it never
 * appears there. So the "With whom?" choice is built from the service's slot lists the kiosk
 * has: the chosen day's and those of the next open days (mostly from the mirror, which keeps a
 * week of them fresh), so that someone who happens to be busy on the chosen day still shows.
 */
import type { TimeSlot } from '../../shared/api/schemas';
import type { KioskClient } from '../../shared/kiosk-api';
import { parseDate, toDateString } from './dates';

/** Day lists looked at besides the chosen day (the mirror's window is a week). */
const MORE_DAYS = 6;

/** The employees named by the free slots of these lists, in the order first seen. */
export function employeesInSlots(lists: readonly (readonly TimeSlot[])[]): string[] {
  const seen = new Set<string>();
  for (const slots of lists)
    for (const slot of slots) if (slot.available && slot.employeeId) seen.add(slot.employeeId);
  return [...seen];
}

/**
 * The employees seen with a free slot for `serviceId` on `date` or the next open days of its
 * month. A failed lookup only means fewer names, never an error.
 */
export async function findServiceEmployees(
  client: Pick<KioskClient, 'getAvailableDays' | 'getTimeSlots'>,
  serviceId: string,
  date: string,
): Promise<string[]> {
  const { year, month } = parseDate(date);
  const days = await client.getAvailableDays({ year, month, serviceId });
  const later = days.ok
    ? [...days.result.availableDays]
        .sort((a, b) => a - b)
        .map((day) => toDateString(year, month, day))
        .filter((day) => day > date)
        .slice(0, MORE_DAYS)
    : [];
  const lists: TimeSlot[][] = [];
  for (const day of [date, ...later]) {
    // The chosen day is the grid's own list; the others are asked ahead (issue 37): at a busy
    // start the kiosk answers them from its mirror or not at all (fewer names, never an error).
    const slots = await client.getTimeSlots({
      date: day,
      serviceId,
      ...(day === date ? {} : { ahead: true }),
    });
    if (slots.ok) lists.push(slots.result.timeSlots);
  }
  return employeesInSlots(lists);
}
