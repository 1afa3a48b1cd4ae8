/**
 * The one send path (outbox/send.ts) that the online booking and the replayer share: the call
 * each purpose makes, that the outcome is heard before the entry is settled, and what settling
 * writes.
 */
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';
import {
  createSendPath,
  LOST_NOT_SENT_AGAIN,
  type CatalogKnowledge,
} from '../../../electron/core/outbox/send';
import { createMemoryOutboxStore } from '../../../electron/core/outbox/store';
import { diskFullError } from '../../../electron/core/platform/disk-full';
import type { CallOptions } from '../../../electron/core/upstream/client';
import type { UpstreamOutcome } from '../../../electron/core/upstream/outcome';
import type { BookingResponse, TimeSlots } from '../../../shared/api/schemas';
import { manualClock } from '../../support/core/manual-clock';
import { upstreamDouble } from '../../support/core/upstream-double';

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

function rig(
  outcome: UpstreamOutcome<BookingResponse>,
  more: {
    first?: Partial<OutboxEntry>;
    slots?: UpstreamOutcome<TimeSlots>;
    book?: () => Promise<UpstreamOutcome<BookingResponse>>;
    appointmentPassed?: () => boolean;
    inCatalog?: CatalogKnowledge;
  } = {},
) {
  const clock = manualClock(1_000_000);
  const store = createMemoryOutboxStore();
  store.insert({ ...entry(), ...more.first });
  const lookups: string[] = [];
  const calls: { key: string; call: CallOptions }[] = [];
  const heard: string[] = [];
  const client = upstreamDouble({
    getTimeSlots(query) {
      lookups.push(`${query.date} ${query.serviceId} ${query.employeeId}`);
      return more.slots ? Promise.resolve(more.slots) : Promise.reject(new Error('no slots given'));
    },
    book(_body, key, call) {
      calls.push({ key, call });
      return more.book ? more.book() : Promise.resolve(outcome);
    },
  });
  const send = createSendPath({
    store,
    client: () => client,
    clock,
    random: () => 0.5,
    bookingTimeoutMs: 4_000,
    replayTimeoutMs: 1_500,
    events: {
      emit: (_type, payload) => {
        if ('outcome' in payload)
          heard.push(`${payload.purpose.kind}:${payload.outcome.kind}:${store.get('l1')?.state}`);
        else heard.push(`keyHonoured:${payload.localId}`);
      },
    },
    ...(more.appointmentPassed ? { appointmentPassed: more.appointmentPassed } : {}),
    lookupTimeoutMs: 900,
    inCatalog: () => more.inCatalog ?? 'listed',
  });
  return { clock, store, send, calls, heard, lookups };
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
  const booked: UpstreamOutcome<BookingResponse> = {
    kind: 'ok',
    status: 201,
    data: { bookingId: 'b1' } as BookingResponse,
    meta,
  };
  const day = (available: boolean, time = '10:00'): UpstreamOutcome<TimeSlots> => ({
    kind: 'ok',
    status: 200,
    data: { date: '2026-11-24', timeSlots: [{ time, available, employeeId: 'emp' }] },
    meta,
  });

  it('a request under way is in flight until its last attempt ends, two at once included', async () => {
    const answers: ((o: UpstreamOutcome<BookingResponse>) => void)[] = [];
    const t = rig(booked, {
      book: () => new Promise((resolve) => answers.push(resolve)),
    });
    const sending = t.send.begin(entry());
    expect(t.send.inFlight('l1')).toBe(false);
    const first = t.send.attempt(sending, 'replay');
    const second = t.send.attempt(sending, 'replay');
    await Promise.resolve();
    expect(answers).toHaveLength(2);
    expect(t.send.inFlight('l1')).toBe(true);
    answers[0]?.(booked);
    await first;
    expect(t.send.inFlight('l1')).toBe(true);
    answers[1]?.(booked);
    await second;
    expect(t.send.inFlight('l1')).toBe(false);
    expect(t.send.inFlight('other')).toBe(false);
  });

  it('a lost answer is checked first: its slot free or taken, it is sent again under its key', async () => {
    for (const slots of [day(true), day(false), day(true, '11:00')]) {
      const t = rig(booked, { first: { responseLost: true }, slots });
      const sending = t.send.begin({ ...entry(), responseLost: true });
      const { verdict, outcome } = await t.send.attempt(sending, 'replay');
      expect(t.lookups).toEqual(['2026-11-24 svc emp']);
      expect(t.calls.map((c) => c.key)).toEqual(['key-1']);
      expect(outcome?.kind).toBe('ok');
      expect(verdict.kind).toBe('sent');
    }
    // Without a lost answer there is no lookup.
    const plain = rig(booked);
    await plain.send.attempt(plain.send.begin(entry()), 'replay');
    expect(plain.lookups).toEqual([]);
  });

  it("a lost answer's check that fails decides as a send would, and nothing is sent", async () => {
    const refused = rig(booked, {
      first: { responseLost: true },
      slots: { kind: 'http', status: 404, message: 'no such service', meta },
    });
    const lookup = await refused.send.attempt(
      refused.send.begin({ ...entry(), responseLost: true }),
      'booking',
    );
    // A refused lookup says nothing about the booking: staff must find out.
    expect(lookup.verdict).toEqual({
      kind: 'unknown',
      error: { status: 404, message: 'no such service' },
    });
    expect(refused.heard).toEqual(['replay:http:sending']);
    expect(refused.calls).toEqual([]);

    const away = rig(booked, {
      first: { responseLost: true },
      slots: { kind: 'network', reason: 'connect', message: 'connect' },
    });
    const down = await away.send.attempt(
      away.send.begin({ ...entry(), responseLost: true }),
      'replay',
    );
    expect(down.verdict.kind).toBe('retry');
    expect(down.outcome?.kind).toBe('network');
    expect(away.calls).toEqual([]);
  });

  it('against an upstream that keeps booked times free, a lost answer goes to staff unsent (issue 30)', async () => {
    const store = createMemoryOutboxStore();
    store.insert({ ...entry(), responseLost: true });
    const asked: string[] = [];
    const client = upstreamDouble({
      getTimeSlots: () => {
        asked.push('slots');
        return Promise.resolve(day(true));
      },
      book: () => {
        asked.push('book');
        return Promise.resolve(booked);
      },
    });
    const send = createSendPath({
      store,
      client: () => client,
      clock: manualClock(0),
      upstreamBlocksBookedTimes: () => false,
    });
    const sending = send.begin({ ...entry(), responseLost: true });
    const { verdict, outcome } = await send.attempt(sending, 'replay');
    expect(outcome).toBeNull();
    expect(verdict).toEqual({
      kind: 'unknown',
      error: { status: null, message: LOST_NOT_SENT_AGAIN },
    });
    expect(asked).toEqual([]);
    expect(send.settle(sending, verdict).next).toMatchObject({
      state: 'unknown',
      responseLost: true,
    });
    // An answer that was not lost (staff retry an `unknown` one they checked) is sent.
    const checked = store.update('l1', { state: 'queued', responseLost: false });
    const plain = await send.attempt(send.begin(checked), 'replay');
    expect(plain.verdict.kind).toBe('sent');
    expect(asked).toEqual(['book']);
  });

  it('a send path nobody listens to (no events) still decides a failed check', async () => {
    const store = createMemoryOutboxStore();
    store.insert({ ...entry(), responseLost: true });
    const client = upstreamDouble({
      getTimeSlots: () =>
        Promise.resolve({ kind: 'network', reason: 'connect', message: 'connect' }),
    });
    const send = createSendPath({ store, client: () => client, clock: manualClock(0) });
    const { verdict } = await send.attempt(
      send.begin({ ...entry(), responseLost: true }),
      'replay',
    );
    expect(verdict.kind).toBe('retry');
  });

  it('a retry whose appointment has passed ends the booking instead of waiting on', async () => {
    const t = rig(
      { kind: 'http', status: 503, message: 'down', meta },
      { appointmentPassed: () => true },
    );
    const sending = t.send.begin(entry());
    const { verdict } = await t.send.attempt(sending, 'replay');
    expect(t.send.settle(sending, verdict).next.state).toBe('rejected');
    const waiting = rig({ kind: 'http', status: 503, message: 'down', meta });
    const again = waiting.send.begin(entry());
    const answer = await waiting.send.attempt(again, 'replay');
    expect(waiting.send.settle(again, answer.verdict).next.state).toBe('queued');
  });

  it("a refusal that may mean taken (404) is settled by the day's list: taken or gone is taken, listed free is not, for both purposes", async () => {
    const notFound: UpstreamOutcome<BookingResponse> = {
      kind: 'http',
      status: 404,
      message: 'Not found',
      meta,
    };
    const cases = [
      [day(false), 'yes'],
      [day(true, '11:00'), 'yes'], // offered, now gone from the list: an API that drops taken times
      [day(true), 'no'],
      [{ kind: 'network', reason: 'timeout', message: 'timeout' }, 'ask'], // nobody knows
    ] as const;
    for (const purpose of ['booking', 'replay'] as const) {
      for (const [slots, taken] of cases) {
        const t = rig(notFound, { slots });
        const { verdict } = await t.send.attempt(t.send.begin(entry()), purpose);
        expect(verdict).toMatchObject({ kind: 'refused', status: 404, taken });
        expect(t.lookups).toEqual(['2026-11-24 svc emp']);
      }
    }
    // Never on the list the customer had (a time off the grid): not taken.
    const offGrid = rig(notFound, { slots: day(true, '11:00') });
    const off = await offGrid.send.attempt(offGrid.send.begin(entry()), 'booking', false);
    expect(off.verdict).toMatchObject({ kind: 'refused', taken: 'no' });
    // Its look at the list: as a lookup for the customer, without waiting on a replay.
    const asked: CallOptions[] = [];
    const store = createMemoryOutboxStore();
    store.insert(entry());
    const client = upstreamDouble({
      getTimeSlots(_query, call) {
        asked.push(call);
        return Promise.resolve(day(false));
      },
      book: () => Promise.resolve(notFound),
    });
    const send = createSendPath({
      store,
      client: () => client,
      clock: manualClock(0),
      lookupTimeoutMs: 900,
      replayTimeoutMs: 1_500,
    });
    await send.attempt(send.begin(entry()), 'booking');
    await send.attempt(send.begin(entry()), 'replay');
    expect(asked).toEqual([
      { priority: 'interactive', maxWaitMs: 2_000, timeoutMs: 900 },
      { priority: 'interactive', maxWaitMs: 0, timeoutMs: 1_500 },
    ]);
  });

  it('a 409 is taken and a 413 is not without a lookup; a service or person the cache lacks is not looked into', async () => {
    for (const [status, taken] of [
      [409, 'yes'],
      [413, 'no'],
    ] as const) {
      const t = rig({ kind: 'http', status, message: 'no', meta });
      const { verdict } = await t.send.attempt(t.send.begin(entry()), 'booking');
      expect(verdict).toMatchObject({ kind: 'refused', taken });
      expect(t.lookups).toEqual([]);
    }
    const gone = rig(
      { kind: 'http', status: 404, message: 'Not found', meta },
      { inCatalog: 'unlisted', slots: day(false) },
    );
    const { verdict } = await gone.send.attempt(gone.send.begin(entry()), 'replay');
    expect(verdict).toMatchObject({ kind: 'refused', taken: 'ask' });
    expect(gone.lookups).toEqual([]);
  });

  it.each(['unknown', 'listed'] as const)(
    'a 404 with the catalog %s (not mirrored yet, or mirrored) is looked into: listed unavailable is taken',
    async (inCatalog) => {
      const t = rig(
        { kind: 'http', status: 404, message: 'Not found', meta },
        { inCatalog, slots: day(false) },
      );
      const { verdict } = await t.send.attempt(t.send.begin(entry()), 'booking');
      expect(verdict).toMatchObject({ kind: 'refused', taken: 'yes' });
      expect(t.lookups).toHaveLength(1);
    },
  );
});

