import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '../../shared/api/schemas';
import { firstFreeSlot, groupSlots, timeOffers } from '../../renderer/lib/slots';

const free = (time: string, employeeId: string): TimeSlot => ({
  time,
  available: true,
  employeeId,
  employeeName: employeeId,
});
const held = (time: string): TimeSlot => ({ time, available: false, reason: 'held' });

describe('time grid offers (a time listed once per free employee)', () => {
  // As the core returns it after a hold on Anna at 11:00: her entry struck, Mehmet's free.
  const day = [
    free('11:15', 'anna'),
    held('11:00'),
    free('11:00', 'mehmet'),
    free('11:15', 'mehmet'),
  ];

  it('shows each time once, free with the employee who is free, in time order', () => {
    expect(timeOffers(day)).toEqual([free('11:00', 'mehmet'), free('11:15', 'anna')]);
  });

  it('groups the merged offers, never a time twice', () => {
    const groups = groupSlots(day);
    expect(groups.map((g) => g.slots.map((s) => `${s.time} ${s.employeeId ?? '-'}`))).toEqual([
      ['11:00 mehmet', '11:15 anna'],
    ]);
  });

  it('the first free slot is unchanged by the duplicates', () => {
    expect(firstFreeSlot(day, null)).toEqual(free('11:00', 'mehmet'));
  });
});
