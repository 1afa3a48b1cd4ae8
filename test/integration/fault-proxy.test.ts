/**
 * The fault proxy in every mode, in front of the real reference server (startServer, port 0).
 * The server's clock is pinned to a Monday morning so that demoBooking()'s slot is bookable.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../../server/start-server';
import type { RunningServer } from '../../server/start-server';
import {
  API_PREFIX,
  BookingCreatedEnvelope,
  RateLimitBodySchema,
  ServicesEnvelope,
} from '../../shared/api/schemas';
import { startFaultProxy } from '../support/fault-proxy';
import type { FaultProxy } from '../support/fault-proxy';
import { BOOK_KEY, MONDAY_0800, demoBooking, tempDir } from '../support/server/harness';

const tmp = tempDir('fd-fault-proxy-');
let server: RunningServer;
let proxy: FaultProxy;

beforeAll(async () => {
  server = await startServer({
    dbPath: join(tmp.dir, 'server.db'),
    seed: 'demo',
    keys: [{ key: BOOK_KEY, scope: 'book' }],
    rateLimit: { perMinute: 1000, perDay: 10_000 },
    clock: () => MONDAY_0800,
  });
});
afterAll(async () => {
  await server.close();
  tmp.remove();
});
beforeEach(async () => {
  proxy = await startFaultProxy({ target: server.url });
});
afterEach(async () => {
  await proxy.close();
});

const auth = { authorization: `Bearer ${BOOK_KEY}` };

function getServices(base: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${base}${API_PREFIX}/services`, {
    headers: auth,
    signal: signal ?? AbortSignal.timeout(5_000),
  });
}

function book(base: string, body: unknown, idempotencyKey?: string): Promise<Response> {
  return fetch(`${base}${API_PREFIX}/book`, {
    method: 'POST',
    headers: {
      ...auth,
      'content-type': 'application/json',
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
}

describe('startFaultProxy', () => {
  it("'pass' relays the server's answer, headers included", async () => {
    const direct = await getServices(server.url);
    const response = await getServices(proxy.url);
    expect(response.status).toBe(200);
    expect(ServicesEnvelope.parse(await response.json()).data).toEqual(
      ServicesEnvelope.parse(await direct.json()).data,
    );
    expect(response.headers.get('x-ratelimit-limit')).toBe(direct.headers.get('x-ratelimit-limit'));
    expect(proxy.requests()).toBe(1);
    expect(proxy.forwarded()).toBe(1);
  });

  it("'pass' relays an error status and body too", async () => {
    const response = await fetch(`${proxy.url}${API_PREFIX}/services`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ success: false });
    expect(proxy.upstreamStatuses()).toEqual({ 401: 1 });
  });

  it("'down' refuses connections: the client sees a network error, nothing reaches the server", async () => {
    proxy.setMode('down');
    await expect(getServices(proxy.url)).rejects.toThrow(TypeError);
    expect(proxy.requests()).toBe(1);
    expect(proxy.forwarded()).toBe(0);
    proxy.setMode('pass');
    expect((await getServices(proxy.url)).status).toBe(200);
  });

  it("'hang' never answers until closed", async () => {
    proxy.setMode('hang');
    const started = Date.now();
    await expect(getServices(proxy.url, AbortSignal.timeout(300))).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    const pending = getServices(proxy.url, AbortSignal.timeout(5_000));
    await expect.poll(() => proxy.requests()).toBe(2);
    await proxy.close();
    await expect(pending).rejects.toThrow(TypeError);
    expect(proxy.forwarded()).toBe(0);
  });

  it("'drop' loses the answer after the server acted on the request", async () => {
    proxy.setMode('drop');
    const request = demoBooking();
    await expect(book(proxy.url, request, 'drop-key-1')).rejects.toThrow(TypeError);
    expect(proxy.forwarded()).toBe(1);

    // The booking exists: the same slot under another key is taken...
    proxy.setMode('pass');
    const other = await book(proxy.url, {
      ...request,
      customer: { ...request.customer, email: 'other@example.com' },
    });
    expect(other.status).toBe(409);
    // ...and the retry with the same key replays the first answer.
    const replay = await book(proxy.url, request, 'drop-key-1');
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(BookingCreatedEnvelope.parse(await replay.json()).data.appointment.time).toBe(
      request.time,
    );
  });

  it("'500' answers a server error envelope without forwarding", async () => {
    proxy.setMode('500');
    const response = await book(proxy.url, demoBooking({ time: '15:00' }));
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ success: false });
    expect(proxy.forwarded()).toBe(0);
  });

  it("'429' answers the rate-limit body with Retry-After", async () => {
    proxy.setMode('429');
    const response = await getServices(proxy.url);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(RateLimitBodySchema.parse(await response.json()).retryAfter).toBe(2);
    expect(proxy.forwarded()).toBe(0);
  });

  it("'malformed' answers 200 with a body that is not JSON", async () => {
    proxy.setMode('malformed');
    const response = await getServices(proxy.url);
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow(SyntaxError);
    expect(proxy.forwarded()).toBe(0);
  });

  it('switches modes per request on a kept-alive connection', async () => {
    expect((await getServices(proxy.url)).status).toBe(200);
    proxy.setMode('500');
    expect((await getServices(proxy.url)).status).toBe(500);
    proxy.setMode('down');
    await expect(getServices(proxy.url)).rejects.toThrow(TypeError);
    proxy.setMode('pass');
    expect((await getServices(proxy.url)).status).toBe(200);
    expect(proxy.mode()).toBe('pass');
  });
});
