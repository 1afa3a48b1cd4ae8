/**
 * decisions.md "Rate limits": fixed clock-minute and UTC-day windows per key, every
 * authenticated request counts (errors too), a 429 does not; headers describe the window
 * with the fewest left; 429 body and Retry-After in whole seconds. Each test on its own app
 * (limits 3 a minute, 5 a day), so that any one passes alone.
 */
// Every response this file's tests receive is checked against the OpenAPI document.
import '../../support/server/conformance-setup';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RateLimitBodySchema } from '../../../shared/api/schemas';
import {
  MONDAY_0800,
  OTHER_BOOK_KEY,
  createTestApp,
  demoBooking,
} from '../../support/server/harness';
import type { TestApp } from '../../support/server/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ limits: { perMinute: 3, perDay: 5 } });
});
afterEach(async () => {
  await t.close();
});

const MINUTE_END = Math.ceil((MONDAY_0800 + 60_000) / 1000);
const DAY_END = Date.parse('2026-11-24T00:00:00Z') / 1000;

function headers(response: { headers: Record<string, unknown> }) {
  return {
    limit: Number(response.headers['x-ratelimit-limit']),
    remaining: Number(response.headers['x-ratelimit-remaining']),
    reset: Number(response.headers['x-ratelimit-reset']),
  };
}

/** Spends `n` requests of the current minute, each answered 200. */
async function spend(n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) expect((await t.get('/services')).statusCode).toBe(200);
}

describe('per-key limits', () => {
  it('counts every authenticated request, errors included, and refuses the one over the minute limit', async () => {
    expect(headers(await t.get('/services'))).toEqual({
      limit: 3,
      remaining: 2,
      reset: MINUTE_END,
    });
    const notFound = await t.get('/availability?date=2026-11-24&serviceId=svc-unknown');
    expect(notFound.statusCode).toBe(404);
    expect(headers(notFound)).toEqual({ limit: 3, remaining: 1, reset: MINUTE_END });
    const invalid = await t.book({ nonsense: true });
    expect(invalid.statusCode).toBe(400);
    expect(headers(invalid).remaining).toBe(0);

    t.clock.advance(10_000);
    const refused = await t.get('/services');
    expect(refused.statusCode).toBe(429);
    const body = RateLimitBodySchema.parse(refused.json());
    expect(body.retryAfter).toBe(50);
    expect(refused.headers['retry-after']).toBe('50');
    expect(headers(refused)).toEqual({ limit: 3, remaining: 0, reset: MINUTE_END });
  });

  it('does not count a 429, and another key has its own counters', async () => {
    await spend(3);
    expect((await t.get('/services')).statusCode).toBe(429);
    expect((await t.get('/services')).statusCode).toBe(429);
    expect(headers(await t.get('/services', OTHER_BOOK_KEY))).toEqual({
      limit: 3,
      remaining: 2,
      reset: MINUTE_END,
    });
    // Had the 429s counted, the day (5) would be used up: the next minute must still answer.
    t.clock.set(MONDAY_0800 + 60_000);
    expect(headers(await t.get('/services'))).toEqual({ limit: 5, remaining: 1, reset: DAY_END });
  });

  it('a new minute opens again; the headers then describe the day, which has fewer left', async () => {
    await spend(3);
    expect((await t.get('/services')).statusCode).toBe(429);
    t.clock.set(MONDAY_0800 + 60_000);
    const response = await t.get('/services');
    expect(response.statusCode).toBe(200);
    // 3 counted before (the 429 was not) + this one = 4 of 5 for the day; 1 of 3 for the minute.
    expect(headers(response)).toEqual({ limit: 5, remaining: 1, reset: DAY_END });
    expect((await t.book(demoBooking())).statusCode).toBe(201);
    const refused = await t.get('/employees');
    expect(refused.statusCode).toBe(429);
    const body = RateLimitBodySchema.parse(refused.json());
    expect(body.retryAfter).toBe(DAY_END - (MONDAY_0800 + 60_000) / 1000);
    expect(headers(refused)).toEqual({ limit: 5, remaining: 0, reset: DAY_END });
  });

  it('the UTC day resets the day window', async () => {
    await spend(3);
    t.clock.set(MONDAY_0800 + 60_000);
    await spend(2);
    expect((await t.get('/services')).statusCode).toBe(429); // the day is used up
    t.clock.set(DAY_END * 1000);
    expect(headers(await t.get('/services'))).toEqual({
      limit: 3,
      remaining: 2,
      reset: DAY_END + 60,
    });
  });

  it('writes the counters to SQLite at the end of the event-loop turn', async () => {
    await spend(2);
    await new Promise((resolve) => setImmediate(resolve));
    const rows = t.db.$client
      .prepare("SELECT window, count FROM rate_limit_counters WHERE window = 'day' ORDER BY count")
      .all();
    expect(rows).toContainEqual({ window: 'day', count: 2 });
  });

  it('no rate-limit headers without a valid key', async () => {
    const response = await t.get('/services', 'wrong');
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-ratelimit-remaining']).toBeUndefined();
  });
});