describe('send path: what staff and the queue are left with', () => {
  const answered = (status: number): UpstreamOutcome<BookingResponse> => ({
    kind: 'http',
    status,
    message: `HTTP ${status}`,
    meta,
  });
  /** A 409 the day's list confirmed: taken. */
  const refusal = {
    kind: 'refused',
    status: 409,
    taken: 'yes',
    error: { status: 409, message: 'taken' },
  } as const;
  const dayOf = (available: boolean): UpstreamOutcome<TimeSlots> => ({
    kind: 'ok',
    status: 200,
    data: { date: '2026-11-24', timeSlots: [{ time: '10:00', available, employeeId: 'emp' }] },
    meta,
  });

  it("a lost answer's check refused for our key pauses the queue, and one rate limited waits; nothing is sent", async () => {
    const keyRefused = rig(answered(201), {
      first: { responseLost: true },
      slots: { kind: 'http', status: 401, message: 'bad key', meta },
    });
    const sending = keyRefused.send.begin({ ...entry(), responseLost: true });
    const { verdict } = await keyRefused.send.attempt(sending, 'replay');
    expect(verdict).toEqual({ kind: 'auth', error: { status: 401, message: 'bad key' } });
    expect(keyRefused.send.settle(sending, verdict).pause).toEqual({
      status: 401,
      message: 'bad key',
    });
    expect(keyRefused.calls).toEqual([]);

    const limited = rig(answered(201), {
      first: { responseLost: true },
      slots: { kind: 'rateLimited', retryAfterMs: 7_000, meta },
    });
    const waits = await limited.send.attempt(
      limited.send.begin({ ...entry(), responseLost: true }),
      'replay',
    );
    expect(waits.verdict).toMatchObject({ kind: 'wait', afterMs: 7_000 });
    expect(limited.calls).toEqual([]);
  });

  it('a booking refused (404) for a time it was not offered is taken all the same when the list shows it unavailable', async () => {
    const t = rig(answered(404), { slots: dayOf(false) });
    const { verdict } = await t.send.attempt(t.send.begin(entry()), 'booking', false);
    expect(verdict).toMatchObject({ kind: 'refused', taken: 'yes' });
  });

  it('a booking the customer was told is refused is dropped; on a full disk it stays as it was sent, and another error is not hidden', () => {
    const waiting = { keepRefused: false, invalid: null, slotNotFree: () => null };
    const t = rig(answered(409));
    const sending = t.send.begin(entry());
    const { next, transition } = t.send.settle(sending, refusal, waiting);
    expect(transition.told).toMatchObject({ forget: true });
    expect(next.state).toBe('rejected');
    expect(t.store.get('l1')).toBeNull();

    for (const [error, outcome] of [
      [diskFullError(), 'kept'],
      [new Error('database is locked'), 'thrown'],
    ] as const) {
      const store = createMemoryOutboxStore();
      store.insert(entry());
      const send = createSendPath({
        store: {
          ...store,
          remove: () => {
            throw error;
          },
        },
        client: () => upstreamDouble({}),
        clock: manualClock(0),
      });
      const begun = send.begin(entry());
      if (outcome === 'kept') {
        expect(send.settle(begun, refusal, waiting).next.state).toBe('rejected');
        expect(store.get('l1')?.state).toBe('sending');
      } else {
        expect(() => send.settle(begun, refusal, waiting)).toThrow('database is locked');
      }
    }
  });

  it('a lost answer whose re-send is refused as taken is sent again after a pause by default; staff get it at once from an upstream that ignores keys', () => {
    for (const [keepsKeys, state] of [
      [undefined, 'queued'],
      [false, 'unknown'],
    ] as const) {
      const store = createMemoryOutboxStore();
      store.insert({ ...entry(), responseLost: true });
      const send = createSendPath({
        store,
        client: () => upstreamDouble({}),
        clock: manualClock(0),
        ...(keepsKeys === undefined ? {} : { upstreamKeepsKeys: () => keepsKeys }),
      });
      const { next } = send.settle(send.begin({ ...entry(), responseLost: true }), refusal);
      expect(next.state).toBe(state);
    }
  });

  it('what staff read on a lost answer not sent again says why and what to check', () => {
    expect(LOST_NOT_SENT_AGAIN).toMatch(/answer to this booking was lost/);
    expect(LOST_NOT_SENT_AGAIN).toMatch(/did not send it again/);
    expect(LOST_NOT_SENT_AGAIN).toMatch(/check with the booking service whether it was booked/);
  });
});
