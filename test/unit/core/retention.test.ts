/**
 * Retention with the in-memory outbox store and a clock the test moves: ended bookings lose
 * their customer's data after retentionDays from when they ended, unfinished ones never do.
 */
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../electron/core/platform/clock';
import { createLogger } from '../../../electron/core/platform/log';
import { ERASED_CUSTOMER, type OutboxEntry } from '../../../electron/core/outbox/entry';
import { createRetention } from '../../../electron/core/outbox/retention';
import { createMemoryOutboxStore } from '../../../electron/core/outbox/store';
import {
  BookingRequestSchema,
  BookingResponseSchema,
  type BookingResponse,
} from '../../../shared/api/schemas';
import type { LocalBookingState } from '../../../shared/kiosk-api';
import { outboxEntry } from '../../support/core/outbox-entry';

const DAY = 86_400_000;
const START = Date.parse('2026-11-23T09:00:00Z');

function manualClock(): Clock & { advance(ms: number): void } {
  let now = START;
  return {
    now: () => now,
    setTimeout: () => ({}),
    clearTimeout: () => undefined,
    advance: (ms) => void (now += ms),
  };
}

const booking: BookingResponse = {
  bookingId: 'b-1',
  appointmentNumber: 'A-000123',
  service: { title: 'Cut', duration: 45 },
  employee: { name: 'Anna', email: 'anna@salon.example' },
  appointment: { date: '2026-11-24', time: '10:00', endTime: '10:45' },
  customer: { name: 'Erika Muster', email: 'erika@example.com', customerNumber: 'C-00042' },
  status: 'pending',
  emailSent: false,
};

function entry(localId: string, state: LocalBookingState, updatedAt: number): OutboxEntry {
  return outboxEntry({
    localId,
    request: {
      serviceId: 'svc',
      employeeId: 'emp',
      date: '2026-11-24',
      time: '10:00',
      customer: { name: 'Erika Muster', email: 'erika@example.com', phone: '+49 30 1234' },
      notes: 'allergic to latex',
    },
    hold: { employeeId: 'emp', date: '2026-11-24', time: '10:00', durationMinutes: 45 },
    state,
    attempts: 1,
    booking: state === 'sent' ? booking : null,
    createdAt: START,
    updatedAt,
  });
}

function setup(retentionDays?: number) {
  const clock = manualClock();
  const store = createMemoryOutboxStore();
  const lines: string[] = [];
  let purges = 0;
  const retention = createRetention({
    store,
    clock,
    retentionDays,
    log: createLogger('retention', { level: 'info', sink: (line) => lines.push(line) }),
    afterErase: () => void (purges += 1),
  });
  return { clock, store, retention, lines, purges: () => purges };
}

describe('retention', () => {
  it('erases ended bookings 14 days after they ended and keeps their record', () => {
    const { clock, store, retention, lines, purges } = setup();
    store.insert(entry('sent', 'sent', START));
    store.insert(entry('rejected', 'rejected', START));
    store.insert(entry('discarded', 'discarded', START + DAY)); // ended a day later
    clock.advance(14 * DAY - 1);
    expect(retention.run()).toBe(0);
    clock.advance(1);
    expect(retention.run()).toBe(2);
    expect(store.get('discarded')?.erasedAt).toBeNull();
    clock.advance(DAY);
    expect(retention.run()).toBe(1);
    expect(retention.run()).toBe(0); // once each
    expect(purges()).toBe(2);

    const sent = store.get('sent');
    expect(sent?.erasedAt).toBe(START + 14 * DAY);
    expect(sent?.request.customer).toEqual(ERASED_CUSTOMER);
    expect(sent?.request.notes).toBeUndefined();
    expect(sent?.booking?.customer).toEqual({
      name: 'erased',
      email: 'erased@erased.invalid',
      customerNumber: '',
    });
    // What stays: reference, times, service, employee, appointment number; still valid shapes.
    expect(sent).toMatchObject({
      localId: 'sent',
      updatedAt: START,
      hold: { date: '2026-11-24', time: '10:00' },
    });
    expect(sent?.request).toMatchObject({
      serviceId: 'svc',
      employeeId: 'emp',
      date: '2026-11-24',
      time: '10:00',
    });
    expect(sent?.booking?.appointmentNumber).toBe('A-000123');
    expect(BookingRequestSchema.parse(sent?.request)).toBeTruthy();
    expect(BookingResponseSchema.parse(sent?.booking)).toBeTruthy();
    // The log says how many, never whose.
    expect(lines.join('\n')).toContain('"count":2');
    expect(lines.join('\n')).not.toMatch(/Erika|erika@|latex/);
  });

  it('never erases a booking that has not ended, however old', () => {
    const { clock, store, retention } = setup();
    for (const state of ['queued', 'sending', 'unknown'] as const)
      store.insert(entry(state, state, START));
    clock.advance(365 * DAY);
    expect(retention.run()).toBe(0);
    for (const state of ['queued', 'sending', 'unknown']) {
      expect(store.get(state)?.request.customer.name).toBe('Erika Muster');
      expect(store.get(state)?.erasedAt).toBeNull();
    }
  });

  it('takes its period from retentionDays and refuses a nonsense one', () => {
    const { clock, store, retention } = setup(1);
    store.insert(entry('sent', 'sent', START));
    clock.advance(DAY);
    expect(retention.run()).toBe(1);
    expect(() => setup(0)).toThrow(RangeError);
    expect(() => setup(0)).toThrow('retentionDays must be a whole number >= 1, got 0');
    expect(() => setup(1.5)).toThrow(RangeError);
  });

  it('runs the other stores after the bookings, with the same cutoff, and purges when only they erased', () => {
    const clock = manualClock();
    const store = createMemoryOutboxStore();
    const order: string[] = [];
    let purges = 0;
    const retention = createRetention({
      store: {
        ...store,
        eraseEnded: (...args) => (order.push('bookings'), store.eraseEnded(...args)),
      },
      clock,
      log: createLogger('retention', { level: 'error' }),
      afterErase: () => void (purges += 1),
      others: () => [
        {
          name: 'mails',
          eraseBefore: (cutoff) => (order.push(`mails<${cutoff}`), 3),
        },
      ],
    });
    clock.advance(14 * DAY);
    expect(retention.run()).toBe(0); // no booking to erase, the other store erased 3
    expect(order).toEqual(['bookings', `mails<${START}`]);
    expect(purges).toBe(1);
  });
  it('logs only what it erased: nothing erased is no line; another store by its name and count', () => {
    const clock = manualClock();
    const store = createMemoryOutboxStore();
    const lines: string[] = [];
    let mails = 0;
    const retention = createRetention({
      store,
      clock,
      log: createLogger('retention', { level: 'info', sink: (line) => lines.push(line) }),
      others: () => [{ name: 'mails', eraseBefore: () => mails }],
    });
    clock.advance(14 * DAY);
    expect(retention.run()).toBe(0);
    expect(lines).toEqual([]);
    mails = 3;
    store.insert(entry('sent', 'sent', START));
    expect(retention.run()).toBe(1); // and no afterErase to call: none was given
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('erased the personal data of ended bookings');
    expect(lines[1]).toContain('erased the personal data of customers');
    expect(lines[1]).toContain('"store":"mails"');
    expect(lines[1]).toContain('"count":3');
  });
});
