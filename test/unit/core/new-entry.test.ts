/**
 * A booking's first outbox entry (booking/booking.ts `newEntry`): what an online booking (written
 * `sending`, its first attempt begun) and a queued one start with, and what a visit's part keeps.
 */
import { describe, expect, it } from 'vitest';
import { newEntry } from '../../../electron/core/booking/booking';
import { systemTimers, type Clock } from '../../../electron/core/platform/clock';
import { outboxEntry } from '../../support/core/outbox-entry';

/** The tests' one booking request (the outbox fixture's). */
const { request } = outboxEntry({ localId: 'fixture' });

/** Wall time and monotonic time apart, so that each field shows which one it took. */
const clock: Clock = { ...systemTimers, now: () => 1_800_000_000_000, monotonic: () => 42_000 };

describe('a new outbox entry', () => {
  it('sent at once: written sending with its first attempt begun now', () => {
    const entry = newEntry(request, 45, clock, 'sending', 'de');
    expect(entry).toMatchObject({
      request,
      hold: { employeeId: 'emp', date: '2026-11-24', time: '10:00', durationMinutes: 45 },
      state: 'sending',
      attempts: 1,
      firstAttemptAt: 1_800_000_000_000,
      nextAttemptAt: 42_000, // monotonic: a wall-clock jump moves no retry
      createdAt: 1_800_000_000_000,
      updatedAt: 1_800_000_000_000,
      lastError: null,
      booking: null,
      responseLost: false,
      erasedAt: null,
      language: 'de', // sent with it (Accept-Language), after a restart too
    });
    expect(entry.idempotencyKey).toMatch(/^fd-[0-9a-f-]{36}$/);
    expect('visitId' in entry).toBe(false);
  });

  it('queued: no attempt yet, so its time budget has not started', () => {
    const entry = newEntry(request, 45, clock, 'queued', 'de');
    expect(entry).toMatchObject({ state: 'queued', attempts: 0, firstAttemptAt: null });
  });

  it('a visit’s part keeps its visit; every entry has its own id and key', () => {
    const a = newEntry(request, 45, clock, 'queued', 'de', 'visit-1');
    const b = newEntry(request, 45, clock, 'queued', 'de', 'visit-1');
    expect(a.visitId).toBe('visit-1');
    expect(a.localId).not.toBe(b.localId);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
  });
});
