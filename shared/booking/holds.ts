/**
 * Holds: slots the kiosk has promised locally (a queued booking not yet confirmed by the API)
 * and must not offer again. Same-date wall-minute arithmetic is enough here: a hold and the
 * slots it blocks are on one date, and the kiosk mirrors the API's wall times as they are.
 */
import type { TimeSlot } from '../api/schemas';
import { toMinutes } from './time';

export interface Hold {
  employeeId: string;
  date: string; // YYYY-MM-DD
  time: string; // HH:mm
  durationMinutes: number;
}

/**
 * Whether [aStart, aEnd) and [bStart, bEnd) share a point. Half-open: touching intervals do
 * not overlap, and an empty interval overlaps nothing.
 */
export function intervalsOverlap(
  aStart: number,
  aEnd: number,
  bStart: number,
  bEnd: number,
): boolean {
  return aStart < aEnd && bStart < bEnd && aStart < bEnd && bStart < aEnd;
}

/** Whether the employee has a hold on `date` overlapping [time, time + durationMinutes). */
export function isSlotHeld(
  date: string,
  time: string,
  employeeId: string,
  durationMinutes: number,
  holds: readonly Hold[],
): boolean {
  const start = toMinutes(time);
  const end = start + durationMinutes;
  return holds.some((hold) => {
    if (hold.employeeId !== employeeId || hold.date !== date) return false;
    const holdStart = toMinutes(hold.time);
    return intervalsOverlap(start, end, holdStart, holdStart + hold.durationMinutes);
  });
}

/**
 * The slots with every available slot whose employee holds an overlapping interval turned
 * unavailable with reason 'held'. Never makes a slot available; does not mutate its input.
 */
export function applyHolds(
  slots: readonly TimeSlot[],
  date: string,
  durationMinutes: number,
  holds: readonly Hold[],
): TimeSlot[] {
  const relevant = holds.filter((hold) => hold.date === date);
  return slots.map((slot) => {
    if (!slot.available || slot.employeeId === undefined) return { ...slot };
    if (!isSlotHeld(date, slot.time, slot.employeeId, durationMinutes, relevant))
      return { ...slot };
    return { time: slot.time, available: false, reason: 'held' };
  });
}
