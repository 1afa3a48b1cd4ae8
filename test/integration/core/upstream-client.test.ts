/**
 * The upstream client on its own, against the real reference server over 127.0.0.1 and the
 * fault proxy: each way a request can end becomes the outcome the outbox and the engine act
 * on, and the rate governor hears of every send and answer.
 */
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateGovernor } from '../../../electron/core/governor/rate-governor';
import { createUpstreamClient, type CallOptions, type UpstreamClient, type UpstreamTarget } from '../../../electron/core/upstream/client';
import type { AnswerMeta } from '../../../electron/core/upstream/outcome';
import { CORE_TEST_KEY, MONDAY_0830, bookingRequest, makeTempDir, offsetClock, startUpstream, type UpstreamFixture } from '../../support/core/harness';

const CALL: CallOptions = { priority: 'interactive', maxWaitMs: 0 };
const SERVICE = 'svc-herren-schnitt';

let tmp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
const clock = offsetClock(MONDAY_0830);

beforeAll(async () => {
  tmp = makeTempDir('fd-upstream-client-');
  upstream = await startUpstream(tmp.dir, { clock: clock.server, rateLimit: { perMinute: 600, perDay: 100_000 } });
});

afterAll(async () => {
  await upstream.close();
  tmp.remove();
});

let governor: RateGovernor;
let target: UpstreamTarget | null;
let answers: AnswerMeta[];
let client: UpstreamClient;

beforeEach(() => {
  upstream.proxy.setMode('pass');
  governor = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
  target = { baseUrl: upstream.proxy.url, apiKey: CORE_TEST_KEY };
  answers = [];
  client = createUpstreamClient({ target: () => target, governor, clock, timeoutMs: 5_000, onAnswer: (meta) => answers.push(meta) });
});

afterEach(async () => {
  await client.close();
});

