/**
 * Rate-limit answers as bounds, not orders (issue 18). The spec names the windows (60 a
 * minute, 1,000 a day) but not the unit of `retryAfter`, and `X-RateLimit-Reset` only
 * "resembles a Unix timestamp". A remote that answers in milliseconds, or with seconds from now,
 * must not block the kiosk for hours or show a reset in 1970. Pure functions: `now` comes in.
 */
export interface RateLimitHeader {
  limit: number;
  remaining: number;
  resetAt: number; // epoch ms
}

const SECOND = 1_000;
const MINUTE = 60_000;
const DAY = 86_400_000;
/** A Reset this far from now (either way: clock skew) can still be a Unix time. */
const UNIX_SLACK_MS = 2 * DAY;
/** A limit above this is no plan's (the spec's standard day is 1,000): the header is nonsense. */
export const MAX_PLAUSIBLE_LIMIT = 100_000;

/**
 * Where the window resets, from the raw `X-RateLimit-Reset` value: Unix seconds when that is
 * near now, Unix milliseconds likewise, else seconds from now when that fits in a day; null
 * when it is none of these (the header is then not believed at all).
 */
export function resetInstant(reset: number, now: number): number | null {
  if (!Number.isFinite(reset) || reset < 0) return null;
  if (Math.abs(reset * SECOND - now) <= UNIX_SLACK_MS) return reset * SECOND;
  if (Math.abs(reset - now) <= UNIX_SLACK_MS) return reset;
  if (reset <= DAY / SECOND + 60) return now + reset * SECOND;
  return null;
}

/**
 * The X-RateLimit-* headers as read with `resetAt` = raw Reset × 1000 (client.ts readRateLimit),
 * made plausible: the reset placed by resetInstant, and null when the limit is not a plausible
 * whole number or `remaining` lies outside 0..limit (nothing then reaches the governor or the
 * sync status).
 */
export function plausibleRateLimit(
  header: RateLimitHeader | null,
  now: number,
): RateLimitHeader | null {
  if (!header) return null;
  const { limit, remaining } = header;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PLAUSIBLE_LIMIT) return null;
  if (!Number.isInteger(remaining) || remaining < 0 || remaining > limit) return null;
  const resetAt = resetInstant(header.resetAt / SECOND, now);
  return resetAt === null ? null : { limit, remaining, resetAt };
}

export interface RetryAfterInput {
  /** `retryAfter` of the 429 body, when it had one (unit unknown). */
  body?: number | undefined;
  /** The Retry-After header: delta-seconds or an HTTP-date (RFC 9110). */
  header?: string | undefined;
  now: number;
  /** The 429's own X-RateLimit-* (already plausible), describing the window that is full. */
  rateLimit: RateLimitHeader | null;
  /** Whether our own count says the day window is spent (else the wait can only be the minute's). */
  dayFull: boolean;
}

/**
 * The longest a 429 can be about: until the header's reset when it has one (at most a day),
 * else the whole window that can be full (the day's only when our own count says so).
 */
export function retryAfterBound(
  input: Pick<RetryAfterInput, 'now' | 'rateLimit' | 'dayFull'>,
): number {
  const { rateLimit, now } = input;
  if (rateLimit && rateLimit.resetAt > now)
    return Math.max(SECOND, Math.min(DAY, rateLimit.resetAt - now));
  return input.dayFull ? DAY : MINUTE;
}

/**
 * How long a 429 blocks, in ms: the Retry-After header first (its unit is defined), then the
 * body's `retryAfter`; each read in seconds when that fits the bound, else in milliseconds when
 * that does, else the bound. Missing or not a positive number: the bound.
 */
export function readRetryAfterMs(input: RetryAfterInput): number {
  const bound = retryAfterBound(input);
  const fromHeader = headerValue(input.header, input.now);
  if (fromHeader !== null)
    return fromHeader.date
      ? Math.min(bound, Math.max(SECOND, fromHeader.ms))
      : fit(fromHeader.ms / SECOND, bound);
  // NaN is not above 0, and Infinity fits no bound: both come to the bound.
  const body = input.body ?? 0;
  if (body > 0) return fit(body, bound);
  return bound;
}

function fit(value: number, bound: number): number {
  if (value * SECOND <= bound) return Math.ceil(value * SECOND);
  // Milliseconds only for a wait of a second or more: "2" a moment before the window resets
  // (1,996 ms away) is that reset, not 2 ms.
  if (value >= SECOND && value <= bound) return Math.ceil(value);
  return bound;
}

function headerValue(
  header: string | undefined,
  now: number,
): { ms: number; date: boolean } | null {
  const text = header?.trim();
  if (!text) return null;
  if (/^\d+(\.\d+)?$/.test(text)) {
    const seconds = Number(text);
    return seconds > 0 ? { ms: seconds * SECOND, date: false } : null;
  }
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : { ms: at - now, date: true };
}
