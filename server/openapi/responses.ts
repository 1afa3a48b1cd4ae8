/**
 * Response and header objects: the rate-limit and other headers (inlined, since `required`
 * lives on the Header Object), error answers, and the answers every operation can give.
 */
import { HTTP_TIMEOUTS } from '../../shared/http-timeouts';
import { BODY_LIMITS } from '../http/json-body';
import { ref } from './components';
import type { Header, Response, Responses } from './types';

const integerHeader = (description: string): Header => ({
  description,
  schema: { type: 'integer', minimum: 0 },
});

const HEADERS: Record<string, Header> = {
  'X-RateLimit-Limit': integerHeader(
    'Requests allowed in the window with the fewest requests left (minute or UTC day).',
  ),
  'X-RateLimit-Remaining': integerHeader('Requests left in that window.'),
  'X-RateLimit-Reset': integerHeader('Unix time in seconds at which that window resets.'),
  'Retry-After': {
    description: 'Whole seconds (>= 1) until a request may be sent again; as `retryAfter`.',
    schema: { type: 'integer', minimum: 1 },
  },
  'WWW-Authenticate': {
    description: 'Always `Bearer`.',
    schema: { type: 'string', const: 'Bearer' },
  },
  'Idempotent-Replayed': {
    description:
      'Present (`true`) when the answer replays the first answer to this Idempotency-Key.',
    schema: { type: 'string', const: 'true' },
  },
};

const RATE_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

/**
 * `required`: on every answer after the key was accepted; `optional`: an answer that may come
 * before the key was checked (a request the HTTP layer could not read).
 */
export function headers(
  rate: 'required' | 'optional' | 'none',
  extra: Record<string, boolean> = {},
) {
  const result: Record<string, Header> = {};
  const wanted: Record<string, boolean> = {};
  if (rate !== 'none') for (const name of RATE_HEADERS) wanted[name] = rate === 'required';
  Object.assign(wanted, extra);
  for (const [name, required] of Object.entries(wanted)) {
    const header = HEADERS[name];
    // `required` lives on the Header Object, so the headers are inlined rather than referenced.
    if (header) result[name] = { ...header, required };
  }
  return result;
}

export function json(
  description: string,
  schemaName: string,
  headerObjects: ReturnType<typeof headers>,
): Response {
  return {
    description,
    headers: headerObjects,
    content: { 'application/json': { schema: ref(schemaName) } },
  };
}

export const error = (
  description: string,
  rate: 'required' | 'optional' | 'none',
  extra: Record<string, boolean> = {},
) => json(description, 'ErrorEnvelope', headers(rate, extra));

/** Answers every operation can give. */
export function commonResponses(): Responses {
  return {
    '400': error(
      'Invalid request: `error` names the field or parameter (e.g. `customer.email`) or says why the body could not be read (not JSON, nested too deep).',
      'optional',
    ),
    '401': error('Missing, malformed, unknown or revoked API key.', 'none', {
      'WWW-Authenticate': true,
    }),
    '408': error(
      `The request did not arrive completely within ${HTTP_TIMEOUTS.requestMs / 1000} s; the connection is closed.`,
      'none',
    ),
    '413': error(`Body larger than ${BODY_LIMITS.bytes} bytes.`, 'optional'),
    '431': error('Request headers too large; the connection is closed.', 'none'),
    '429': json(
      'Rate limit exceeded (the request was not counted).',
      'RateLimitBody',
      headers('required', { 'Retry-After': true }),
    ),
    '500': error('Unexpected failure; never a stack trace.', 'optional'),
  };
}
