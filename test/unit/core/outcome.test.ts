import { describe, expect, it } from 'vitest';
import { networkReason, readMeta, readRateLimit } from '../../../electron/core/upstream/client';
import {
  classifyBookingOutcome,
  classifyLookupOutcome,
  type UpstreamOutcome,
} from '../../../electron/core/upstream/outcome';
import type { BookingResponse } from '../../../shared/api/schemas';

const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };
const booking = { bookingId: 'b1' } as BookingResponse;
const http = (status: number): UpstreamOutcome<BookingResponse> => ({
  kind: 'http',
  status,
  message: `HTTP ${status}`,
  meta,
});

describe('classifyBookingOutcome', () => {
  it.each([
    ['201', { kind: 'ok', status: 201, data: booking, meta } as const, 'sent'],
    ['400', http(400), 'refused'],
    ['404', http(404), 'refused'],
    ['409', http(409), 'refused'],
    ['413', http(413), 'refused'],
    ['422', http(422), 'refused'],
    ['401', http(401), 'auth'],
    ['403', http(403), 'auth'],
    ['500', http(500), 'retry'],
    ['503', http(503), 'retry'],
    ['408', http(408), 'retry'],
    ['429', { kind: 'rateLimited', retryAfterMs: 2000, meta } as const, 'wait'],
    ['throttled', { kind: 'throttled', waitMs: 500 } as const, 'wait'],
    ['connect', { kind: 'network', reason: 'connect', message: '' } as const, 'retry'],
    ['timeout', { kind: 'network', reason: 'timeout', message: '' } as const, 'retry'],
    ['invalid 201 body', { kind: 'invalidBody', status: 201, meta } as const, 'retry'],
  ])('%s -> %s', (_name, outcome, kind) => {
    expect(classifyBookingOutcome(outcome).kind).toBe(kind);
  });

  it('marks the answer lost only when the remote may have acted on the request', () => {
    const lost = (o: UpstreamOutcome<BookingResponse>) => {
      const v = classifyBookingOutcome(o);
      return v.kind === 'retry' ? v.responseLost : null;
    };
    expect(lost({ kind: 'network', reason: 'connect', message: '' })).toBe(false);
    expect(lost({ kind: 'network', reason: 'timeout', message: '' })).toBe(true);
    expect(lost({ kind: 'network', reason: 'reset', message: '' })).toBe(true);
    expect(lost({ kind: 'network', reason: 'other', message: '' })).toBe(true);
    expect(lost(http(500))).toBe(false);
    expect(lost({ kind: 'invalidBody', status: 201, meta })).toBe(true);
    expect(lost({ kind: 'invalidBody', status: 502, meta })).toBe(false);
  });

  it('waits exactly retryAfter on a 429', () => {
    expect(
      classifyBookingOutcome({ kind: 'rateLimited', retryAfterMs: 7000, meta: null }),
    ).toMatchObject({ afterMs: 7000 });
  });
});

