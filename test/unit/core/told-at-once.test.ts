/**
 * What a verdict does to an entry the customer waits for at the screen (transitions.ts,
 * `Waiting`): a refusal is told at once (no follow-up: `toldAtOnce`), a lone booking's entry is
 * forgotten and a visit's part kept; with no answer the cache decides whether it is queued, as
 * for an offline booking. Everything else is what the replay does.
 */
import { describe, expect, it } from 'vitest';
import {
  applyVerdict,
  type CacheRefusal,
  type Moment,
  type Waiting,
} from '../../../electron/core/outbox/transitions';
import type { BookingVerdict } from '../../../electron/core/upstream/outcome';
import type { BookingResponse } from '../../../shared/api/schemas';
import { SLOT_TAKEN_REFUSAL } from '../../../shared/kiosk-data';
import { outboxEntry } from '../../support/core/outbox-entry';

const NOW = 1_000_000;
const sending = outboxEntry({ localId: 'a', state: 'sending', attempts: 1, firstAttemptAt: NOW });
const PAST: CacheRefusal = { reason: 'invalid_input', message: 'this time has passed' };
const NOT_FREE: CacheRefusal = { reason: 'slot_taken', message: 'this slot is not free' };
const network = { status: null, message: 'network: timeout' };

function waiting(over: Partial<Waiting> = {}): Waiting & { asked: () => number } {
  let asked = 0;
  const slotNotFree = over.slotNotFree ?? (() => null);
  return {
    keepRefused: false,
    invalid: null,
    ...over,
    slotNotFree: () => {
      asked += 1;
      return slotNotFree();
    },
    asked: () => asked,
  };
}

const at = (w?: Waiting): Moment => ({
  now: NOW,
  mono: NOW,
  appointmentPassed: false,
  ...(w ? { waiting: w } : {}),
});
const apply = (verdict: BookingVerdict, w?: Waiting) => applyVerdict(sending, verdict, at(w), 0.5);

const verdicts: Record<string, BookingVerdict> = {
  lost: { kind: 'retry', responseLost: true, error: network },
  notSent: {
    kind: 'retry',
    responseLost: false,
    error: { status: null, message: 'network: connect' },
  },
  auth: { kind: 'auth', error: { status: 401, message: 'no' } },
  wait: { kind: 'wait', afterMs: 3_000, error: { status: 429, message: 'rate limited' } },
  unknown: { kind: 'unknown', error: network },
};

describe('a refusal the customer waits for', () => {
  const taken = {
    kind: 'refused',
    status: 409,
    taken: 'yes',
    error: { status: 409, message: 'Slot taken' },
  } as const;

  it('is told at once: no follow-up is due, a lone booking is forgotten, with the one taken message', () => {
    expect(apply(taken, waiting())).toEqual({
      patch: {
        state: 'rejected',
        lastError: { status: 409, message: SLOT_TAKEN_REFUSAL },
        updatedAt: NOW,
        toldAtOnce: true,
      },
      result: { kind: 'failed' },
      pause: null,
      told: { reason: 'slot_taken', forget: true },
    });
  });

  it("a part of a visit stays rejected beside the others; its reason is the table's", () => {
    const gone = {
      kind: 'refused',
      status: 404,
      taken: 'no',
      error: { status: 404, message: 'Service not found' },
    } as const;
    expect(apply(gone, waiting({ keepRefused: true }))).toMatchObject({
      patch: { state: 'rejected', lastError: gone.error, toldAtOnce: true },
      told: { reason: 'not_found', forget: false },
    });
  });

  it('the same refusal on replay: rejected, not told (the follow-up store hook opens one)', () => {
    const replayed = apply(taken);
    expect(replayed.patch).toEqual({
      state: 'rejected',
      lastError: { status: 409, message: SLOT_TAKEN_REFUSAL },
      updatedAt: NOW,
    });
    expect(replayed.told).toBeUndefined();
  });
});

describe('no answer while the customer waits', () => {
  it('queued as on replay when the cache has nothing against it', () => {
    for (const verdict of Object.values(verdicts)) {
      const w = waiting();
      expect(apply(verdict, w)).toEqual(apply(verdict));
    }
  });

  it('forgotten when the cache says its slot is not free; the customer hears the cache', () => {
    for (const name of ['notSent', 'auth', 'wait', 'unknown']) {
      const verdict = verdicts[name] as BookingVerdict;
      const w = waiting({ slotNotFree: () => NOT_FREE });
      expect(apply(verdict, w)).toEqual({
        patch: {
          state: 'rejected',
          lastError: { status: null, message: NOT_FREE.message },
          updatedAt: NOW,
          toldAtOnce: true,
        },
        result: { kind: 'failed' },
        // The key refused: the queue pauses all the same.
        pause: verdict.kind === 'auth' ? verdict.error : null,
        told: { reason: 'slot_taken', forget: true },
      });
      expect(w.asked()).toBe(1);
    }
  });

  it('a lost answer may be a booking: queued (told unknown) without asking the cached day, unless the request is invalid', () => {
    const w = waiting({ slotNotFree: () => NOT_FREE });
    expect(apply(verdicts.lost as BookingVerdict, w)).toEqual(
      apply(verdicts.lost as BookingVerdict),
    );
    expect(w.asked()).toBe(0);
    const invalid = waiting({ invalid: PAST });
    expect(apply(verdicts.lost as BookingVerdict, invalid)).toMatchObject({
      patch: { state: 'rejected', lastError: { status: null, message: PAST.message } },
      told: { reason: 'invalid_input', forget: true },
    });
    expect(invalid.asked()).toBe(0);
  });

  it('an answer is what it is on replay', () => {
    const booking = { bookingId: 'b-1' } as BookingResponse;
    const w = waiting({ invalid: PAST, slotNotFree: () => NOT_FREE });
    expect(apply({ kind: 'sent', booking }, w)).toEqual(apply({ kind: 'sent', booking }));
    expect(w.asked()).toBe(0);
  });
});
