/** The fake kiosk's day (issue 41 part 3): nothing counted, for the staff methods' answers. */
import { KIOSK_DAY_STEPS, type KioskDay, type KioskDayCounts } from '../../../shared/kiosk-day';

const steps = () => Object.fromEntries(KIOSK_DAY_STEPS.map((step) => [step, 0]));

export function emptyKioskDay(from: string, to: string): KioskDay {
  const counts = {
    started: 0,
    reached: steps(),
    abandoned: steps(),
    noTimeFound: 0,
    waitlistJoined: 0,
    arrived: 0,
    languages: {},
    audio: 0,
    reach: 0,
    medianSecondsToBooked: null,
  } as KioskDayCounts;
  return { from, to, hours: [], days: [], total: counts };
}
