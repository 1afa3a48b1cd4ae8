/**
 * The evidence that an upstream keeps booked times free (link/booked-times-watch.ts, issue 30):
 * which booking of this kiosk, listed free in which slot list, counts.
 */
import { describe, expect, it } from 'vitest';
import {
  keptFreeEvidence,
  SETTLE_MS,
  upstreamIdentity,
} from '../../../electron/core/link/booked-times-watch';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';
import type { BookingResponse, TimeSlots } from '../../../shared/api/schemas';
import { outboxEntry } from '../../support/core/outbox-entry';

const CONFIRMED_AT = 1_000_000;
const LATER = CONFIRMED_AT + SETTLE_MS;

function sent(patch: Partial<OutboxEntry> = {}, status: BookingResponse['status'] = 'pending') {
  return outboxEntry({
    localId: 'l1',
    request: {
      serviceId: 'svc',
      employeeId: 'anna',
      date: '2026-11-24',
      time: '10:00',
      customer: { name: 'C', email: 'c@example.com', phone: '123' },
    },
    state: 'sent',
    booking: { bookingId: 'b1', status } as BookingResponse,
    updatedAt: CONFIRMED_AT,
    ...patch,
  });
}

const list = (
  slots: TimeSlots['timeSlots'] = [{ time: '10:00', available: true, employeeId: 'anna' }],
  date = '2026-11-24',
): TimeSlots => ({ date, timeSlots: slots });

describe('keptFreeEvidence', () => {
  it('a sent booking listed free for its employee, asked for after the settle time, counts', () => {
    expect(keptFreeEvidence(list(), [sent()], LATER)?.localId).toBe('l1');
    // "Any employee" lists one entry per free employee: the booking's own entry counts.
    const perEmployee = list([
      { time: '10:00', available: true, employeeId: 'mehmet' },
      { time: '10:00', available: true, employeeId: 'anna' },
    ]);
    expect(keptFreeEvidence(perEmployee, [sent()], LATER)?.localId).toBe('l1');
  });

  it.each<[string, TimeSlots, OutboxEntry, number]>([
    ['asked too soon after it was confirmed', list(), sent(), LATER - 1],
    ['listed taken', list([{ time: '10:00', available: false }]), sent(), LATER],
    [
      'free for another employee only',
      list([{ time: '10:00', available: true, employeeId: 'mehmet' }]),
      sent(),
      LATER,
    ],
    [
      'another time free',
      list([{ time: '10:30', available: true, employeeId: 'anna' }]),
      sent(),
      LATER,
    ],
    ['a list of another day', list(undefined, '2026-11-25'), sent(), LATER],
    ['not sent (still held)', list(), sent({ state: 'unknown', booking: null }), LATER],
    ['cancelled by the API', list(), sent({}, 'cancelled'), LATER],
  ])('no evidence: %s', (_why, day, entry, askedAt) => {
    expect(keptFreeEvidence(day, [entry], askedAt)).toBeNull();
  });
});

describe('upstreamIdentity', () => {
  it('one identity for the embedded server (its port changes), the address for a remote', () => {
    expect(
      upstreamIdentity({ kind: 'embedded', baseUrl: 'http://127.0.0.1:4711', apiKey: 'k' }),
    ).toBe(upstreamIdentity({ kind: 'embedded', baseUrl: 'http://127.0.0.1:5000', apiKey: 'j' }));
    const remote = (baseUrl: string, apiKey: string) =>
      upstreamIdentity({ kind: 'remote', baseUrl, apiKey });
    // A new key for the same API is the same upstream; another address is not.
    expect(remote('https://a.example', 'k1')).toBe(remote('https://a.example', 'k2'));
    expect(remote('https://a.example', 'k1')).not.toBe(remote('https://b.example', 'k1'));
  });
});
