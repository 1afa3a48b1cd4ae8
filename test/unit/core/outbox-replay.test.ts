/**
 * The outbox state machine with the in-memory store and a scripted upstream (a test double
 * implementing UpstreamClient): retries, lost answers, 409 after a lost vs a clean answer,
 * pauses, 429 waits, the time budget and recovery of entries left in `sending`.
 */
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../electron/core/platform/clock';
import { RateGovernor } from '../../../electron/core/governor/rate-governor';
import { silentLogger } from '../../../electron/core/platform/log';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';
import { createSendPath } from '../../../electron/core/outbox/send';
import { createReplayer } from '../../../electron/core/outbox/replayer';
import { createMemoryOutboxStore } from '../../../electron/core/outbox/store';
import { applyVerdict, TAKEN_ONCE } from '../../../electron/core/outbox/transitions';
import type { UpstreamClient } from '../../../electron/core/upstream/client';
import type { UpstreamOutcome } from '../../../electron/core/upstream/outcome';
import type { BookingResponse } from '../../../shared/api/schemas';
import { outboxEntry } from '../../support/core/outbox-entry';
import { upstreamDouble } from '../../support/core/upstream-double';

const response = { bookingId: 'remote-1' } as BookingResponse;
const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };

const entry = (overrides: Partial<OutboxEntry> = {}): OutboxEntry =>
  outboxEntry({ localId: 'l1', idempotencyKey: 'key-1', ...overrides });

function manualClock(start = 1_000_000): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    setTimeout: () => ({}),
    clearTimeout: () => undefined,
    advance(ms) {
      now += ms;
    },
  };
}

function scriptedClient(
  outcomes: UpstreamOutcome<BookingResponse>[],
  keys: string[],
): UpstreamClient {
  return upstreamDouble({
    // The send path's pre-check before a lost answer is sent again: the slot is still free.
    getTimeSlots: (query) =>
      Promise.resolve({
        kind: 'ok',
        status: 200,
        meta,
        data: {
          date: query.date,
          timeSlots: [
            { time: entry().request.time, available: true, employeeId: query.employeeId },
          ],
        },
      }),
    book(_body, key) {
      keys.push(key);
      const next = outcomes.shift();
      return next ? Promise.resolve(next) : Promise.reject(new Error('no more outcomes'));
    },
  });
}

function setup(outcomes: UpstreamOutcome<BookingResponse>[], first: Partial<OutboxEntry> = {}) {
  const clock = manualClock();
  const store = createMemoryOutboxStore();
  store.insert(entry({ nextAttemptAt: clock.now(), ...first }));
  const keys: string[] = [];
  const pauses: unknown[] = [];
  const client = scriptedClient(outcomes, keys);
  const replayer = createReplayer({
    store,
    send: createSendPath({ store, client: () => client, clock, random: () => 0.5 }),
    governor: () => new RateGovernor(),
    clock,
    onChange: () => undefined,
    onPause: (e) => pauses.push(e),
    log: silentLogger,
  });
  /** Runs once, then moves the clock to the next attempt. */
  const round = async () => {
    await replayer.runOnce();
    const due = store.nextDueAt();
    if (due !== null) clock.advance(Math.max(0, due - clock.now()));
  };
  return { clock, store, keys, pauses, replayer, round, get: () => store.get('l1') };
}

const http = (status: number): UpstreamOutcome<BookingResponse> => ({
  kind: 'http',
  status,
  message: `HTTP ${status}`,
  meta,
});
const ok: UpstreamOutcome<BookingResponse> = { kind: 'ok', status: 201, data: response, meta };
const lost: UpstreamOutcome<BookingResponse> = {
  kind: 'network',
  reason: 'reset',
  message: 'reset',
};
const refused: UpstreamOutcome<BookingResponse> = {
  kind: 'network',
  reason: 'connect',
  message: 'refused',
};

