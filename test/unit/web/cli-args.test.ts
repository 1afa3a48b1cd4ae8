import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../electron/core/config';
import { UsageError, parseWebCliArgs } from '../../../electron/web/cli-args';

// No FRONTDESK_* variables, and macOS's machine-file path, which does not exist on this machine.
const env = {};
const parse = (argv: string[]) => parseWebCliArgs(argv, env, 'darwin');

describe('parseWebCliArgs', () => {
  it('applies the documented defaults', () => {
    expect(parse([])).toEqual({
      port: 5175,
      token: undefined,
      upstreamUrl: undefined,
      apiKey: undefined,
      dataDir: './data/kiosk',
    });
    // Not configured is undefined, not null: null would force the embedded server on every
    // start and drop the upstream staff set in Settings.
    expect(parse([]).upstreamUrl).not.toBeNull();
    expect(parse([]).apiKey).not.toBeNull();
  });

  it('forces the embedded server only for --upstream embedded', () => {
    expect(parse(['--upstream', 'embedded']).upstreamUrl).toBeNull();
    expect(parse(['--upstream', 'embedded']).apiKey).toBeUndefined();
  });

  it('reads every flag of the documented command line', () => {
    expect(
      parse([
        '--port',
        '0',
        '--upstream',
        'https://api.example.com/',
        '--api-key',
        'k1',
        '--data',
        '/tmp/d',
        '--token',
        'T',
      ]),
    ).toEqual({
      port: 0,
      token: 'T',
      upstreamUrl: 'https://api.example.com',
      apiKey: 'k1',
      dataDir: '/tmp/d',
    });
  });

  it.each([
    [['--port', 'abc'], '--port must be 0 to 65535, got "abc"'],
    [['--port', '65536'], '--port must be 0 to 65535, got "65536"'],
    [['--port', '-1'], /--port/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['positional'], /positional/],
    [['--token', 'has space'], '--token must be 1 to 512 visible ASCII characters'],
    [['--help'], 'help'],
  ])('refuses %j with a UsageError', (argv, message) => {
    expect(() => parse(argv)).toThrow(UsageError);
    expect(() => parse(argv)).toThrow(message);
  });

  it('reports a bad upstream as a ConfigError naming the flag', () => {
    expect(() => parse(['--upstream', 'ftp://x'])).toThrow(ConfigError);
    expect(() => parse(['--upstream', 'ftp://x'])).toThrow(
      'flag --upstream: expected an http(s) URL or "embedded"',
    );
  });
});
