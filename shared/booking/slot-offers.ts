/**
 * Times per employee (issue 18): with `employeeId=any` an API may list a time once for each
 * employee free then (spec §2.4 allows it; the reference server names one). The kiosk offers
 * each time once and books the employee its offer names. Holds are applied per employee BEFORE
 * merging (applyHolds), so a time held for one person is still offered with another who is free.
 */
import type { TimeSlot } from '../api/schemas';

const bookable = (slot: TimeSlot): boolean => slot.available && slot.employeeId !== undefined;

/**
 * The entry that stands for `time`: the preferred employee's when it is bookable, else the
 * first bookable one (the API's order: the reference lists its own pick first), else the first
 * entry at that time; undefined when the time is not listed.
 */
export function offerAt(
  slots: readonly TimeSlot[],
  time: string,
  preferredEmployeeId?: string,
): TimeSlot | undefined {
  const atTime = slots.filter((slot) => slot.time === time);
  return (
    atTime.find((slot) => bookable(slot) && slot.employeeId === preferredEmployeeId) ??
    atTime.find(bookable) ??
    atTime[0]
  );
}

/** One offer per time, in the order times first appear; the input is not mutated. */
export function mergeSlotsByTime(slots: readonly TimeSlot[]): TimeSlot[] {
  const times = [...new Set(slots.map((slot) => slot.time))];
  return times.map((time) => ({ ...(offerAt(slots, time) as TimeSlot) }));
}

/** The employees bookable at `time`, each once, in the order listed. */
export function freeEmployeesAt(slots: readonly TimeSlot[], time: string): string[] {
  const ids = slots
    .filter((slot) => slot.time === time && bookable(slot))
    .map((slot) => slot.employeeId as string);
  return [...new Set(ids)];
}
