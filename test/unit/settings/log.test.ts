import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../electron/core/platform/log';
import { atLeast, parseLogLevel } from '../../../shared/log';
import { describeError, redact } from '../../../shared/redact';

describe('createLogger', () => {
  const now = () => new Date('2026-01-02T03:04:05.000Z');

  it('writes one prefixed line per entry at or above the level', () => {
    const lines: string[] = [];
    const log = createLogger('web', { level: 'info', sink: (l) => lines.push(l), now });
    log.debug('hidden');
    log.info('started', { port: 5175 });
    log.error('boom', { error: new Error('bad') });
    expect(lines).toEqual([
      '2026-01-02T03:04:05.000Z INFO web: started {"port":5175}',
      '2026-01-02T03:04:05.000Z ERROR web: boom {"error":{"name":"Error","message":"bad"}}',
    ]);
  });

  it("keeps the name of an error the caller described itself, and still masks a person's name", () => {
    const lines: string[] = [];
    const log = createLogger('web', { level: 'info', sink: (l) => lines.push(l), now });
    const error = new TypeError('fetch failed');
    log.warn('update failed', {
      error: describeError(error),
      nested: { cause: describeError('text') },
    });
    log.warn('booking', { name: 'Anna Example', error: { name: 'Anna Example' } });
    expect(lines).toEqual([
      '2026-01-02T03:04:05.000Z WARN web: update failed {"error":{"name":"TypeError","message":"fetch failed"},"nested":{"cause":{"name":"string","message":"text"}}}',
      '2026-01-02T03:04:05.000Z WARN web: booking {"name":"***","error":{"name":"***"}}',
    ]);
  });

  it('writes nothing when silent', () => {
    const lines: string[] = [];
    const log = createLogger('x', { level: null, sink: (l) => lines.push(l) });
    log.error('nope');
    expect(lines).toEqual([]);
  });

  it.each([
    ['debug', 'debug'],
    ['WARN', 'warn'],
    ['silent', null],
    [undefined, 'info'],
    ['nonsense', 'info'],
  ] as const)('parses level %s', (input, expected) => {
    expect(parseLogLevel(input)).toBe(expected);
  });

  it.each([
    ['debug', 'warn'],
    ['info', 'warn'],
    ['warn', 'warn'],
    ['error', 'error'],
    [null, null],
  ] as const)('raises %s to at least warn: %s', (level, expected) => {
    expect(atLeast(level, 'warn')).toBe(expected);
  });
});

describe('redact', () => {
  it.each([
    ['https://user:pass@api.example.com/x', 'https://***@api.example.com/x'],
    ['Authorization: Bearer sk_live_123', 'Authorization: Bearer ***'],
    ['http://h/api?api_key=abc&x=1', 'http://h/api?api_key=***&x=1'],
    ['http://127.0.0.1:5175/#token=abc', 'http://127.0.0.1:5175/#token=***'],
    ['nothing secret here', 'nothing secret here'],
    ['mail erika@example.de now', 'mail ***@*** now'],
    ['call +49 (0)30 123-4567.', 'call ***.'],
    ['call 0171/9876543', 'call ***'],
    // Not phone numbers: times, addresses, ids and counts stay readable.
    ['at 2026-01-02T03:04:05.000Z', 'at 2026-01-02T03:04:05.000Z'],
    ['http://127.0.0.1:5175/ and 0.0.0.0', 'http://127.0.0.1:5175/ and 0.0.0.0'],
    ['fd-01234567-89ab-4cde-8f01-234567890abc', 'fd-01234567-89ab-4cde-8f01-234567890abc'],
    ['0000_init.sql, 3 queued, HTTP 503', '0000_init.sql, 3 queued, HTTP 503'],
  ])('redacts %s', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it('redacts secret headers in a record', () => {
    expect(
      redact({ Authorization: 'Bearer k', 'content-type': 'application/json', cookie: 'a=b' }),
    ).toEqual({
      Authorization: '***',
      'content-type': 'application/json',
      cookie: '***',
    });
  });
});
