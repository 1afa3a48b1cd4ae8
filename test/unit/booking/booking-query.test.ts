import { describe, expect, it } from 'vitest';
import {
  foldForSearch,
  matchesBookingQuery,
  type SearchableBooking,
} from '../../../shared/booking/reference';

const booking: SearchableBooking = {
  reference: 'K7Q2M9XA',
  appointmentNumber: 'A-000123',
  customerName: 'Zoë Müller',
};

describe('matchesBookingQuery (the core listBookings query and the staff screen)', () => {
  it.each([
    ['', true],
    ['muller', true],
    ['MÜLLER', true],
    ['zoe', true],
    ['ller', true],
    ['zoe   muller', true],
    ['q2m9', true],
    ['a000123', true],
    ['000123', true],
    ['A-000', true],
    ['mueller', false],
    ['anna', false],
  ])('%j matches: %s', (query, expected) => {
    expect(matchesBookingQuery(booking, query)).toBe(expected);
  });

  const contact: SearchableBooking = {
    ...booking,
    customerEmail: 'Zoe.Mueller@Example.com',
    customerPhone: '+49 171 555-1234',
  };
  it.each([
    ['zoe.mueller@example', true],
    ['EXAMPLE.COM', true],
    ['0171 5551234', true],
    ['171-555', true],
    ['+49 171', true],
    ['5551234', true],
    ['0171', true], // issue 28: the leading zero counts towards the 4 digits typed
    ['0171 2345678', false],
    ['555', false], // fewer than 4 digits: too many would match
    ['0000', false], // zeros only: nothing to look for
    ['000001', false], // an appointment number's digits: too few after the zeros
    ['0172 5551234', false],
    ['other@example.com', false],
  ])('with contact details (a staff session): %j matches: %s', (query, expected) => {
    expect(matchesBookingQuery(contact, query)).toBe(expected);
  });

  it('"0171" finds a phone written "0171 2345678" (issue 28)', () => {
    expect(matchesBookingQuery({ ...contact, customerPhone: '0171 2345678' }, '0171')).toBe(true);
    expect(matchesBookingQuery({ ...contact, customerPhone: '0172 2345678' }, '0171')).toBe(false);
  });

  it('never matches an erased e-mail or phone', () => {
    expect(
      matchesBookingQuery({ ...booking, customerEmail: null, customerPhone: null }, '5551234'),
    ).toBe(false);
  });

  it('never matches an erased name', () => {
    expect(matchesBookingQuery({ ...booking, customerName: null }, 'muller')).toBe(false);
  });

  it('folds case, accents and spacing', () => {
    expect(foldForSearch('  Jürgen   ÇELİK ')).toBe('jurgen celik');
  });
});
