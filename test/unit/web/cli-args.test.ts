import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../electron/core/config/config';
import { UsageError, parseWebCliArgs } from '../../../electron/web/cli-args';

// No FRONTDESK_* variables, and macOS's machine-file path, which does not exist on this machine.
const env = {};
const parse = (argv: string[]) => parseWebCliArgs(argv, env, 'darwin');

describe('parseWebCliArgs', () => {
  it('applies the documented defaults', () => {
    expect(parse([])).toEqual({
      port: 5175,
      token: undefined,
      tokenFromFile: false,
      upstreamUrl: undefined,
      apiKey: undefined,
      dataDir: './data/kiosk',
      locked: [],
      mode: undefined,
      configFile: null,
      updateUrl: null,
      openAtLogin: false,
      hub: null,
      hubScreen: null,
      metrics: null,
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
      tokenFromFile: false,
      upstreamUrl: 'https://api.example.com',
      apiKey: 'k1',
      dataDir: '/tmp/d',
      locked: [],
      mode: undefined,
      configFile: null,
      updateUrl: null,
      openAtLogin: false,
      hub: null,
      hubScreen: null,
      metrics: null,
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

  it("passes the machine file's locked fields and its mode on (unlocked, the core takes the mode as a default)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'fd-cli-args-'));
    try {
      const file = join(dir, 'config.json');
      const parseWith = (config: object) => {
        writeFileSync(file, JSON.stringify(config));
        return parseWebCliArgs([], { FRONTDESK_CONFIG: file }, 'linux');
      };
      expect(parseWith({ mode: 'counter', locked: ['mode', 'upstreamUrl'] })).toMatchObject({
        locked: ['mode', 'upstreamUrl'],
        mode: 'counter',
      });
      // Unlocked, the file's mode is only a default: staff choose in Settings (settings-service).
      expect(parseWith({ mode: 'counter', locked: ['language'] })).toMatchObject({
        locked: ['language'],
        mode: 'counter',
      });
      expect(parseWith({ locked: ['language'] }).mode).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('issue 38 item 18: --mode kiosk|counter beside FRONTDESK_MODE; --port with --listen refused', () => {
    expect(parse(['--mode', 'counter']).mode).toBe('counter');
    expect(parse(['--mode', 'kiosk']).mode).toBe('kiosk');
    // The flag wins over the variable, as every flag does.
    expect(parseWebCliArgs(['--mode', 'kiosk'], { FRONTDESK_MODE: 'counter' }, 'darwin').mode).toBe(
      'kiosk',
    );
    expect(() => parse(['--mode', 'desk'])).toThrow(ConfigError);
    expect(() => parse(['--mode', 'desk'])).toThrow(/flag --mode/);
    // A hub serves only on --listen: a --port beside it is refused, not ignored.
    expect(() => parse(['--port', '5175', '--listen', '0.0.0.0:8443'])).toThrow(UsageError);
    expect(() => parse(['--listen', '0.0.0.0:8443', '--port', '0'])).toThrow(
      '--port and --listen: give one (with --listen the shell serves only there)',
    );
  });

  it('reports a bad upstream as a ConfigError naming the flag', () => {
    expect(() => parse(['--upstream', 'ftp://x'])).toThrow(ConfigError);
    expect(() => parse(['--upstream', 'ftp://x'])).toThrow(
      'flag --upstream: expected an http(s) URL or "embedded"',
    );
  });

  it("turns the hub on with --listen, keeping the machine file's names and certificate", () => {
    expect(parse(['--listen', '0.0.0.0:8443']).hub).toEqual({
      listen: { host: '0.0.0.0', port: 8443 },
      names: [],
      tls: null,
      announce: 'lan',
    });
    const dir = mkdtempSync(join(tmpdir(), 'fd-cli-hub-'));
    try {
      const file = join(dir, 'config.json');
      writeFileSync(
        file,
        JSON.stringify({ hub: { listen: '0.0.0.0:443', names: ['hub.shop.lan'] } }),
      );
      expect(
        parseWebCliArgs(['--listen', '127.0.0.1:9443'], { FRONTDESK_CONFIG: file }, 'linux').hub,
      ).toEqual({
        listen: { host: '127.0.0.1', port: 9443 },
        names: ['hub.shop.lan'],
        tls: null,
        announce: 'lan',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(() => parse(['--listen', 'hub.shop.lan:8443'])).toThrow(UsageError);
    expect(() => parse(['--listen'])).toThrow(UsageError);
  });
});
