/**
 * The one send path (outbox/send.ts) that the online booking and the replayer share: the call
 * each purpose makes, that the outcome is heard before the entry is settled, and what settling
 * writes.
 */
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';
import { createSendPath, type SendPurpose } from '../../../electron/core/outbox/send';
import { createMemoryOutboxStore } from '../../../electron/core/outbox/store';
import type { CallOptions, UpstreamClient } from '../../../electron/core/upstream/client';
import type { UpstreamOutcome } from '../../../electron/core/upstream/outcome';
import type { BookingResponse } from '../../../shared/api/schemas';
import { manualClock } from '../../support/core/manual-clock';

const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };

function entry(): OutboxEntry {
  return {
    localId: 'l1',
    idempotencyKey: 'key-1',
    request: {
      serviceId: 'svc',
      employeeId: 'emp',
      date: '2026-11-24',
      time: '10:00',
      customer: { name: 'C', email: 'c@example.com', phone: '1' },
    },
    hold: { employeeId: 'emp', date: '2026-11-24', time: '10:00', durationMinutes: 30 },
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
  };
}

function rig(outcome: UpstreamOutcome<BookingResponse>) {
  const clock = manualClock(1_000_000);
  const store = createMemoryOutboxStore();
  store.insert(entry());
  const calls: { key: string; call: CallOptions }[] = [];
  const heard: string[] = [];
  const unused = () => Promise.reject(new Error('not used'));
  const client: UpstreamClient = {
    getServices: unused,
    getEmployees: unused,
    getAvailableDays: unused,
    getTimeSlots: unused,
    book(_body, key, call) {
      calls.push({ key, call });
      return Promise.resolve(outcome);
    },
    close: () => Promise.resolve(),
  };
  const send = createSendPath({
    store,
    client: () => client,
    clock,
    random: () => 0.5,
    bookingTimeoutMs: 4_000,
    replayTimeoutMs: 1_500,
    onOutcome: (o, purpose: SendPurpose) =>
      heard.push(`${purpose}:${o.kind}:${store.get('l1')?.state}`),
  });
  return { clock, store, send, calls, heard };
}

describe('send path', () => {
  it('a booking waits up to 2 s for the budget with its own timeout; a replay does not wait', async () => {
    const t = rig({ kind: 'ok', status: 201, data: { bookingId: 'b1' } as BookingResponse, meta });
    const sending = t.send.begin(entry());
    await t.send.attempt(sending, 'booking');
    await t.send.attempt(sending, 'replay');
    expect(t.calls).toEqual([
      { key: 'key-1', call: { priority: 'interactive', maxWaitMs: 2_000, timeoutMs: 4_000 } },
      { key: 'key-1', call: { priority: 'interactive', maxWaitMs: 0, timeoutMs: 1_500 } },
    ]);
  });

  it('begin counts the attempt before the request leaves; the outcome is heard before settling', async () => {
    const t = rig({ kind: 'http', status: 503, message: 'down', meta });
    const sending = t.send.begin(entry());
    expect(sending).toMatchObject({ state: 'sending', attempts: 1, firstAttemptAt: 1_000_000 });
    const { verdict } = await t.send.attempt(sending, 'replay');
    expect(t.heard).toEqual(['replay:http:sending']);
    expect(verdict).toMatchObject({ kind: 'retry', responseLost: false });
    const { next, pause } = t.send.settle(sending, verdict);
    expect(pause).toBeNull();
    // Backoff of attempt 1 with the default policy and random 0.5: 750 ms.
    expect(next).toMatchObject({
      state: 'queued',
      nextAttemptAt: 1_000_750,
      lastError: { status: 503, message: 'down' },
    });
    expect(t.store.get('l1')).toEqual(next);
  });

  it('a refused key settles the entry back into the queue and asks for a pause', async () => {
    const t = rig({ kind: 'http', status: 401, message: 'no', meta });
    const sending = t.send.begin(entry());
    const { verdict } = await t.send.attempt(sending, 'booking');
    const { next, pause } = t.send.settle(sending, verdict);
    expect(pause).toEqual({ status: 401, message: 'no' });
    expect(next).toMatchObject({ state: 'queued', attempts: 0 });
  });
});
