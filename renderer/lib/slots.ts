import type { TimeSlot } from '../../shared/api/schemas';
import { mergeSlotsByTime } from '../../shared/booking/free-times';

export type DayPart = 'morning' | 'afternoon' | 'evening';
export const DAY_PARTS: readonly DayPart[] = ['morning', 'afternoon', 'evening'];

/** Morning until 12:00, afternoon until 17:00, evening after. */
export function dayPartOf(time: string): DayPart {
  const hour = Number(time.slice(0, 2));
  if (hour < 12) return 'morning';
  if (hour < 17) return 'afternoon';
  return 'evening';
}

/**
 * The time grid's offers: one per time, in time order, naming a free employee when there is one
 * (an API may list a time once per free employee: shared/booking/slot-offers.ts).
 */
export function timeOffers(slots: readonly TimeSlot[]): TimeSlot[] {
  return mergeSlotsByTime(slots).sort((a, b) => a.time.localeCompare(b.time));
}

/** The offers of a day grouped by part, in time order; empty parts are left out. */
export function groupSlots(slots: readonly TimeSlot[]): { part: DayPart; slots: TimeSlot[] }[] {
  const sorted = timeOffers(slots);
  return DAY_PARTS.map((part) => ({
    part,
    slots: sorted.filter((slot) => dayPartOf(slot.time) === part),
  })).filter((group) => group.slots.length > 0);
}

/** The first bookable slot at or after `notBefore` (HH:mm), or null. */
export function firstFreeSlot(
  slots: readonly TimeSlot[],
  notBefore: string | null,
): TimeSlot | null {
  const sorted = [...slots].sort((a, b) => a.time.localeCompare(b.time));
  return (
    sorted.find(
      (slot) => slot.available && slot.employeeId && (notBefore === null || slot.time > notBefore),
    ) ?? null
  );
}