describe('verdicts in full (staff read the error in the outbox, the sync status the reason)', () => {
  it.each([
    // `taken`: 409 always, 400/404/422 as the day's list says (the send path asks it), no other.
    [
      http(409),
      { kind: 'refused', status: 409, taken: 'yes', error: { status: 409, message: 'HTTP 409' } },
    ],
    [
      http(400),
      { kind: 'refused', status: 400, taken: 'ask', error: { status: 400, message: 'HTTP 400' } },
    ],
    [
      http(404),
      { kind: 'refused', status: 404, taken: 'ask', error: { status: 404, message: 'HTTP 404' } },
    ],
    [
      http(422),
      { kind: 'refused', status: 422, taken: 'ask', error: { status: 422, message: 'HTTP 422' } },
    ],
    [
      http(499),
      { kind: 'refused', status: 499, taken: 'no', error: { status: 499, message: 'HTTP 499' } },
    ],
    [http(403), { kind: 'auth', error: { status: 403, message: 'HTTP 403' } }],
    [
      http(402),
      { kind: 'refused', status: 402, taken: 'no', error: { status: 402, message: 'HTTP 402' } },
    ],
    [
      http(500),
      { kind: 'retry', responseLost: false, error: { status: 500, message: 'HTTP 500' } },
    ],
    [
      http(408),
      { kind: 'retry', responseLost: false, error: { status: 408, message: 'HTTP 408' } },
    ],
    [
      http(304),
      { kind: 'retry', responseLost: false, error: { status: 304, message: 'HTTP 304' } },
    ],
    [
      { kind: 'rateLimited', retryAfterMs: 3000, meta },
      { kind: 'wait', afterMs: 3000, error: { status: 429, message: 'rate limited' } },
    ],
    [
      { kind: 'throttled', waitMs: 400 },
      {
        kind: 'wait',
        afterMs: 400,
        error: { status: null, message: 'waiting for the rate budget' },
      },
    ],
    [
      { kind: 'network', reason: 'connect', message: 'ECONNREFUSED' },
      { kind: 'retry', responseLost: false, error: { status: null, message: 'network: connect' } },
    ],
    [
      { kind: 'invalidBody', status: 200, meta },
      {
        kind: 'retry',
        responseLost: true,
        error: { status: 200, message: 'invalid response body' },
      },
    ],
    [
      { kind: 'invalidBody', status: 299, meta },
      {
        kind: 'retry',
        responseLost: true,
        error: { status: 299, message: 'invalid response body' },
      },
    ],
    [
      { kind: 'invalidBody', status: 300, meta },
      {
        kind: 'retry',
        responseLost: false,
        error: { status: 300, message: 'invalid response body' },
      },
    ],
    [
      { kind: 'invalidBody', status: 199, meta },
      {
        kind: 'retry',
        responseLost: false,
        error: { status: 199, message: 'invalid response body' },
      },
    ],
  ] as [UpstreamOutcome<BookingResponse>, unknown][])('booking %j', (outcome, verdict) => {
    expect(classifyBookingOutcome(outcome)).toEqual(verdict);
  });

  it.each([
    [
      { kind: 'http', status: 503, message: 'down', meta },
      { kind: 'fallback', reason: 'http 503' },
    ],
    [
      { kind: 'http', status: 408, message: 'slow', meta },
      { kind: 'fallback', reason: 'http 408' },
    ],
    [
      { kind: 'http', status: 399, message: 'odd', meta },
      { kind: 'fallback', reason: 'http 399' },
    ],
    [
      { kind: 'http', status: 400, message: 'bad', meta },
      { kind: 'client', status: 400, code: 'invalid_request', message: 'bad' },
    ],
    [
      { kind: 'http', status: 404, message: 'gone', meta },
      { kind: 'client', status: 404, code: 'not_found', message: 'gone' },
    ],
    [
      { kind: 'http', status: 499, message: 'odd', meta },
      { kind: 'client', status: 499, code: 'invalid_request', message: 'odd' },
    ],
    [
      { kind: 'http', status: 403, message: 'no', meta },
      { kind: 'auth', message: 'no' },
    ],
    [
      { kind: 'rateLimited', retryAfterMs: 1, meta },
      { kind: 'fallback', reason: 'rate limited' },
    ],
    [
      { kind: 'throttled', waitMs: 1 },
      { kind: 'fallback', reason: 'rate budget' },
    ],
    [
      { kind: 'network', reason: 'timeout', message: '' },
      { kind: 'fallback', reason: 'network: timeout' },
    ],
    [
      { kind: 'invalidBody', status: 200, meta },
      { kind: 'fallback', reason: 'invalid response body' },
    ],
  ] as [UpstreamOutcome<number>, unknown][])('lookup %j', (outcome, verdict) => {
    expect(classifyLookupOutcome<number>(outcome)).toEqual(verdict);
  });
});