describe('outbox replay', () => {
  it('retries network failures and 5xx with the same key until sent', async () => {
    const t = setup([refused, http(503), lost, ok]);
    for (let i = 0; i < 4; i += 1) await t.round();
    expect(t.get()).toMatchObject({
      state: 'sent',
      attempts: 4,
      booking: response,
      lastError: null,
    });
    expect(new Set(t.keys)).toEqual(new Set(['key-1']));
  });

  it('backs off exponentially between attempts', async () => {
    const t = setup([http(500), http(500), http(500)]);
    const gaps: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const before = t.clock.now();
      await t.replayer.runOnce();
      gaps.push((t.get()?.nextAttemptAt ?? 0) - before);
      t.clock.advance(gaps.at(-1) ?? 0);
    }
    expect(gaps).toEqual([750, 1500, 3000]);
  });

  it.each([400, 404, 409, 422])('ends a clean %i as rejected, not retried', async (status) => {
    const t = setup([http(status), ok]);
    await t.round();
    await t.round();
    expect(t.get()).toMatchObject({ state: 'rejected', attempts: 1, lastError: { status } });
    expect(t.keys).toHaveLength(1);
  });

  it('a 409 after a lost answer is sent again after a pause; a second 409 ends as unknown (staff must check)', async () => {
    const t = setup([lost, http(409), http(409)]);
    await t.round();
    expect(t.get()).toMatchObject({ state: 'queued', responseLost: true });
    await t.round();
    expect(t.get()).toMatchObject({ state: 'queued', lastError: { message: TAKEN_ONCE } });
    await t.round();
    expect(t.get()).toMatchObject({ state: 'unknown', attempts: 3 });
    expect(new Set(t.keys)).toEqual(new Set(['key-1'])); // always under its own key
  });

  it('a 409 after a lost answer, then the first booking replayed under the key: sent, no staff', async () => {
    const t = setup([lost, http(409), ok]);
    for (let i = 0; i < 3; i += 1) await t.round();
    expect(t.get()).toMatchObject({ state: 'sent', attempts: 3 });
  });

  it('a 409 after a clean 5xx ends as rejected', async () => {
    const t = setup([http(500), http(409)]);
    await t.round();
    await t.round();
    expect(t.get()?.state).toBe('rejected');
  });

  it('401/403 pause the queue without spending an attempt', async () => {
    const t = setup([http(401), ok]);
    await t.round();
    expect(t.get()).toMatchObject({ state: 'queued', attempts: 0 });
    expect(t.pauses).toHaveLength(1);
    expect(t.replayer.paused).toBe(true);
    await t.round();
    expect(t.keys).toHaveLength(1); // paused: nothing sent
    t.replayer.resume();
    await t.round();
    expect(t.get()?.state).toBe('sent');
  });

  it('a 429 waits retryAfter', async () => {
    const t = setup([{ kind: 'rateLimited', retryAfterMs: 7_000, meta: null }, ok]);
    const before = t.clock.now();
    await t.replayer.runOnce();
    expect(t.get()).toMatchObject({ state: 'queued', nextAttemptAt: before + 7_000, attempts: 0 });
  });

  it('never gives up for time spent: only a passed appointment ends it (rejected, or unknown after a lost answer)', () => {
    const retry = {
      kind: 'retry',
      responseLost: false,
      error: { status: 503, message: 'x' },
    } as const;
    const late = 30 * 86_400_000;
    expect(
      applyVerdict(entry({ attempts: 30, firstAttemptAt: 0 }), retry, late, 0.5).patch.state,
    ).toBe('queued');
    const passed = { now: late, mono: late, appointmentPassed: true };
    const clean = applyVerdict(entry({ attempts: 30, firstAttemptAt: 0 }), retry, passed, 0.5);
    expect(clean.patch.state).toBe('rejected');
    expect(clean.result).toEqual({ kind: 'failed' });
    const wasLost = applyVerdict(
      entry({ attempts: 30, firstAttemptAt: 0, responseLost: true }),
      retry,
      passed,
      0.5,
    );
    expect(wasLost.patch.state).toBe('unknown');
  });

  it('an entry left in sending by a dead process is retried with the same key as a lost answer', async () => {
    const t = setup([http(409), http(409)], { state: 'sending', attempts: 1, firstAttemptAt: 0 });
    expect(t.replayer.recover()).toBe(1);
    expect(t.get()).toMatchObject({ state: 'queued', responseLost: true });
    await t.round();
    await t.round();
    expect(t.keys).toEqual(['key-1', 'key-1']);
    expect(t.get()?.state).toBe('unknown');
  });
});

describe('memory outbox store', () => {
  it('refuses a second entry whose hold check fails, atomically with the check', () => {
    const store = createMemoryOutboxStore();
    const free = (e: OutboxEntry) => (holding: OutboxEntry[]) =>
      !holding.some((h) => h.hold.time === e.hold.time);
    const a = entry({ localId: 'a', idempotencyKey: 'ka' });
    const b = entry({ localId: 'b', idempotencyKey: 'kb' });
    expect(store.insertIfFree(a, free(a))).toBe(true);
    expect(store.insertIfFree(b, free(b))).toBe(false);
    expect(store.list().map((e) => e.localId)).toEqual(['a']);
  });
});

describe('waking the queue', () => {
  it('makes entries waiting out a backoff due now, and leaves the rest alone', () => {
    const store = createMemoryOutboxStore();
    store.insert(entry({ localId: 'a', idempotencyKey: 'ka', nextAttemptAt: 5_000, createdAt: 2 }));
    store.insert(
      entry({ localId: 'b', idempotencyKey: 'kb', nextAttemptAt: 50, state: 'rejected' }),
    );
    store.insert(entry({ localId: 'c', idempotencyKey: 'kc', nextAttemptAt: 10, createdAt: 1 }));
    expect(store.wakeAll(100)).toBe(1);
    expect(store.due(100, 10).map((e) => e.localId)).toEqual(['c', 'a']); // in the order taken
    expect(store.get('b')?.nextAttemptAt).toBe(50);
  });
});
