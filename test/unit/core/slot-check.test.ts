/**
 * Whether a booking's slot is still free for its employee, asked live (outbox/slot-check.ts):
 * the lost answer's pre-check and the online booking's "was that refusal a taken slot?".
 */
import { describe, expect, it } from 'vitest';
import { checkSlot, slotFreeIn } from '../../../electron/core/outbox/slot-check';
import type { CallOptions } from '../../../electron/core/upstream/client';
import type { UpstreamOutcome } from '../../../electron/core/upstream/outcome';
import type { BookingRequest, TimeSlot, TimeSlots } from '../../../shared/api/schemas';
import { upstreamDouble } from '../../support/core/upstream-double';

const request: BookingRequest = {
  serviceId: 'svc',
  employeeId: 'emp-anna',
  date: '2026-11-24',
  time: '10:00',
  customer: { name: 'C', email: 'c@example.com', phone: '1234' },
};
const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };
const CALL: CallOptions = { priority: 'interactive', maxWaitMs: 0 };
const slot = (time: string, available: boolean, employeeId?: string): TimeSlot => ({
  time,
  available,
  ...(employeeId ? { employeeId } : {}),
});
const day = (timeSlots: TimeSlot[], date = '2026-11-24'): TimeSlots => ({ date, timeSlots });

function clientAnswering(outcome: UpstreamOutcome<TimeSlots>) {
  const asked: unknown[] = [];
  const client = upstreamDouble({
    getTimeSlots(query, call) {
      asked.push({ query, call });
      return Promise.resolve(outcome);
    },
  });
  return { client, asked };
}

describe('slotFreeIn', () => {
  it("is free only when the time is listed available for the booking's own employee", () => {
    expect(slotFreeIn(day([slot('10:00', true, 'emp-anna')]), request)).toBe(true);
    expect(slotFreeIn(day([slot('10:00', false, 'emp-anna')]), request)).toBe(false);
    expect(slotFreeIn(day([slot('10:00', true, 'emp-ben')]), request)).toBe(false);
    expect(slotFreeIn(day([slot('10:00', true)]), request)).toBe(false);
    expect(slotFreeIn(day([slot('10:30', true, 'emp-anna')]), request)).toBe(false);
    // Another employee free first, ours free too: ours is found.
    expect(
      slotFreeIn(day([slot('10:00', true, 'emp-ben'), slot('10:00', true, 'emp-anna')]), request),
    ).toBe(true);
  });

  it("is never free on another day's list", () => {
    expect(slotFreeIn(day([slot('10:00', true, 'emp-anna')], '2026-11-25'), request)).toBe(false);
  });
});

describe('checkSlot', () => {
  it("asks for the booking's day, service and employee, and tells free, taken and unlisted apart", async () => {
    const free = clientAnswering({
      kind: 'ok',
      status: 200,
      data: day([slot('10:00', true, 'emp-anna')]),
      meta,
    });
    expect(await checkSlot(free.client, request, CALL)).toEqual({ kind: 'free' });
    expect(free.asked).toEqual([
      { query: { date: '2026-11-24', serviceId: 'svc', employeeId: 'emp-anna' }, call: CALL },
    ]);
    const taken = clientAnswering({
      kind: 'ok',
      status: 200,
      data: day([slot('09:30', true, 'emp-anna'), slot('10:00', false, 'emp-anna')]),
      meta,
    });
    expect(await checkSlot(taken.client, request, CALL)).toEqual({ kind: 'taken' });
    const unlisted = clientAnswering({
      kind: 'ok',
      status: 200,
      data: day([slot('09:30', true, 'emp-anna'), slot('10:30', true, 'emp-anna')]),
      meta,
    });
    expect(await checkSlot(unlisted.client, request, CALL)).toEqual({ kind: 'unlisted' });
  });

  it('a lookup without a usable answer is failed, with that outcome', async () => {
    const outcome: UpstreamOutcome<TimeSlots> = {
      kind: 'network',
      reason: 'timeout',
      message: 'timeout',
    };
    const away = clientAnswering(outcome);
    expect(await checkSlot(away.client, request, CALL)).toEqual({ kind: 'failed', outcome });
  });
});
