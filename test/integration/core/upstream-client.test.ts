/**
 * The upstream client on its own, against the real reference server over 127.0.0.1 and the
 * fault proxy, and the scripted upstream for answers the reference server never gives: each
 * way a request can end becomes the outcome the outbox and the engine act on, and the rate
 * governor hears of every send and answer.
 */
import { createServer } from 'node:net';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateGovernor } from '../../../electron/core/governor/rate-governor';
import {
  createUpstreamClient,
  type CallOptions,
  type UpstreamClient,
  type UpstreamTarget,
} from '../../../electron/core/upstream/client';
import type { AnswerMeta } from '../../../electron/core/upstream/outcome';
import type { Logger } from '../../../electron/core/platform/log';
import { API_PREFIX } from '../../../shared/api/schemas';
import {
  CORE_TEST_KEY,
  MONDAY_0830,
  bookingRequest,
  makeTempDir,
  offsetClock,
  startUpstream,
  type UpstreamFixture,
} from '../../support/core/harness';
import {
  startScriptedUpstream,
  type ScriptedAnswer,
  type ScriptedUpstream,
} from '../../support/scripted-upstream';

const CALL: CallOptions = { priority: 'interactive', maxWaitMs: 0 };
const SERVICE = 'svc-herren-schnitt';

let tmp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
const clock = offsetClock(MONDAY_0830);

