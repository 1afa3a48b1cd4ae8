import { describe, expect, it } from 'vitest';
import { findNextFree } from '../../renderer/lib/next-free';
import { FakeKioskClient } from './support/fake-kiosk-client';

const ZONE = 'Europe/Berlin';

describe('findNextFree', () => {
  // Instants of the shop's (Berlin) clock, whatever zone the machine running the test is in.
  const berlin = (wall: string): Date => new Date(`${wall}+01:00`);
  it.each([
    ['later today', berlin('2026-11-23T10:05'), '2026-11-23', '10:30'],
    ['on a closed day: the next open one', berlin('2026-11-22T09:00'), '2026-11-23', '09:00'],
    ['after closing: tomorrow morning', berlin('2026-11-23T18:00'), '2026-11-24', '09:00'],
    ['at the end of the month: next month', berlin('2026-11-30T18:00'), '2026-12-01', '09:00'],
  ])('%s', async (_name, now, date, time) => {
    const offer = await findNextFree(new FakeKioskClient(), 'svc-cut', now, ZONE);
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
    expect(
      await findNextFree(client, 'svc-cut', new Date('2026-11-23T08:00+01:00'), ZONE),
    ).toBeNull();
    expect(client.calls.filter((call) => call.method === 'getAvailableDays')).toHaveLength(1);
  });
});
