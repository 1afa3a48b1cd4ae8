import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_PLAUSIBLE_LIMIT,
  plausibleRateLimit,
  readRetryAfterMs,
  resetInstant,
  retryAfterBound,
} from '../../../electron/core/governor/rate-limit-answers';

const NOW = Date.parse('2026-11-24T09:00:00Z');
const NOW_S = NOW / 1000;
const MINUTE = 60_000;
const DAY = 86_400_000;

describe('resetInstant: X-RateLimit-Reset as a bound in time', () => {
  it.each([
    ['Unix seconds', NOW_S + 42, NOW + 42_000],
    ['Unix seconds a little behind (clock skew)', NOW_S - 5, NOW - 5_000],
    ['Unix milliseconds', NOW + 42_000, NOW + 42_000],
    ['seconds from now', 42, NOW + 42_000],
    ['seconds from now: the rest of the day', 80_000, NOW + 80_000_000],
    ['zero: now', 0, NOW],
  ])('%s', (_name, reset, expected) => {
    expect(resetInstant(reset, NOW)).toBe(expected);
  });

  it.each([
    ['Unix seconds two days ahead, the edge of clock skew', NOW_S + 2 * 86_400, NOW + 2 * DAY],
    ['Unix milliseconds two days ahead', NOW + 2 * DAY, NOW + 2 * DAY],
    ['seconds from now: a day and a minute, the longest believed', 86_460, NOW + 86_460_000],
  ])('at the edge: %s', (_name, reset, expected) => {
    expect(resetInstant(reset, NOW)).toBe(expected);
  });

  it.each([
    ['46 million (neither a time near now nor within a day)', 46_000_000],
    ['seconds from now: a second past a day and a minute', 86_461],
    ['a year ahead in Unix seconds', NOW_S + 365 * 86_400],
    ['negative', -1],
    ['not a number', Number.NaN],
  ])('not believed: %s', (_name, reset) => {
    expect(resetInstant(reset, NOW)).toBeNull();
  });

  it('property: a believed reset is never before 1970 + a day ago, nor more than two days ahead', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e13, max: 1e13, noNaN: true }), (reset) => {
        const at = resetInstant(reset, NOW);
        return at === null || (at >= NOW - 2 * DAY && at <= NOW + 2 * DAY);
      }),
    );
  });
});

describe('plausibleRateLimit', () => {
  const header = (limit: number, remaining: number, reset: number) => ({
    limit,
    remaining,
    resetAt: reset * 1000,
  });

  it('keeps a reference header, places a seconds-from-now reset', () => {
    expect(plausibleRateLimit(header(60, 12, NOW_S + 30), NOW)).toEqual({
      limit: 60,
      remaining: 12,
      resetAt: NOW + 30_000,
    });
    expect(plausibleRateLimit(header(60, 12, 30), NOW)).toEqual({
      limit: 60,
      remaining: 12,
      resetAt: NOW + 30_000,
    });
  });

  it.each([
    ['a limit of 46 million', header(46_000_000, 5, NOW_S + 30)],
    ['more remaining than the limit', header(60, 46_000_001, NOW_S + 30)],
    ['negative remaining', header(60, -5, NOW_S + 30)],
    ['a fractional limit', header(60.5, 5, NOW_S + 30)],
    ['a reset that is no time', header(60, 5, 99_999_999_999)],
  ])('drops %s', (_name, value) => {
    expect(plausibleRateLimit(value, NOW)).toBeNull();
  });

  it.each([
    ['a limit of one', header(1, 0, NOW_S + 30), 0],
    ['as many remaining as the limit', header(60, 60, NOW_S + 30), 60],
  ])('believes %s', (_name, value, remaining) => {
    expect(plausibleRateLimit(value, NOW)?.remaining).toBe(remaining);
  });

  it('drops a limit of zero', () => {
    expect(plausibleRateLimit(header(0, 0, NOW_S + 30), NOW)).toBeNull();
  });

  it('a limit at the bound is still believed; null stays null', () => {
    expect(plausibleRateLimit(header(MAX_PLAUSIBLE_LIMIT, 0, NOW_S + 30), NOW)?.limit).toBe(
      MAX_PLAUSIBLE_LIMIT,
    );
    expect(plausibleRateLimit(null, NOW)).toBeNull();
  });
});

