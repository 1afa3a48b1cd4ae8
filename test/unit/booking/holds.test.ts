import { describe, expect, it } from 'vitest';
import { applyHolds, intervalsOverlap, isSlotHeld } from '../../../shared/booking/holds';
import type { Hold } from '../../../shared/booking/holds';
import type { TimeSlot } from '../../../shared/api/schemas';

const DATE = '2026-03-04';
const hold = (time: string, durationMinutes = 30, employeeId = 'e-anna', date = DATE): Hold => ({
  employeeId,
  date,
  time,
  durationMinutes,
});

describe('intervalsOverlap', () => {
  it.each([
    [0, 10, 5, 15, true],
    [0, 10, 10, 20, false], // touching
    [10, 20, 0, 10, false],
    [0, 10, 2, 8, true], // contained
    [2, 8, 0, 10, true],
    [0, 10, 0, 10, true],
    [0, 10, 20, 30, false],
    [5, 5, 0, 10, false], // an empty interval has no point to share
    [0, 0, 0, 10, false],
  ])('[%i,%i) and [%i,%i): %s', (a, b, c, d, expected) => {
    expect(intervalsOverlap(a, b, c, d)).toBe(expected);
  });
});

describe('isSlotHeld', () => {
  it.each([
    ['10:00', 30, [hold('10:00')], true],
    ['09:30', 30, [hold('10:00')], false], // ends when the hold starts
    ['09:45', 30, [hold('10:00')], true],
    ['10:30', 30, [hold('10:00')], false],
    ['10:15', 30, [hold('10:00')], true],
    ['09:00', 120, [hold('10:00')], true], // the slot covers the hold
    ['10:00', 30, [hold('10:00', 30, 'e-ben')], false], // someone else's hold
    ['10:00', 30, [hold('10:00', 30, 'e-anna', '2026-03-05')], false], // another day
    ['10:00', 30, [], false],
  ] as const)('%s for %i minutes with %o: %s', (time, duration, holds, expected) => {
    expect(isSlotHeld(DATE, time, 'e-anna', duration, holds)).toBe(expected);
  });
});

describe('applyHolds', () => {
  const slots: TimeSlot[] = [
    { time: '09:30', available: true, employeeId: 'e-anna', employeeName: 'Anna' },
    { time: '10:00', available: true, employeeId: 'e-anna', employeeName: 'Anna' },
    { time: '10:00', available: true, employeeId: 'e-ben', employeeName: 'Ben' },
    { time: '10:15', available: false, reason: 'booked' },
    { time: '10:30', available: true, employeeId: 'e-anna', employeeName: 'Anna' },
  ];

  it('turns overlapping available slots of the held employee into held ones', () => {
    const before = structuredClone(slots);
    const result = applyHolds(slots, DATE, 30, [hold('10:00')]);
    expect(result).toEqual([
      slots[0],
      { time: '10:00', available: false, reason: 'held' },
      slots[2],
      slots[3],
      slots[4],
    ]);
    expect(slots).toEqual(before);
    expect(result[0]).not.toBe(slots[0]);
  });

  it('uses the service duration: a 60-minute slot at 09:30 overlaps a 10:00 hold', () => {
    const result = applyHolds(slots, DATE, 60, [hold('10:00')]);
    expect(result.map((s) => s.available)).toEqual([false, false, true, false, true]);
  });

  it('ignores holds of another date', () => {
    expect(applyHolds(slots, DATE, 30, [hold('10:00', 30, 'e-anna', '2026-03-05')])).toEqual(slots);
  });
});
