/**
 * The outbox state machine (transitions.ts), verdict by verdict: the patch, the job result
 * (done | retry(afterMs) | failed) and whether the queue pauses; the time budget's edge.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';
import {
  applyVerdict,
  DEFAULT_REPLAY_POLICY,
  LOST_AND_TAKEN,
  recoverInterrupted,
  TAKEN_ONCE,
  TAKEN_PAUSE_MS,
  startAttempt,
} from '../../../electron/core/outbox/transitions';
import { SLOT_TAKEN_REFUSAL } from '../../../shared/kiosk-data';
import type { BookingResponse } from '../../../shared/api/schemas';
import { outboxEntry } from '../../support/core/outbox-entry';

const NOW = 1_000_000;
const booking = { bookingId: 'b-1' } as BookingResponse;
const error = { status: 503, message: 'busy' };
const entry = (overrides: Partial<OutboxEntry> = {}) =>
  outboxEntry({ localId: 'a', attempts: 3, firstAttemptAt: NOW - 1_000, ...overrides });

describe('startAttempt', () => {
  it('counts the attempt and keeps the first attempt time, or starts it', () => {
    expect(startAttempt(entry(), NOW)).toEqual({
      state: 'sending',
      attempts: 4,
      firstAttemptAt: NOW - 1_000,
      updatedAt: NOW,
    });
    expect(startAttempt(entry({ firstAttemptAt: null }), NOW)).toMatchObject({
      firstAttemptAt: NOW,
    });
  });
});

describe('applyVerdict', () => {
  it('sent: done, the booking kept, the error cleared', () => {
    expect(applyVerdict(entry({ lastError: error }), { kind: 'sent', booking }, NOW, 0.5)).toEqual({
      patch: { state: 'sent', booking, lastError: null, updatedAt: NOW },
      result: { kind: 'done' },
      pause: null,
    });
  });

  it('refused: failed as rejected, a taken one with the one taken message; a possibly taken one after a lost answer is sent again after a pause, the second goes to staff', () => {
    const refused = {
      kind: 'refused',
      status: 409,
      taken: 'yes',
      error: { status: 409, message: 'taken' },
    } as const;
    // Taken, however the API said it: staff and the customer's e-mail read one message.
    expect(applyVerdict(entry(), refused, NOW, 0.5)).toEqual({
      patch: {
        state: 'rejected',
        lastError: { status: 409, message: SLOT_TAKEN_REFUSAL },
        updatedAt: NOW,
      },
      result: { kind: 'failed' },
      pause: null,
    });
    const notTaken = { ...refused, status: 404, taken: 'no' } as const;
    expect(applyVerdict(entry(), notTaken, NOW, 0.5).patch).toEqual({
      state: 'rejected',
      lastError: refused.error,
      updatedAt: NOW,
    });
    // Its day's list said free: our lost first request did not book it.
    expect(applyVerdict(entry({ responseLost: true }), notTaken, NOW, 0.5).patch.state).toBe(
      'rejected',
    );
    const at = { now: NOW, mono: 500, appointmentPassed: false };
    for (const [status, taken] of [
      [400, 'ask'],
      [404, 'yes'],
      [409, 'yes'],
      [422, 'ask'],
    ] as const) {
      const first = applyVerdict(
        entry({ responseLost: true }),
        { ...refused, status, taken },
        at,
        0.5,
      );
      expect(first).toEqual({
        patch: {
          state: 'queued',
          lastError: { status, message: TAKEN_ONCE },
          nextAttemptAt: 500 + TAKEN_PAUSE_MS,
          updatedAt: NOW,
        },
        result: { kind: 'retry', afterMs: TAKEN_PAUSE_MS },
        pause: null,
      });
      const second = applyVerdict(
        entry({ responseLost: true, lastError: first.patch.lastError ?? null }),
        { ...refused, status, taken },
        at,
        0.5,
      );
      expect(second).toEqual({
        patch: { state: 'unknown', lastError: { status, message: LOST_AND_TAKEN }, updatedAt: NOW },
        result: { kind: 'failed' },
        pause: null,
      });
    }
    // The pause is the policy's.
    expect(
      applyVerdict(entry({ responseLost: true }), refused, at, 0.5, {
        ...DEFAULT_REPLAY_POLICY,
        takenPauseMs: 7,
      }).patch.nextAttemptAt,
    ).toBe(507);
    // An upstream not trusted to keep keys, or an appointment that passed: staff at once.
    expect(
      applyVerdict(entry({ responseLost: true }), refused, { ...at, upstreamKeepsKeys: false }, 0.5)
        .patch.state,
    ).toBe('unknown');
    expect(
      applyVerdict(entry({ responseLost: true }), refused, { ...at, appointmentPassed: true }, 0.5)
        .patch.state,
    ).toBe('unknown');
    expect(
      applyVerdict(
        entry({ responseLost: true }),
        { ...refused, status: 410, taken: 'no' },
        NOW,
        0.5,
      ).patch.state,
    ).toBe('rejected');
  });

  it('retry: queued after the backoff, a lost answer remembered', () => {
    const afterMs = 3_000; // the third step, 4 s, less a quarter: random 0.5 of its half
    expect(applyVerdict(entry(), { kind: 'retry', responseLost: true, error }, NOW, 0.5)).toEqual({
      patch: {
        state: 'queued',
        responseLost: true,
        lastError: error,
        nextAttemptAt: NOW + afterMs,
        updatedAt: NOW,
      },
      result: { kind: 'retry', afterMs },
      pause: null,
    });
    expect(
      applyVerdict(
        entry({ responseLost: true }),
        { kind: 'retry', responseLost: false, error },
        NOW,
        0.5,
      ).patch.responseLost,
    ).toBe(true);
  });

  it('no time budget: a booking waiting days for the API stays queued; it ends only when its appointment passed', () => {
    const verdict = { kind: 'retry', responseLost: false, error } as const;
    const weekAgo = NOW - 7 * 86_400_000;
    expect(
      applyVerdict(entry({ firstAttemptAt: weekAgo, attempts: 500 }), verdict, NOW, 0.5).patch
        .state,
    ).toBe('queued');
    const passed = { now: NOW, mono: 5, appointmentPassed: true };
    expect(applyVerdict(entry({ firstAttemptAt: weekAgo }), verdict, passed, 0.5)).toEqual({
      patch: {
        state: 'rejected',
        responseLost: false,
        // What staff read: why it ended unsent, and the API's last answer.
        lastError: {
          status: 503,
          message: 'the appointment time passed while the booking waited: busy',
        },
        updatedAt: NOW,
      },
      result: { kind: 'failed' },
      pause: null,
    });
    // A lost answer may be a booking on the API: staff check it by hand.
    expect(applyVerdict(entry({ responseLost: true }), verdict, passed, 0.5).patch.state).toBe(
      'unknown',
    );
  });

  it('nextAttemptAt is written in monotonic time; updatedAt in wall time', () => {
    const verdict = { kind: 'retry', responseLost: false, error } as const;
    const at = { now: NOW, mono: 1_000, appointmentPassed: false };
    const { patch, result } = applyVerdict(entry({ attempts: 1 }), verdict, at, 0.5);
    if (result.kind !== 'retry') throw new Error('expected a retry');
    expect(patch).toMatchObject({ nextAttemptAt: 1_000 + result.afterMs, updatedAt: NOW });
    const wait = applyVerdict(entry(), { kind: 'wait', afterMs: 7_000, error }, at, 0.5);
    expect(wait.patch.nextAttemptAt).toBe(8_000);
  });

  it('auth: waits due now, the attempt not counted, and pauses the queue', () => {
    const auth = { kind: 'auth', error: { status: 401, message: 'key' } } as const;
    expect(applyVerdict(entry(), auth, NOW, 0.5)).toEqual({
      patch: {
        state: 'queued',
        attempts: 2,
        lastError: auth.error,
        nextAttemptAt: NOW,
        updatedAt: NOW,
      },
      result: { kind: 'retry', afterMs: 0 },
      pause: auth.error,
    });
    expect(applyVerdict(entry({ attempts: 0 }), auth, NOW, 0.5).patch.attempts).toBe(0);
  });

  it('wait (429): after the given time, the attempt not counted', () => {
    const wait = {
      kind: 'wait',
      afterMs: 7_000,
      error: { status: 429, message: 'slow down' },
    } as const;
    expect(applyVerdict(entry(), wait, NOW, 0.5)).toEqual({
      patch: {
        state: 'queued',
        attempts: 2,
        lastError: wait.error,
        nextAttemptAt: NOW + 7_000,
        updatedAt: NOW,
      },
      result: { kind: 'retry', afterMs: 7_000 },
      pause: null,
    });
    expect(applyVerdict(entry({ attempts: 0 }), wait, NOW, 0.5).patch.attempts).toBe(0);
  });

  it('unknown (a lost answer whose time is no longer free): failed as unknown, for staff to check', () => {
    const unknown = {
      kind: 'unknown',
      error: { status: null, message: 'lost, time taken' },
    } as const;
    expect(applyVerdict(entry(), unknown, NOW, 0.5)).toEqual({
      patch: { state: 'unknown', responseLost: true, lastError: unknown.error, updatedAt: NOW },
      result: { kind: 'failed' },
      pause: null,
    });
  });
});

describe('recoverInterrupted', () => {
  it('requeues now as a lost answer', () => {
    expect(recoverInterrupted(entry({ state: 'sending' }), NOW)).toEqual({
      state: 'queued',
      responseLost: true,
      nextAttemptAt: NOW,
      updatedAt: NOW,
    });
  });
});

describe('the replay backoff (REPLAY_BACKOFF, "equal jitter")', () => {
  const retryAfter = (attempts: number, random: number, policy = DEFAULT_REPLAY_POLICY) => {
    const verdict = { kind: 'retry', responseLost: false, error } as const;
    const { result } = applyVerdict(entry({ attempts }), verdict, NOW, random, policy);
    return result.kind === 'retry' ? result.afterMs : null;
  };

  it('grows exponentially with jitter between half and the whole step, capped', () => {
    expect(retryAfter(1, 0)).toBe(1_000);
    expect(retryAfter(1, 1)).toBe(500);
    expect(retryAfter(3, 1)).toBe(2_000);
    expect(retryAfter(50, 0)).toBe(300_000);
    // A shorter policy (tests) keeps the equal jitter.
    expect(retryAfter(2, 1, { backoff: { baseMs: 100, capMs: 1_000 } })).toBe(100);
  });

  it('stays within [step/2, step] for any attempt and random value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (attempt, random) => {
          const step = Math.min(300_000, 1000 * 2 ** Math.min(attempt - 1, 30));
          const ms = retryAfter(attempt, random);
          expect(ms).toBeGreaterThanOrEqual(Math.floor(step / 2));
          expect(ms).toBeLessThanOrEqual(step);
        },
      ),
    );
  });
});