describe('readRetryAfterMs: retryAfter as a bound, in the unit that fits', () => {
  const minuteHeader = { limit: 60, remaining: 0, resetAt: NOW + 50_000 };
  const base = { now: NOW, rateLimit: null, dayFull: false };

  it.each([
    ['seconds in the body', { body: 2 }, 2_000],
    ['milliseconds in the body (the 12.9-hour block of issue 18)', { body: 46_375 }, 46_375],
    ['too large in either unit: the minute', { body: 10_000_000 }, MINUTE],
    ['nothing at all: the minute', {}, MINUTE],
    ['Retry-After seconds', { header: '7' }, 7_000],
    ['Retry-After wins over the body', { header: '7', body: 46_375 }, 7_000],
    ['Retry-After in milliseconds', { header: '30000' }, 30_000],
    ['Retry-After as an HTTP-date', { header: new Date(NOW + 20_000).toUTCString() }, 20_000],
    [
      'Retry-After as an HTTP-date in the past: a second',
      { header: new Date(NOW - 20_000).toUTCString() },
      1_000,
    ],
    ['Retry-After of nonsense: the body', { header: 'soon', body: 3 }, 3_000],
    ['a zero or negative body: the minute', { body: -4 }, MINUTE],
    ['a body of zero: the minute', { body: 0 }, MINUTE],
    ['a body that is not a number: the minute', { body: Number.NaN }, MINUTE],
    ['an infinite body: the minute', { body: Number.POSITIVE_INFINITY }, MINUTE],
    ['a body of exactly the window in seconds', { body: 60 }, MINUTE],
    ['Retry-After with spaces around it', { header: ' 7 ' }, 7_000],
    ['Retry-After with a fraction of a second', { header: '7.5' }, 7_500],
    ['Retry-After with two decimals', { header: '7.25' }, 7_250],
    [
      'Retry-After as a date without a time: an HTTP-date, long past: a second',
      { header: '2026-11-23' },
      1_000,
    ],
  ])('no headers, day not spent: %s', (_name, answer, expected) => {
    expect(readRetryAfterMs({ ...base, ...answer })).toBe(expected);
  });

  it('bounded by X-RateLimit-Reset', () => {
    expect(readRetryAfterMs({ ...base, rateLimit: minuteHeader, body: 30 })).toBe(30_000);
    expect(readRetryAfterMs({ ...base, rateLimit: minuteHeader, body: 3_600 })).toBe(3_600); // an hour cannot be: ms
    expect(readRetryAfterMs({ ...base, rateLimit: minuteHeader, body: 1e9 })).toBe(50_000); // neither: the reset
    expect(readRetryAfterMs({ ...base, rateLimit: minuteHeader, body: 46_375 })).toBe(46_375);
    expect(readRetryAfterMs({ ...base, rateLimit: minuteHeader })).toBe(50_000);
    // Seconds just past a reset that is nearer: the reset, not as many milliseconds.
    const soon = { ...minuteHeader, resetAt: NOW + 1_996 };
    expect(readRetryAfterMs({ ...base, rateLimit: soon, header: '2' })).toBe(1_996);
    expect(readRetryAfterMs({ ...base, rateLimit: soon, body: 2 })).toBe(1_996);
  });

  it('a day-long wait only when the day window can be the one that is full', () => {
    expect(readRetryAfterMs({ ...base, body: 46_375 })).toBe(46_375);
    expect(readRetryAfterMs({ ...base, dayFull: true, body: 46_375 })).toBe(46_375_000);
    const dayHeader = { limit: 1000, remaining: 0, resetAt: NOW + 5 * 3_600_000 };
    expect(readRetryAfterMs({ ...base, rateLimit: dayHeader, body: 3_600 })).toBe(3_600_000);
    expect(readRetryAfterMs({ ...base, rateLimit: dayHeader, body: 46_375 })).toBe(46_375); // 12.9 h is past the reset
    expect(readRetryAfterMs({ ...base, rateLimit: dayHeader })).toBe(5 * 3_600_000);
  });

  it('retryAfterBound: the header reset (at least a second, at most a day), else the window that can be full', () => {
    expect(retryAfterBound(base)).toBe(MINUTE);
    expect(retryAfterBound({ ...base, dayFull: true })).toBe(DAY);
    expect(retryAfterBound({ ...base, rateLimit: { ...minuteHeader, resetAt: NOW + 10 } })).toBe(
      1_000,
    );
    expect(retryAfterBound({ ...base, rateLimit: { ...minuteHeader, resetAt: NOW - 10 } })).toBe(
      MINUTE,
    );
    // A reset of now is no wait to measure: the window's.
    expect(retryAfterBound({ ...base, rateLimit: { ...minuteHeader, resetAt: NOW } })).toBe(MINUTE);
  });

  it('property: never longer than the window it can be about, never less than 1 ms', () => {
    fc.assert(
      fc.property(
        fc.option(fc.double({ min: -1e12, max: 1e12, noNaN: true }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 1e9 }).map(String), { nil: undefined }),
        fc.boolean(),
        (body, header, dayFull) => {
          const wait = readRetryAfterMs({ now: NOW, body, header, rateLimit: null, dayFull });
          return wait >= 1 && wait <= (dayFull ? DAY : MINUTE);
        },
      ),
    );
  });
});