describe('classifyLookupOutcome', () => {
  it.each([
    [{ kind: 'ok', status: 200, data: 1, meta } as const, 'live'],
    [{ kind: 'http', status: 500, message: '', meta } as const, 'fallback'],
    [{ kind: 'http', status: 401, message: '', meta } as const, 'auth'],
    [{ kind: 'http', status: 404, message: '', meta } as const, 'client'],
    [{ kind: 'rateLimited', retryAfterMs: 1, meta } as const, 'fallback'],
    [{ kind: 'throttled', waitMs: 1 } as const, 'fallback'],
    [{ kind: 'network', reason: 'reset', message: '' } as const, 'fallback'],
    [{ kind: 'invalidBody', status: 200, meta } as const, 'fallback'],
  ])('%j -> %s', (outcome, kind) => {
    expect(classifyLookupOutcome<number>(outcome).kind).toBe(kind);
  });
});

describe('networkReason', () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });
  it.each([
    ['ECONNREFUSED', 'connect'],
    ['UND_ERR_CONNECT_TIMEOUT', 'connect'],
    ['ENOTFOUND', 'connect'],
    ['EAI_AGAIN', 'connect'],
    ['EHOSTUNREACH', 'connect'],
    ['ENETUNREACH', 'connect'],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout'],
    ['UND_ERR_BODY_TIMEOUT', 'timeout'],
    ['ETIMEDOUT', 'timeout'],
    ['ECONNRESET', 'reset'],
    ['EPIPE', 'reset'],
    ['UND_ERR_SOCKET', 'reset'],
    ['UND_ERR_CLOSED', 'reset'],
    ['EWHATEVER', 'other'],
  ])('%s -> %s', (code, reason) => {
    expect(networkReason(withCode(code))).toBe(reason);
  });

  it('reads a code from the cause and treats an aborted request as a timeout', () => {
    expect(networkReason(new Error('fetch failed', { cause: withCode('ECONNREFUSED') }))).toBe(
      'connect',
    );
    expect(networkReason(new DOMException('timed out', 'TimeoutError'))).toBe('timeout');
    expect(networkReason(new DOMException('aborted', 'AbortError'))).toBe('timeout');
    expect(networkReason('not an error')).toBe('other');
    expect(networkReason(new Error('no code'))).toBe('other');
  });

  it('looks four causes deep, no deeper', () => {
    const nested = (depth: number): Error => {
      let error: Error = withCode('ECONNREFUSED');
      for (let i = 0; i < depth; i += 1) error = new Error(`wrapped ${i}`, { cause: error });
      return error;
    };
    expect(networkReason(nested(3))).toBe('connect');
    expect(networkReason(nested(4))).toBe('other');
  });
});

describe('readRateLimit', () => {
  it('reads the X-RateLimit-* headers (reset in Unix seconds)', () => {
    expect(
      readRateLimit({
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '59',
        'x-ratelimit-reset': '1800000000',
      }),
    ).toEqual({
      limit: 60,
      remaining: 59,
      resetAt: 1_800_000_000_000,
    });
  });
  it('ignores missing or garbled headers', () => {
    expect(readRateLimit({})).toBeNull();
    expect(
      readRateLimit({
        'x-ratelimit-limit': 'x',
        'x-ratelimit-remaining': '1',
        'x-ratelimit-reset': '1',
      }),
    ).toBeNull();
    expect(
      readRateLimit({
        'x-ratelimit-limit': '0',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': '1',
      }),
    ).toBeNull();
    // Without its limit header the others say nothing.
    expect(readRateLimit({ 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': '1' })).toBeNull();
    expect(
      readRateLimit({
        'x-ratelimit-limit': ['60', '61'],
        'x-ratelimit-remaining': ['5'],
        'x-ratelimit-reset': ['2'],
      }),
    ).toEqual({
      limit: 60,
      remaining: 5,
      resetAt: 2_000,
    });
  });

  it('reads the Date header as the server clock, and nothing from a garbled one', () => {
    expect(readMeta({ date: 'Tue, 24 Nov 2026 09:00:00 GMT' }, 5)).toEqual({
      rateLimit: null,
      serverDate: Date.parse('2026-11-24T09:00:00Z'),
      receivedAt: 5,
    });
    expect(readMeta({ date: 'yesterday' }, 5).serverDate).toBeNull();
    expect(readMeta({}, 5).serverDate).toBeNull();
  });
});
