/** The Kiosk tab's ranges (issue 41 part 3): days back from the shop's today, both ends included. */
import { addDays } from '../../shared/booking/time';
import { shopToday } from './dates';

export const KIOSK_DAY_RANGES = { today: 1, week: 7, month: 30 } as const;
export type KioskDayRange = keyof typeof KIOSK_DAY_RANGES;

export function kioskDayDates(
  range: KioskDayRange,
  now: Date,
  timeZone: string,
): { from: string; to: string } {
  const to = shopToday(now, timeZone);
  return { from: addDays(to, 1 - KIOSK_DAY_RANGES[range]), to };
}
