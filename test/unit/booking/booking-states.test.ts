/**
 * The booking state table (shared/booking/booking-states.ts): what was derived from it equals
 * the lists that were written out by hand before it, so the facts below are its documentation.
 */
import { describe, expect, it } from 'vitest';
import { outbox } from '../../../electron/core/db/schema';
import {
  ATTENTION_STATES,
  BOOKING_GROUPS,
  BOOKING_STATES,
  BOOKING_STATE_LABELS,
  BOOKING_STATE_NAMES,
  BOOKED_STATES,
  confirmedToCustomer,
  customerFact,
  ENDED_STATES,
  FILTERED_STATES,
  holdsSlot,
  HOLDING_STATES,
  REFUSED_STATES,
  RELEASED_STATES,
  RETRYABLE_STATES,
} from '../../../shared/booking/booking-states';
import { LocalBookingState } from '../../../shared/kiosk-data';

describe('the booking state table', () => {
  it('has one row per state of the contract, in its order, and the db column has the same enum', () => {
    expect(BOOKING_STATE_NAMES).toEqual(LocalBookingState.options);
    expect(outbox.state.enumValues).toEqual(Object.keys(BOOKING_STATES));
  });

  it('holds the slot while queued, sending or unknown; has ended once sent, refused, discarded or set aside', () => {
    expect(HOLDING_STATES).toEqual(['queued', 'sending', 'unknown']);
    expect(RELEASED_STATES).toEqual(['sent', 'rejected', 'discarded', 'quarantined']);
    expect(ENDED_STATES).toEqual(['sent', 'rejected', 'discarded', 'quarantined']);
  });

  it.each([
    ['queued', true],
    ['sending', true],
    ['sent', false],
    ['rejected', false],
    ['unknown', true],
    ['discarded', false],
    ['quarantined', false],
  ] as const)('holdsSlot(%s) is %s', (state, holds) => {
    expect(holdsSlot(state)).toBe(holds);
  });

  it('blocks its time as booked once sent, as taken once refused (discarded too), else not', () => {
    expect(BOOKED_STATES).toEqual(['sent']);
    expect(REFUSED_STATES).toEqual(['rejected', 'discarded']);
  });

  it.each([
    ['queued', 'queued'],
    ['sending', 'queued'],
    ['sent', 'booked'],
    ['rejected', 'queued'],
    ['unknown', 'checking'],
    ['discarded', 'queued'],
    ['quarantined', 'queued'],
  ] as const)('tells the customer of a booking just made %s: %s', (state, told) => {
    expect(customerFact(state)).toBe(told);
    // Only a booking the customer was told is made keeps no follow-up.
    expect(confirmedToCustomer(state)).toBe(told === 'booked');
  });

  it('asks for staff while not sent yet, refused, unclear or unreadable', () => {
    expect([...ATTENTION_STATES]).toEqual([
      'queued',
      'sending',
      'rejected',
      'unknown',
      'quarantined',
    ]);
  });

  it('gives every state but sending a filter of its own', () => {
    expect(FILTERED_STATES).toEqual([
      'queued',
      'sent',
      'rejected',
      'unknown',
      'discarded',
      'quarantined',
    ]);
  });

  it('offers Retry and Discard where both may act (a stuck send too, the core refuses one in flight)', () => {
    expect([...RETRYABLE_STATES]).toEqual(['queued', 'sending', 'rejected', 'unknown']);
  });

  it.each([
    ['queued', 'send', 'discard'],
    ['sending', 'whenStuck', 'whenStuck'],
    ['sent', 'unchanged', 'never'],
    ['rejected', 'send', 'discard'],
    ['unknown', 'send', 'discard'],
    ['discarded', 'send', 'unchanged'],
    ['quarantined', 'unreadable', 'unreadable'],
  ] as const)('staff retry a %s booking: %s; discard it: %s', (state, retry, discard) => {
    expect(BOOKING_STATES[state]).toMatchObject({ retry, discard });
  });

  it.each([
    ['queued', 'queued'],
    ['sending', 'queued'],
    ['sent', null],
    ['rejected', 'refused'],
    ['unknown', 'unknown'],
    ['discarded', null],
    ['quarantined', 'unknown'],
  ] as const)('monitoring counts a %s booking as %s', (state, group) => {
    expect(BOOKING_STATES[state].metrics).toBe(group);
    if (group !== null) expect(BOOKING_GROUPS).toContain(group);
  });

  it('names each state by its key under outbox.states', () => {
    for (const state of BOOKING_STATE_NAMES)
      expect(BOOKING_STATE_LABELS[state]).toBe(`outbox.states.${state}`);
  });
});
