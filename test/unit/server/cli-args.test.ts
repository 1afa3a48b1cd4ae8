import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DB_PATH,
  DEFAULT_PORT,
  parseCliArgs,
  parseKeyFile,
} from '../../../server/cli-args';

const ok = (argv: string[], env: Record<string, string> = {}) => {
  const parsed = parseCliArgs(argv, env);
  if (!parsed.ok || parsed.help) throw new Error(JSON.stringify(parsed));
  return parsed.options;
};
const error = (argv: string[]) => {
  const parsed = parseCliArgs(argv, {});
  if (parsed.ok) throw new Error('expected an error');
  return parsed.error;
};

describe('parseCliArgs', () => {
  it('applies the defaults', () => {
    expect(ok([])).toMatchObject({
      port: DEFAULT_PORT,
      dbPath: DEFAULT_DB_PATH,
      keys: [],
      seed: undefined,
      rateLimit: undefined,
    });
  });

  it('reads the whole CLI of issue 2', () => {
    const options = ok(
      [
        '--port',
        '0',
        '--db',
        '/tmp/x.db',
        '--seed',
        'demo',
        '--key',
        'k1',
        '--key',
        'k2:read',
        '--rate-limit',
        '600,5000',
        '--host',
        '0.0.0.0',
        '--time-zone',
        'Europe/Vienna',
        '--smtp',
        'smtp://127.0.0.1:2525',
      ],
      { FRONTDESK_API_KEYS: 'e1:read, e2' },
    );
    expect(options).toMatchObject({
      port: 0,
      dbPath: '/tmp/x.db',
      seed: 'demo',
      rateLimit: { perMinute: 600, perDay: 5000 },
      host: '0.0.0.0',
      timeZone: 'Europe/Vienna',
      smtpUrl: 'smtp://127.0.0.1:2525',
    });
    expect(options.keys).toEqual([
      { key: 'k1', scope: 'book' },
      { key: 'k2', scope: 'read' },
      { key: 'e1', scope: 'read' },
      { key: 'e2', scope: 'book' },
    ]);
  });

  it.each([
    [['--port', '70000'], /--port/],
    [['--port', '-1'], /port/],
    [['--seed', 'big'], /--seed/],
    [['--rate-limit', '60'], /--rate-limit/],
    [['--rate-limit', '0,10'], /--rate-limit/],
    [['--time-zone', 'Mars/Olympus'], /--time-zone/],
    [['--smtp', 'http://x'], /--smtp/],
    [['--key', 'has space'], /--key/],
    [['--key', ':read'], /--key/],
    [['--unknown'], /unknown/i],
    [['positional'], /positional|unexpected/i],
  ])('refuses %j', (argv, pattern) => {
    expect(error(argv)).toMatch(pattern);
  });
});

describe('--key-file (issue 11)', () => {
  it('is passed on for the CLI to read; an empty path is refused', () => {
    const parsed = parseCliArgs(['--key-file', '/etc/frontdesk/keys', '--key', 'k1'], {});
    expect(parsed).toMatchObject({
      ok: true,
      keyFile: '/etc/frontdesk/keys',
      options: { keys: [{ key: 'k1', scope: 'book' }] },
    });
    expect(error(['--key-file', ' '])).toMatch(/^--key-file/);
  });

  it('reads one KEY[:read] a line, skipping blank lines and # comments', () => {
    expect(parseKeyFile('# shop keys\r\nbook-key-1\n\n  read-key-1:read  \n#old-key\n')).toEqual({
      ok: true,
      keys: [
        { key: 'book-key-1', scope: 'book' },
        { key: 'read-key-1', scope: 'read' },
      ],
    });
  });

  it('names the bad line but never echoes it (it may be a key); a file without keys is refused', () => {
    const bad = parseKeyFile('good-key\nsecret with spaces\n');
    expect(bad).toEqual({ ok: false, error: expect.stringMatching(/^line 2: /) as unknown });
    expect(JSON.stringify(bad)).not.toContain('secret');
    expect(parseKeyFile('# nothing\n\n')).toMatchObject({ ok: false });
  });
});
