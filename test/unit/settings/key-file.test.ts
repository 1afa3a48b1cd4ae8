/**
 * Secrets by file (--api-key-file, FRONTDESK_API_KEY_FILE, machine apiKeyFile, --token-file)
 * and the machine config's retentionDays, with real files in a temp folder.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadKioskStartupConfig,
  type LoadKioskConfigOptions,
} from '../../../electron/core/config/config';
import { createLogger } from '../../../electron/core/platform/log';
import { UsageError, parseWebCliArgs } from '../../../electron/web/cli-args';

const MACHINE = '/etc/frontdesk/config.json';
let dir: string;
let warnings: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-keyfile-'));
  warnings = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function secretFile(name: string, text: string, mode = 0o600): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
}

function load(options: Partial<LoadKioskConfigOptions> & { machine?: object } = {}) {
  const { machine, ...rest } = options;
  return loadKioskStartupConfig({
    argv: [],
    env: {},
    platform: 'linux',
    defaultDataDir: '/data',
    readFile: (path) => (path === MACHINE && machine ? JSON.stringify(machine) : null),
    log: createLogger('config', { level: 'warn', sink: (line) => warnings.push(line) }),
    ...rest,
  });
}

function configError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('API key by file', () => {
  it('reads the first line, trimmed, from the flag, the variable or the machine file', () => {
    const path = secretFile('key', '  key-from-file \nsecond line ignored\n');
    expect(load({ argv: ['--api-key-file', path] }).apiKey).toBe('key-from-file');
    expect(load({ env: { FRONTDESK_API_KEY_FILE: path } }).apiKey).toBe('key-from-file');
    expect(load({ machine: { apiKeyFile: path } }).apiKey).toBe('key-from-file');
    expect(warnings).toEqual([]);
  });

  it('follows the layers: a later key wins over an earlier file and the reverse, and a losing file is not read', () => {
    const path = secretFile('key', 'file-key');
    expect(load({ machine: { apiKeyFile: path }, argv: ['--api-key', 'flag-key'] }).apiKey).toBe(
      'flag-key',
    );
    expect(
      load({ machine: { apiKey: 'machine-key' }, env: { FRONTDESK_API_KEY_FILE: path } }).apiKey,
    ).toBe('file-key');
    expect(
      load({ machine: { apiKeyFile: join(dir, 'missing') }, argv: ['--api-key', 'flag-key'] })
        .apiKey,
    ).toBe('flag-key');
  });

  it.each([
    ['missing', () => join(dir, 'nope'), 'file not found'],
    ['empty', () => secretFile('empty', '\n  \n'), 'the first line is empty'],
    ['a folder', () => dir, 'cannot be read (EISDIR)'],
  ])('a %s key file is one line naming the path', (_name, makePath, reason) => {
    const path = makePath();
    const message = configError(() => load({ argv: ['--api-key-file', path] }));
    expect(message).toBe(`flag --api-key-file: API key file ${path}: ${reason}`);
    expect(message).not.toContain('\n');
  });

  it('refuses a key and a key file in one layer', () => {
    const path = secretFile('key', 'k');
    expect(configError(() => load({ argv: ['--api-key', 'x', '--api-key-file', path] }))).toContain(
      'give one, not both',
    );
    expect(configError(() => load({ machine: { apiKey: 'x', apiKeyFile: path } }))).toContain(
      'apiKey and apiKeyFile',
    );
  });

  it('warns, naming the path and not the key, when others may read the file', () => {
    const path = secretFile('key', 'very-secret-key', 0o644);
    expect(load({ argv: ['--api-key-file', path] }).apiKey).toBe('very-secret-key');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(path);
    expect(warnings[0]).not.toContain('very-secret-key');
    warnings = [];
    load({ argv: ['--api-key-file', path], platform: 'win32' });
    expect(warnings).toEqual([]);
  });
});

describe('retentionDays', () => {
  it('comes from the machine file or FRONTDESK_RETENTION_DAYS (later wins), else stays unset', () => {
    expect(load().retentionDays).toBeUndefined();
    expect(load({ machine: { retentionDays: 30 } }).retentionDays).toBe(30);
    expect(
      load({ machine: { retentionDays: 30 }, env: { FRONTDESK_RETENTION_DAYS: '7' } })
        .retentionDays,
    ).toBe(7);
  });

  it.each([0, 3651, 1.5, '14'])('refuses %j in the machine file', (value) => {
    expect(configError(() => load({ machine: { retentionDays: value } }))).toContain(
      'field retentionDays',
    );
  });

  it.each(['0', '3651', '1.5', 'two weeks', '-3'])(
    'refuses FRONTDESK_RETENTION_DAYS=%s',
    (value) => {
      expect(configError(() => load({ env: { FRONTDESK_RETENTION_DAYS: value } }))).toContain(
        'FRONTDESK_RETENTION_DAYS',
      );
    },
  );
});

describe('kiosk:web --token-file', () => {
  const parse = (argv: string[]) => parseWebCliArgs(argv, {}, 'darwin');

  it('reads the token from the file, by the same rules', () => {
    expect(parse(['--token-file', secretFile('token', 'tok-123\n')])).toMatchObject({
      token: 'tok-123',
      tokenFromFile: true, // the ready line then leaves it out (issue 30)
    });
    expect(() => parse(['--token-file', join(dir, 'nope')])).toThrow(
      `flag --token-file: ${join(dir, 'nope')}: file not found`,
    );
    expect(() => parse(['--token-file', secretFile('e', '')])).toThrow(ConfigError);
    expect(() => parse(['--token-file', secretFile('bad', 'has space')])).toThrow(UsageError);
    expect(() => parse(['--token', 't', '--token-file', secretFile('t', 't')])).toThrow(
      'give one, not both',
    );
  });

  it('passes retentionDays through to the core options', () => {
    expect(parseWebCliArgs([], { FRONTDESK_RETENTION_DAYS: '30' }, 'darwin').retentionDays).toBe(
      30,
    );
  });
});

describe('the mail transport (machine file `mail`)', () => {
  it('reads the SMTP password from its file; none without one', () => {
    const passwordFile = secretFile('smtp-password', 's3cret pass\n');
    const mail = { smtpUrl: 'smtp://kiosk@mail.example:587', from: 'Salon <a@salon.example>' };
    expect(load({ machine: { mail: { ...mail, passwordFile } } }).mail).toEqual({
      ...mail,
      password: 's3cret pass',
    });
    expect(load({ machine: { mail } }).mail).toEqual(mail);
    expect(load({}).mail).toBeUndefined();
  });

  it('refuses a password in the URL, a wrong scheme and a missing password file', () => {
    const from = 'Salon <a@salon.example>';
    expect(
      configError(() => load({ machine: { mail: { smtpUrl: 'smtp://u:pw@mail.example', from } } })),
    ).toMatch(/mail\.smtpUrl/);
    expect(
      configError(() => load({ machine: { mail: { smtpUrl: 'http://mail.example', from } } })),
    ).toMatch(/mail\.smtpUrl/);
    expect(
      configError(() =>
        load({
          machine: {
            mail: { smtpUrl: 'smtp://mail.example', from, passwordFile: join(dir, 'none') },
          },
        }),
      ),
    ).toMatch(/mail\.passwordFile/);
  });
});
