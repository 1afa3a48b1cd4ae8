/**
 * Issue 37: a read asked twice while the first is on its way is one request (a screen's grid and
 * its people ask the same day's list in one render). Only reads, only in flight; a booking is
 * never shared.
 */
import { describe, expect, it } from 'vitest';
import { coalescedReads } from '../../../electron/core/engine/coalesced-reads';
import type { UpstreamOutcome } from '../../../electron/core/upstream';
import { upstreamDouble } from '../../support/core/upstream-double';

const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };
const ok = <T>(data: T): UpstreamOutcome<T> => ({ kind: 'ok', status: 200, data, meta });
const call = { priority: 'interactive' as const, maxWaitMs: 0 };

function rig() {
  const asked: string[] = [];
  const pending: (() => void)[] = [];
  const later = <T>(what: string, data: T): Promise<UpstreamOutcome<T>> => {
    asked.push(what);
    return new Promise((resolve) => pending.push(() => resolve(ok(data))));
  };
  const inner = upstreamDouble({
    getTimeSlots: (query) =>
      later(`slots ${query.date} ${query.employeeId ?? 'any'}`, {
        date: query.date,
        timeSlots: [],
      }),
    getAvailableDays: (query) =>
      later(`days ${query.month}`, { ...query, availableDays: [], totalDays: 0 }),
    getServices: () => later('services', []),
    book: () => later('book', { bookingId: 'b', status: 'confirmed' } as never),
  });
  return {
    client: coalescedReads(() => inner),
    asked,
    answer: () => pending.splice(0).forEach((f) => f()),
  };
}

describe('coalescedReads', () => {
  it('shares a read in flight: the same list asked twice is one request, with one answer for both', async () => {
    const { client, asked, answer } = rig();
    const query = { date: '2026-11-24', serviceId: 's' };
    const first = client().getTimeSlots(query, call);
    const second = client().getTimeSlots({ serviceId: 's', date: '2026-11-24' }, call);
    const own = client().getTimeSlots({ ...query, employeeId: 'emp-a' }, call);
    const days = client().getAvailableDays({ year: 2026, month: 11, serviceId: 's' }, call);
    expect(asked).toEqual(['slots 2026-11-24 any', 'slots 2026-11-24 emp-a', 'days 11']);
    answer();
    const [a, b] = await Promise.all([first, second, own, days]);
    expect(b).toBe(a);
  });

  it('keeps nothing: once answered, the next read asks again', async () => {
    const { client, asked, answer } = rig();
    const query = { date: '2026-11-24', serviceId: 's' };
    const first = client().getTimeSlots(query, call);
    answer();
    await first;
    const again = client().getTimeSlots(query, call);
    answer();
    await again;
    expect(asked).toEqual(['slots 2026-11-24 any', 'slots 2026-11-24 any']);
  });

  it('never shares a booking', async () => {
    const { client, asked, answer } = rig();
    const body = {} as never;
    const both = Promise.all([client().book(body, 'k1', call), client().book(body, 'k1', call)]);
    answer();
    await both;
    expect(asked).toEqual(['book', 'book']);
  });
});
