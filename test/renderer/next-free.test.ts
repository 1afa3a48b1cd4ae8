import { describe, expect, it } from 'vitest';
import { findNextFree } from '../../renderer/lib/next-free';
import { FakeKioskClient } from './support/fake-kiosk-client';

describe('findNextFree', () => {
  it.each([
    ['later today', new Date(2026, 10, 23, 10, 5), '2026-11-23', '10:30'],
    ['on a closed day: the next open one', new Date(2026, 10, 22, 9, 0), '2026-11-23', '09:00'],
    ['after closing: tomorrow morning', new Date(2026, 10, 23, 18, 0), '2026-11-24', '09:00'],
    ['at the end of the month: next month', new Date(2026, 10, 30, 18, 0), '2026-12-01', '09:00'],
  ])('%s', async (_name, now, date, time) => {
    const offer = await findNextFree(new FakeKioskClient(), 'svc-cut', now);
    expect(offer).toEqual({
      date,
      slot: { time, employeeId: 'emp-anna', employeeName: 'Anna Berg' },
    });
  });

  it('gives up after a few open days without a free slot', async () => {
    const client = new FakeKioskClient();
    client.getTimeSlots = (input) =>
      Promise.resolve({
        ok: true,
        result: { date: input.date, timeSlots: [], source: 'cache', asOf: null },
      });
    expect(await findNextFree(client, 'svc-cut', new Date(2026, 10, 23, 8, 0))).toBeNull();
    expect(client.calls.filter((call) => call.method === 'getAvailableDays')).toHaveLength(1);
  });
});
