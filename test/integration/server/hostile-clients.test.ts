/**
 * Issue 11, hostile clients: deep, wide and huge JSON never yields a 500 (the audit's 5,000
 * nested arrays overflowed the stack of the idempotency fingerprint), the fingerprint is taken
 * over the validated request, and slow or unfinished requests are closed within 30 s (raw
 * sockets against the real server on 127.0.0.1).
 */
// Every response this file's tests receive is checked against the OpenAPI document.
import '../../support/server/conformance-setup';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../../../server/http/json-body';
import { HTTP_TIMEOUTS } from '../../../shared/http-timeouts';
import type { RunningServer } from '../../../server/start-server';
import { API_PREFIX, ErrorEnvelopeSchema } from '../../../shared/api/schemas';
import {
  BOOK_KEY,
  createTestApp,
  demoBooking,
  rowCount,
  startTestServer,
} from '../../support/server/harness';
import type { TestApp } from '../../support/server/harness';
import { recordResponse } from '../../support/server/openapi-conformance';
import { parseHttpResponse, slowClient } from '../../support/slow-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

function post(payload: string, idempotencyKey?: string) {
  return t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/book`,
    headers: {
      authorization: `Bearer ${BOOK_KEY}`,
      'content-type': 'application/json',
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    payload,
  });
}

/** A valid booking with `extra` spliced in as an unknown field, as raw JSON text. */
const withExtra = (extra: string, overrides: Parameters<typeof demoBooking>[0] = {}) =>
  `${JSON.stringify(demoBooking(overrides)).slice(0, -1)},"extra":${extra}}`;

describe('deep JSON', () => {
  it('the audit case: an Idempotency-Key and an extra field 5,000 arrays deep is 400, not 500', async () => {
    const before = rowCount(t.db, 'bookings');
    const response = await post(withExtra(nestedArrays(5000)), 'audit-deep-1');
    expect(response.statusCode).toBe(400);
    expect(ErrorEnvelopeSchema.parse(response.json()).error).toBe(
      `body: nested deeper than ${BODY_LIMITS.depth} levels`,
    );
    expect(rowCount(t.db, 'bookings')).toBe(before);
  });

  it('nesting up to the limit is read; brackets inside strings do not count', async () => {
    const atLimit = await post(withExtra(nestedArrays(BODY_LIMITS.depth - 1), { time: '15:00' }));
    expect(atLimit.statusCode).toBe(201);
    const inString = await post(
      JSON.stringify({ ...demoBooking({ time: '15:30' }), notes: '[{'.repeat(400) }),
    );
    expect(inString.statusCode).toBe(201);
    expect(
      (await post(withExtra(nestedArrays(BODY_LIMITS.depth), { time: '16:00' }))).statusCode,
    ).toBe(400);
  });
});

describe('the Idempotency-Key fingerprint is over the validated request', () => {
  it('unknown fields, key order and surrounding spaces do not make a different request; a different slot does', async () => {
    const first = await post(withExtra(nestedArrays(20), { time: '17:00' }), 'fingerprint-1');
    expect(first.statusCode).toBe(201);
    const booking = demoBooking({ time: '17:00' });
    const reordered = JSON.stringify({
      customer: { ...booking.customer, name: `  ${booking.customer.name} ` },
      time: booking.time,
      date: booking.date,
      employeeId: booking.employeeId,
      serviceId: booking.serviceId,
      another: { unknown: [1, 2, 3] },
    });
    const replay = await post(reordered, 'fingerprint-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const other = await post(JSON.stringify(demoBooking({ time: '17:30' })), 'fingerprint-1');
    expect(other.statusCode).toBe(422);
  });
});

describe('deep, wide and huge JSON never yields 500 (property)', () => {
  const deep = fc
    .tuple(fc.integer({ min: 1, max: 12_000 }), fc.constantFrom('[', '{"a":'))
    .map(([depth, open]) => `${open.repeat(depth)}0${(open === '[' ? ']' : '}').repeat(depth)}`);
  const wide = fc
    .tuple(fc.integer({ min: 1, max: 4_000 }), fc.boolean())
    .map(([width, asObject]) =>
      asObject
        ? `{${Array.from({ length: width }, (_, i) => `"k${i}":${i}`).join(',')}}`
        : `[${Array.from({ length: width }, (_, i) => i).join(',')}]`,
    );
  const huge = fc.integer({ min: 1, max: 40_000 }).map((n) => JSON.stringify('x'.repeat(n)));
  const anyJson = fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v));
  const fragment = fc.oneof(deep, wide, huge, anyJson);
  const payload = fc.oneof(
    fragment, // the whole body
    fragment.map((extra) => withExtra(extra)), // an unknown field of a valid booking
    fragment.map((value) =>
      JSON.stringify({ ...demoBooking(), customer: '__CUT__' }).replace('"__CUT__"', value),
    ),
  );

  it('answers 201/400/404/409/413/422 to every one, with or without an Idempotency-Key', async () => {
    await fc.assert(
      fc.asyncProperty(
        payload,
        fc.option(fc.constantFrom('prop-key-1', 'prop-key-2'), { nil: undefined }),
        async (body, key) => {
          const response = await post(body, key);
          expect([201, 400, 404, 409, 413, 422]).toContain(response.statusCode);
          if (response.statusCode !== 201) ErrorEnvelopeSchema.parse(response.json());
          if (Buffer.byteLength(body) > BODY_LIMITS.bytes) expect(response.statusCode).toBe(413);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('slow and unfinished requests (raw sockets, real server)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('are closed within 30 s: unfinished headers, an unfinished body, a trickle, an idle keep-alive connection', async () => {
    const host = `Host: 127.0.0.1:${server.port}\r\n`;
    const auth = `Authorization: Bearer ${BOOK_KEY}\r\n`;
    const [headers, body, trickle, idle] = await Promise.all([
      slowClient(server.port, { first: `GET ${API_PREFIX}/services HTTP/1.1\r\n${host}` }),
      slowClient(server.port, {
        first: `POST ${API_PREFIX}/book HTTP/1.1\r\n${host}${auth}Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{"serviceId":`,
      }),
      slowClient(server.port, {
        first: `GET ${API_PREFIX}/services HTTP/1.1\r\n${host}`,
        trickle: { piece: 'X-Slow: 1\r\n', everyMs: 1000 },
      }),
      slowClient(server.port, {
        first: `GET ${API_PREFIX}/services HTTP/1.1\r\n${host}${auth}\r\n`,
      }),
    ]);
    for (const result of [headers, body, trickle, idle])
      expect(result.closedAfterMs).toBeLessThan(30_000);

    // The unfinished requests get the limit's 408 envelope, then the connection closes.
    for (const result of [headers, body, trickle]) {
      expect(result.closedAfterMs).toBeGreaterThanOrEqual(HTTP_TIMEOUTS.requestMs - 100);
      const response = parseHttpResponse(result.received);
      expect(response?.status).toBe(408);
      expect(ErrorEnvelopeSchema.parse(JSON.parse(response?.body ?? '')).message).toBe(
        'Request timeout',
      );
    }
    const timedOut = [headers, body, trickle].map((result) => parseHttpResponse(result.received));
    for (const [index, response] of timedOut.entries()) {
      if (response)
        recordResponse({
          method: index === 1 ? 'POST' : 'GET',
          url: `${API_PREFIX}/${index === 1 ? 'book' : 'services'}`,
          ...response,
        });
    }

    // A finished request is answered at once; its idle keep-alive connection closes after keepAliveMs.
    const answered = parseHttpResponse(idle.received);
    expect(answered?.status).toBe(200);
    if (answered) recordResponse({ method: 'GET', url: `${API_PREFIX}/services`, ...answered });
    expect(idle.closedAfterMs).toBeGreaterThanOrEqual(HTTP_TIMEOUTS.keepAliveMs - 100);
  });
});
