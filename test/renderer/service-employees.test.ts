import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '../../shared/api/schemas';
import { employeesInSlots, findServiceEmployees } from '../../renderer/lib/service-employees';
import { FakeKioskClient } from './support/fake-kiosk-client';

const free = (time: string, employeeId: string): TimeSlot => ({
  time,
  available: true,
  employeeId,
});
const taken = (time: string): TimeSlot => ({ time, available: false, reason: 'booked' });

describe('employeesInSlots', () => {
  it('names only employees with a free slot, each once, in the order first seen', () => {
    expect(
      employeesInSlots([
        [free('09:00', 'b'), taken('09:15'), free('09:30', 'a')],
        [free('10:00', 'b')],
      ]),
    ).toEqual(['b', 'a']);
    expect(employeesInSlots([[taken('09:00'), { time: '09:30', available: true }]])).toEqual([]);
  });
});

describe('findServiceEmployees', () => {
  it('looks at the chosen day and the next open days, so that someone booked up that day still shows', async () => {
    const client = new FakeKioskClient();
    const days: string[] = [];
    client.getTimeSlots = (input) => {
      days.push(input.date);
      return Promise.resolve({
        ok: true,
        result: {
          date: input.date,
          // Anna is the only one free on the 23rd; Ben appears on the 25th.
          timeSlots: [
            input.date === '2026-11-25' ? free('09:00', 'emp-ben') : free('09:00', 'emp-anna'),
          ],
          source: 'cache',
          asOf: null,
        },
      });
    };
    expect(await findServiceEmployees(client, 'svc-cut', '2026-11-23')).toEqual([
      'emp-anna',
      'emp-ben',
    ]);
    expect(days[0]).toBe('2026-11-23');
    expect(days.length).toBeLessThanOrEqual(7);
    expect(days.every((day) => day >= '2026-11-23' && day.startsWith('2026-11'))).toBe(true);
  });

  it('a failed lookup means fewer names, not an error', async () => {
    const client = new FakeKioskClient();
    client.getTimeSlots = () =>
      Promise.resolve({ ok: false, error: { code: 'unavailable', message: 'down' } });
    expect(await findServiceEmployees(client, 'svc-cut', '2026-11-23')).toEqual([]);
  });
});
