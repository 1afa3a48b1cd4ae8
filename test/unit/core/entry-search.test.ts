/**
 * Staff search over outbox entries (outbox/entry.ts `entryMatches`) and what staff are shown of
 * an entry (`toLocalBooking`): an erased booking is found by its reference and appointment
 * number only, never by the customer's details it no longer holds.
 */
import { describe, expect, it } from 'vitest';
import { entryMatches, toLocalBooking } from '../../../electron/core/outbox/entry';
import type { BookingResponse } from '../../../shared/api/schemas';
import { bookingReference } from '../../../shared/booking/reference';
import { outboxEntry } from '../../support/core/outbox-entry';

const request = {
  serviceId: 'svc',
  employeeId: 'emp',
  date: '2026-11-24',
  time: '10:00',
  customer: { name: 'Jana Novak', email: 'jana@example.com', phone: '+49 170 555' },
};
const booking = { appointmentNumber: 'A-000777' } as BookingResponse;

describe('entryMatches', () => {
  it("finds a booking by its reference, appointment number and the customer's name, e-mail and phone", () => {
    const entry = outboxEntry({ localId: 'l-search', request, booking, state: 'sent' });
    for (const query of [
      bookingReference('l-search'),
      'A-000777',
      'novak',
      'jana@example',
      '170 555',
    ])
      expect(entryMatches(entry, query)).toBe(true);
    expect(entryMatches(entry, 'someone else')).toBe(false);
    expect(entryMatches(outboxEntry({ localId: 'l-none', request }), 'A-000777')).toBe(false);
  });

  it('an erased booking is found by its reference and number, not by whom it was for', () => {
    const entry = outboxEntry({ localId: 'l-gone', request, booking, erasedAt: 1, state: 'sent' });
    expect(entryMatches(entry, 'A-000777')).toBe(true);
    expect(entryMatches(entry, bookingReference('l-gone'))).toBe(true);
    for (const query of ['novak', 'jana@example', '170 555'])
      expect(entryMatches(entry, query)).toBe(false);
  });
});

describe('toLocalBooking', () => {
  it('says whether it was erased, what it was rebooked as and its visit, null when none', () => {
    const plain = toLocalBooking(outboxEntry({ localId: 'l1', request }));
    expect(plain).toMatchObject({ erased: false, rebookedAs: null, visitId: null });
    const linked = toLocalBooking(
      outboxEntry({ localId: 'l2', request, erasedAt: 5, rebookedAs: 'l3', visitId: 'v1' }),
    );
    expect(linked).toMatchObject({ erased: true, rebookedAs: 'l3', visitId: 'v1' });
  });
});