beforeAll(async () => {
  tmp = makeTempDir('fd-upstream-client-');
  upstream = await startUpstream(tmp.dir, {
    clock: clock.server,
    rateLimit: { perMinute: 600, perDay: 100_000 },
  });
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
  client = createUpstreamClient({
    target: () => target,
    governor,
    clock,
    timeoutMs: 5_000,
    onAnswer: (meta) => answers.push(meta),
  });
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
    expect(governor.snapshot(clock.now())).toMatchObject({
      minute: { limit: 600, used: 600 - (services.meta.rateLimit?.remaining ?? 0) },
    });
    const employees = await client.getEmployees(CALL);
    expect(employees.kind === 'ok' && employees.data.length > 0).toBe(true);
  });

  it('asks for the days and times it names', async () => {
    const days = await client.getAvailableDays(
      { year: 2026, month: 12, serviceId: SERVICE, employeeId: undefined },
      CALL,
    );
    expect(days.kind === 'ok' && { year: days.data.year, month: days.data.month }).toEqual({
      year: 2026,
      month: 12,
    });
    const slots = await client.getTimeSlots({ date: '2026-11-24', serviceId: SERVICE }, CALL);
    expect(slots.kind === 'ok' && slots.data.date).toBe('2026-11-24');
    expect(slots.kind === 'ok' && slots.data.timeSlots.some((slot) => slot.available)).toBe(true);
  });

  it('books with its idempotency key: the same key twice is one booking', async () => {
    const slots = await client.getTimeSlots({ date: '2026-11-24', serviceId: SERVICE }, CALL);
    const free =
      slots.kind === 'ok'
        ? slots.data.timeSlots.find((slot) => slot.available && slot.employeeId)
        : undefined;
    if (!free?.employeeId) throw new Error('no free slot');
    const request = bookingRequest(
      { date: '2026-11-24', time: free.time, serviceId: SERVICE, employeeId: free.employeeId },
      1,
    );
    const first = await client.book(request, 'client-test-key-1', CALL);
    const again = await client.book(request, 'client-test-key-1', CALL);
    expect(first.kind).toBe('ok');
    expect(first.kind === 'ok' && first.status).toBe(201);
    expect(again.kind === 'ok' && again.data.bookingId).toBe(
      first.kind === 'ok' && first.data.bookingId,
    );
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

  it("a call's own time-out wins over the client's", async () => {
    upstream.proxy.setMode('hang');
    const started = Date.now();
    const outcome = await client.getServices({ ...CALL, timeoutMs: 200 });
    expect(outcome).toMatchObject({ kind: 'network', reason: 'timeout' });
    // The client's own is 5 s: well before it, the call had given up.
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("waits the governor's times while they fit the caller's limit, a wait of exactly the limit included", async () => {
    /** A governor that asks for the given waits in turn, then lets the request go. */
    class ScriptedWaits extends RateGovernor {
      constructor(private readonly waits: number[]) {
        super({ minuteLimit: 60, dayLimit: 1000 });
      }
      override waitMs(): number {
        return this.waits.shift() ?? 0;
      }
    }
    const using = (waits: number[]) =>
      createUpstreamClient({ target: () => target, governor: new ScriptedWaits(waits), clock });
    const exact = using([50]);
    const twice = using([30, 30]);
    try {
      const ok = await exact.getServices({ priority: 'interactive', maxWaitMs: 50 });
      expect(ok.kind).toBe('ok');
      // 30 ms, then 30 more: 60 in all, over the limit of 50, so it is not sent.
      const before = upstream.proxy.requests();
      const held = await twice.getServices({ priority: 'interactive', maxWaitMs: 50 });
      expect(held.kind).toBe('throttled');
      expect(upstream.proxy.requests()).toBe(before);
    } finally {
      await Promise.all([exact.close(), twice.close()]);
    }
  });

  it('uses the dispatcher it is given and leaves closing it to its owner; closing its own ends its sends', async () => {
    const agent = new Agent();
    const given = createUpstreamClient({
      target: () => target,
      governor,
      clock,
      dispatcher: agent,
    });
    expect((await given.getServices(CALL)).kind).toBe('ok');
    // A promise still, for the shutdown path that awaits every close.
    await expect(given.close()).resolves.toBeUndefined();
    expect((await given.getServices(CALL)).kind).toBe('ok');
    await agent.close();
    expect(await given.getServices(CALL)).toMatchObject({ kind: 'network' });

    const own = createUpstreamClient({ target: () => target, governor, clock });
    expect((await own.getServices(CALL)).kind).toBe('ok');
    await own.close();
    await own.close(); // a second close is the first one's, not an error
    const before = upstream.proxy.requests();
    expect(await own.getServices(CALL)).toMatchObject({ kind: 'network' });
    expect(upstream.proxy.requests()).toBe(before);
  });

  it('without an upstream it answers at once, as a connection that never left', async () => {
    target = null;
    expect(await client.getServices(CALL)).toEqual({
      kind: 'network',
      reason: 'connect',
      message: 'no upstream configured',
    });
    expect(governor.used('day', clock.now())).toBe(0);
  });
});

/** The scripted upstream (test/support), for answers the reference server never gives. */
describe('upstream client and odd answers', () => {
  let scripted: ScriptedUpstream;
  const logged: { level: string; message: string; fields: unknown }[] = [];
  const log: Logger = {
    debug: (message, fields) => logged.push({ level: 'debug', message, fields }),
    info: (message, fields) => logged.push({ level: 'info', message, fields }),
    warn: (message, fields) => logged.push({ level: 'warn', message, fields }),
    error: (message, fields) => logged.push({ level: 'error', message, fields }),
  };

  beforeAll(async () => {
    scripted = await startScriptedUpstream();
  });
  afterAll(async () => {
    await scripted.close();
  });

  /** The clients of the test, closed after it. */
  const opened: UpstreamClient[] = [];
  let odd: UpstreamClient;
  /** A new client with a governor of its own (a 429 blocks the old one for its Retry-After). */
  function fresh(): UpstreamClient {
    governor = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
    odd = createUpstreamClient({
      target: () => ({ baseUrl: scripted.url, apiKey: 'secret-key-1' }),
      governor,
      clock,
      log,
    });
    opened.push(odd);
    return odd;
  }
  beforeEach(() => {
    scripted.reset();
    logged.length = 0;
    fresh();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((client) => client.close()));
  });

  const reply = (
    status: number,
    text: string,
    headers: Record<string, string> = {},
  ): ScriptedAnswer => ({ status, text, headers });

  it('sends the key, JSON and the idempotency key on a booking, and accepts JSON', async () => {
    scripted.script('any', reply(500, '{}'));
    const booking = bookingRequest(
      { date: '2026-11-24', time: '10:00', serviceId: SERVICE, employeeId: 'emp-anna' },
      1,
    );
    await odd.book(booking, 'idem-1', CALL);
    const [request] = scripted.seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`${API_PREFIX}/book`);
    expect(request?.operation).toBe('book');
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer secret-key-1',
      'content-type': 'application/json',
      'idempotency-key': 'idem-1',
      accept: 'application/json',
    });
    expect(JSON.parse(request?.body ?? '')).toEqual(booking);
    await odd.getAvailableDays(
      { year: 2026, month: 12, serviceId: SERVICE, employeeId: undefined },
      CALL,
    );
    expect(scripted.seen[1]?.method).toBe('GET');
    expect(scripted.seen[1]?.url).toBe(
      `${API_PREFIX}/available-days?year=2026&month=12&serviceId=${SERVICE}`,
    );
    expect(scripted.seen[1]?.headers['idempotency-key']).toBeUndefined();
  });

  it('sends no Authorization header when it has no key', async () => {
    scripted.script('any', reply(500, '{}'));
    const keyless = createUpstreamClient({
      target: () => ({ baseUrl: scripted.url, apiKey: null }),
      governor,
      clock,
      log,
    });
    opened.push(keyless);
    await keyless.getServices(CALL);
    expect(scripted.seen[0]?.headers).not.toHaveProperty('authorization');
  });

  it("sends only the query parameters the operation's schema names, in the schema's order", async () => {
    scripted.script('getTimeSlots', reply(500, '{}'));
    // The mirror passes its task, which also carries its kind.
    const task = { kind: 'slots', serviceId: SERVICE, date: '2026-11-24' } as const;
    await odd.getTimeSlots(task, CALL);
    // "Anyone" is said as the spec's literal `any` (an API may require the field).
    await odd.getTimeSlots({ ...task, employeeId: 'e1' }, CALL);
    expect(scripted.seen.map((request) => request.url)).toEqual([
      `${API_PREFIX}/availability?date=2026-11-24&serviceId=${SERVICE}&employeeId=any`,
      `${API_PREFIX}/availability?date=2026-11-24&serviceId=${SERVICE}&employeeId=e1`,
    ]);
  });

  it('a 429 waits the Retry-After header when the body has none, else a minute; Retry-After 0 is a minute too', async () => {
    scripted.script('getServices', reply(429, '{}', { 'retry-after': '3' }));
    expect(await odd.getServices(CALL)).toMatchObject({ kind: 'rateLimited', retryAfterMs: 3_000 });
    scripted.script('getServices', reply(429, 'not json'));
    expect(await odd.getServices({ ...CALL, maxWaitMs: 0 })).toMatchObject({ kind: 'throttled' }); // still blocked by the first
    expect(await fresh().getServices(CALL)).toMatchObject({
      kind: 'rateLimited',
      retryAfterMs: 60_000,
    });
    fresh();
    scripted.script(
      'getServices',
      reply(429, '{"success":false,"message":"slow down","retryAfter":0}', { 'retry-after': '0' }),
    );
    expect(await odd.getServices(CALL)).toMatchObject({
      kind: 'rateLimited',
      retryAfterMs: 60_000,
    });
    expect(
      logged.filter((line) => line.message === 'rate limited').map((line) => line.fields),
    ).toEqual([
      { method: 'GET', path: '/services', retryAfterMs: 3_000 },
      { method: 'GET', path: '/services', retryAfterMs: 60_000 },
      { method: 'GET', path: '/services', retryAfterMs: 60_000 },
    ]);
  });

  it('a 300 is no success; an error envelope gives its error (else its message), cut at 500 characters', async () => {
    scripted.script('getServices', reply(300, '{"data":[]}'));
    expect(await odd.getServices(CALL)).toMatchObject({
      kind: 'http',
      status: 300,
      message: 'HTTP 300',
    });
    expect(logged.at(-1)).toEqual({
      level: 'warn',
      message: 'error answer without envelope',
      fields: { method: 'GET', path: '/services', status: 300 },
    });
    scripted.script('getServices', {
      status: 404,
      json: { success: false, error: 'x'.repeat(600), message: 'not this' },
    });
    const long = await odd.getServices(CALL);
    expect(long.kind === 'http' && long.message).toBe('x'.repeat(500));
    scripted.script('getServices', {
      status: 404,
      json: { success: false, message: 'no such service' },
    });
    expect(await odd.getServices(CALL)).toMatchObject({
      kind: 'http',
      status: 404,
      message: 'no such service',
    });
    expect(logged.filter((line) => line.message === 'error answer without envelope')).toHaveLength(
      1,
    );
  });

  it('a 2xx body that does not fit the schema is invalidBody, and is logged without the body', async () => {
    scripted.script('getServices', reply(200, '{"success":true,"data":[{"nope":1}]}'));
    expect(await odd.getServices(CALL)).toMatchObject({
      kind: 'invalidBody',
      status: 200,
      problem: { operation: 'getServices', field: 'data.0._id' },
    });
    expect(logged).toEqual([
      {
        level: 'warn',
        message: 'invalid response body',
        fields: { method: 'GET', path: '/services', status: 200, field: 'data.0._id' },
      },
    ]);
  });

  it('a 2xx answer that fits the schema but not the question is invalidBody, naming the field', async () => {
    scripted.script(
      'getTimeSlots',
      reply(200, '{"success":true,"data":{"date":"2126-01-01","timeSlots":[]}}'),
    );
    expect(await odd.getTimeSlots({ date: '2026-11-24', serviceId: 'svc-1' }, CALL)).toMatchObject({
      kind: 'invalidBody',
      status: 200,
      problem: { operation: 'getTimeSlots', field: 'data.date' },
    });
    expect(logged).toEqual([
      {
        level: 'warn',
        message: 'answer makes no sense',
        fields: { method: 'GET', path: '/availability', status: 200, field: 'data.date' },
      },
    ]);
  });

  it('a booking asks for the answer in the language it is sent with, and no other (issue 40)', async () => {
    scripted.script('any', reply(500, '{}'));
    const booking = bookingRequest(
      { date: '2026-11-24', time: '10:00', serviceId: SERVICE, employeeId: 'emp-anna' },
      1,
    );
    await odd.book(booking, 'idem-de', CALL, 'de');
    await odd.book(booking, 'idem-none', CALL, null);
    await odd.book(booking, 'idem-absent', CALL);
    expect(scripted.seen.map((seen) => seen.headers['accept-language'] ?? 'none')).toEqual([
      'de',
      'none',
      'none',
    ]);
  });

  it('a failure repeating the same way is one log line; a new method, status or field is a new line', async () => {
    const lines = () => logged.map((line) => `${line.message} ${JSON.stringify(line.fields)}`);
    scripted.script('getServices', reply(500, 'down'));
    await odd.getServices(CALL);
    await odd.getServices(CALL);
    expect(lines()).toEqual([
      'error answer without envelope {"method":"GET","path":"/services","status":500}',
    ]);
    scripted.script('getServices', reply(502, 'down'));
    await odd.getServices(CALL);
    scripted.script('book', reply(500, 'down'));
    await odd.book(
      bookingRequest(
        { date: '2026-11-24', time: '10:00', serviceId: SERVICE, employeeId: 'emp-anna' },
        1,
      ),
      'idem-1',
      CALL,
    );
    scripted.script('getServices', reply(200, '{"success":true,"data":[{"nope":1}]}'));
    await odd.getServices(CALL);
    scripted.script('getServices', reply(200, '{"success":true,"data":[{"_id":"s1"}]}'));
    await odd.getServices(CALL);
    expect(logged.slice(1).map((line) => line.fields)).toEqual([
      { method: 'GET', path: '/services', status: 502 },
      { method: 'POST', path: '/book', status: 500 },
      { method: 'GET', path: '/services', status: 200, field: 'data.0._id' },
      { method: 'GET', path: '/services', status: 200, field: 'data.0.title' },
    ]);
  });

  it('a failed request is logged with method, path and reason, never the key', async () => {
    scripted.script('getEmployees', 'reset');
    expect(await odd.getEmployees(CALL)).toMatchObject({ kind: 'network' });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 'warn',
      message: 'request failed',
      fields: { method: 'GET', path: '/employees' },
    });
    expect(JSON.stringify(logged)).not.toContain('secret-key-1');
  });
});
