import type { KioskClient } from '../../shared/kiosk-api';
import type { ChosenSlot } from '../flow/flow-machine';
import { addMonths, parseDate, shopTime, shopToday, toDateString } from './dates';
import { firstFreeSlot } from './slots';

export interface NextFree {
  date: string;
  slot: ChosenSlot;
}

/** How many open days the shortcut looks at before it gives up (each is one lookup). */
const MAX_DAYS = 6;

/**
 * The earliest free slot with anyone: today after the current time, else the next open days
 * of this month and the next. Reads go through the kiosk, so they come from its mirror when
 * the API is down.
 */
export async function findNextFree(
  client: Pick<KioskClient, 'getAvailableDays' | 'getTimeSlots'>,
  serviceId: string,
  now: Date,
  timeZone: string,
): Promise<NextFree | null> {
  const today = shopToday(now, timeZone);
  const { year, month } = parseDate(today);
  let checked = 0;
  for (const offset of [0, 1]) {
    const target = addMonths(year, month, offset);
    const days = await client.getAvailableDays({ ...target, serviceId });
    if (!days.ok) continue;
    const dates = [...days.result.availableDays]
      .sort((a, b) => a - b)
      .map((day) => toDateString(target.year, target.month, day))
      .filter((date) => date >= today);
    for (const date of dates) {
      if (checked++ >= MAX_DAYS) return null;
      const slots = await client.getTimeSlots({ date, serviceId });
      if (!slots.ok) continue;
      const slot = firstFreeSlot(
        slots.result.timeSlots,
        date === today ? shopTime(now, timeZone) : null,
      );
      if (slot?.employeeId) {
        return {
          date,
          slot: {
            time: slot.time,
            employeeId: slot.employeeId,
            employeeName: slot.employeeName ?? null,
          },
        };
      }
    }
  }
  return null;
}
