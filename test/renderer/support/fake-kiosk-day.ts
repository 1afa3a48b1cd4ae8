/** The fake kiosk's day (issue 41 part 3): nothing counted, for the staff methods' answers. */
import { emptyKioskDayCounts, type KioskDay } from '../../../shared/kiosk-day';

export function emptyKioskDay(from: string, to: string): KioskDay {
  return { from, to, hours: [], days: [], total: emptyKioskDayCounts() };
}