describe('upstream client', () => {
  it('reads the catalog with the key, with the rate-limit and Date headers, and the governor counts it', async () => {
    const services = await client.getServices(CALL);
    expect(services.kind).toBe('ok');
    if (services.kind !== 'ok') return;
    expect(services.status).toBe(200);
    expect(services.data.map((service) => service._id)).toContain(SERVICE);
    expect(services.meta.rateLimit).toMatchObject({ limit: 600 });
    expect(services.meta.rateLimit?.remaining).toBeLessThan(600);
    expect(Math.abs((services.meta.serverDate ?? 0) - clock.now())).toBeLessThan(5_000);
    expect(answers).toHaveLength(1);
    expect(governor.snapshot(clock.now())).toMatchObject({ minute: { limit: 600, used: 600 - (services.meta.rateLimit?.remaining ?? 0) } });
    const employees = await client.getEmployees(CALL);
    expect(employees.kind === 'ok' && employees.data.length > 0).toBe(true);
  });

  it('asks for the days and times it names', async () => {
    const days = await client.getAvailableDays({ year: 2026, month: 12, serviceId: SERVICE, employeeId: undefined }, CALL);
    expect(days.kind === 'ok' && { year: days.data.year, month: days.data.month }).toEqual({ year: 2026, month: 12 });
    const slots = await client.getTimeSlots({ date: '2026-11-24', serviceId: SERVICE }, CALL);
    expect(slots.kind === 'ok' && slots.data.date).toBe('2026-11-24');
    expect(slots.kind === 'ok' && slots.data.timeSlots.some((slot) => slot.available)).toBe(true);
  });

  it('books with its idempotency key: the same key twice is one booking', async () => {
    const slots = await client.getTimeSlots({ date: '2026-11-24', serviceId: SERVICE }, CALL);
    const free = slots.kind === 'ok' ? slots.data.timeSlots.find((slot) => slot.available && slot.employeeId) : undefined;
    if (!free?.employeeId) throw new Error('no free slot');
    const request = bookingRequest({ date: '2026-11-24', time: free.time, serviceId: SERVICE, employeeId: free.employeeId }, 1);
    const first = await client.book(request, 'client-test-key-1', CALL);
    const again = await client.book(request, 'client-test-key-1', CALL);
    expect(first.kind).toBe('ok');
    expect(first.kind === 'ok' && first.status).toBe(201);
    expect(again.kind === 'ok' && again.data.bookingId).toBe(first.kind === 'ok' && first.data.bookingId);
    // Another key for the same slot: the server refuses it with its own message.
    const taken = await client.book(request, 'client-test-key-2', CALL);
    expect(taken).toMatchObject({ kind: 'http', status: 409 });
    expect(taken.kind === 'http' && taken.message).not.toBe('HTTP 409');
  });

  it('a refused key is http 401 with the server message; without a key no Authorization is sent', async () => {
    target = { baseUrl: upstream.proxy.url, apiKey: 'not-a-key' };
    const wrong = await client.getServices(CALL);
    expect(wrong).toMatchObject({ kind: 'http', status: 401 });
    expect(wrong.kind === 'http' && wrong.message).not.toBe('HTTP 401');
    target = { baseUrl: upstream.proxy.url, apiKey: null };
    expect(await client.getServices(CALL)).toMatchObject({ kind: 'http', status: 401 });
  });

  it('a 429 is rateLimited for its Retry-After, and the governor holds everything that long', async () => {
    upstream.proxy.setMode('429');
    const limited = await client.getServices(CALL);
    expect(limited).toMatchObject({ kind: 'rateLimited', retryAfterMs: 2_000 });
    const wait = governor.waitMs(clock.now(), 'interactive');
    expect(wait).toBeGreaterThan(1_500);
    expect(wait).toBeLessThanOrEqual(2_000);
  });

  it('an answer it cannot read: a 500 without envelope keeps its status, a 200 that is not JSON is invalidBody', async () => {
    upstream.proxy.setMode('500');
    const failed = await client.getServices(CALL);
    expect(failed).toMatchObject({ kind: 'http', status: 500 });
    upstream.proxy.setMode('malformed');
    expect(await client.getServices(CALL)).toMatchObject({ kind: 'invalidBody', status: 200 });
    expect(answers).toHaveLength(2);
  });

  it('a refused connection is network connect and spends no budget', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    target = { baseUrl: `http://127.0.0.1:${port}`, apiKey: CORE_TEST_KEY };
    expect(await client.getServices(CALL)).toMatchObject({ kind: 'network', reason: 'connect' });
    expect(governor.used('day', clock.now())).toBe(0);
    expect(answers).toHaveLength(0);
  });

  it('a reset connection is network reset and spends no budget', async () => {
    upstream.proxy.setMode('down');
    expect(await client.getServices(CALL)).toMatchObject({ kind: 'network', reason: 'reset' });
    expect(governor.used('day', clock.now())).toBe(0);
  });

  it('no answer within the time-out is network timeout, and that send still counts', async () => {
    upstream.proxy.setMode('hang');
    const outcome = await client.getServices({ ...CALL, timeoutMs: 300 });
    expect(outcome).toMatchObject({ kind: 'network', reason: 'timeout' });
    expect(governor.used('day', clock.now())).toBe(1);
  });

  it('a request the governor would hold longer than the caller waits is throttled and never sent', async () => {
    for (let i = 0; i < 60; i += 1) governor.onSend(clock.now(), 'interactive');
    const before = upstream.proxy.requests();
    const outcome = await client.getServices({ priority: 'interactive', maxWaitMs: 1_000 });
    expect(outcome.kind).toBe('throttled');
    expect(outcome.kind === 'throttled' && outcome.waitMs).toBeGreaterThan(1_000);
    expect(upstream.proxy.requests()).toBe(before);
  });

  it('waits for the governor when the caller allows it', async () => {
    governor.onRateLimited(clock.now(), 1_000);
    const started = Date.now();
    const outcome = await client.getServices({ priority: 'interactive', maxWaitMs: 5_000 });
    expect(outcome.kind).toBe('ok');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('without an upstream it answers at once, as a connection that never left', async () => {
    target = null;
    expect(await client.getServices(CALL)).toEqual({ kind: 'network', reason: 'connect', message: 'no upstream configured' });
    expect(governor.used('day', clock.now())).toBe(0);
  });
});
