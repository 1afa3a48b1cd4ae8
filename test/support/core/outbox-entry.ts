/**
 * The one factory of outbox entries (a booking as the outbox keeps it) for tests: a queued
 * booking of `svc` with `emp` on 2026-11-24 at 10:00, never sent. `overrides` replace fields;
 * the hold follows the request's employee, date and time (30 minutes) unless it is given.
 */
import type { OutboxEntry } from '../../../electron/core/outbox/entry';
import type { BookingRequest } from '../../../shared/api/schemas';

const REQUEST: BookingRequest = {
  serviceId: 'svc',
  employeeId: 'emp',
  date: '2026-11-24',
  time: '10:00',
  customer: { name: 'A', email: 'a@example.com', phone: '123' },
};

export function outboxEntry(overrides: Partial<OutboxEntry> & { localId: string }): OutboxEntry {
  const request = overrides.request ?? REQUEST;
  return {
    idempotencyKey: `key-${overrides.localId}`,
    request,
    hold: {
      employeeId: request.employeeId,
      date: request.date,
      time: request.time,
      durationMinutes: 30,
    },
    state: 'queued',
    attempts: 0,
    lastError: null,
    booking: null,
    nextAttemptAt: 0,
    responseLost: false,
    firstAttemptAt: null,
    createdAt: 0,
    updatedAt: 0,
    erasedAt: null,
    rebookedAs: null,
    ...overrides,
  };
}
