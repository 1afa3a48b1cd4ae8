/**
 * Parses the CLI of issue 2 (pure: argv and env in, options or a one-line error out):
 * `--port N --db PATH --seed demo --key KEY[:read] --rate-limit PER_MIN,PER_DAY --host H
 *  --time-zone TZ --smtp URL --language de`. Keys may also come from FRONTDESK_API_KEYS (comma-separated) and
 * from `--key-file PATH` (issue 11), which keeps them off the command line that `ps` shows: the
 * CLI reads the file and parseKeyFile parses its text.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  checkFlags,
  nonBlankFlag,
  parseArgsError,
  portFlag,
  readFlag,
  VISIBLE_ASCII,
} from '../shared/cli-flags';
import { isLanguageCode, LANGUAGE_CODES } from '../shared/languages';
import type { KeyScope } from './db/api-keys';
import type { RateLimits } from './db/rate-limits';
import type { StartServerOptions } from './start-server';

export const DEFAULT_PORT = 8787;
export const DEFAULT_DB_PATH = './data/server.db';
export const KEYS_ENV = 'FRONTDESK_API_KEYS';

export const USAGE =
  'usage: npm run server -- [--port N] [--db PATH] [--seed demo] [--key KEY[:read]]... ' +
  '[--key-file PATH] [--rate-limit PER_MIN,PER_DAY] [--host HOST] [--time-zone TZ] [--smtp URL] [--language de|en|tr|pl|uk|ar] [--log]';

export type CliParse =
  | {
      ok: true;
      help: false;
      options: StartServerOptions & { port: number };
      keyFile: string | undefined;
    }
  | { ok: true; help: true }
  | { ok: false; error: string };

export function parseKey(spec: string): { key: string; scope: KeyScope } | string {
  const trimmed = spec.trim();
  let key = trimmed;
  let scope: KeyScope = 'book';
  if (trimmed.endsWith(':read')) {
    key = trimmed.slice(0, -':read'.length);
    scope = 'read';
  } else if (trimmed.endsWith(':book')) {
    key = trimmed.slice(0, -':book'.length);
  }
  if (!VISIBLE_ASCII.test(key))
    return 'an API key must be 1-512 visible ASCII characters (KEY or KEY:read)';
  return { key, scope };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function readRateLimit(text: string): RateLimits | undefined {
  const match = /^(\d{1,9}),(\d{1,9})$/.exec(text.trim());
  const perMinute = Number(match?.[1]);
  const perDay = Number(match?.[2]);
  return match && perMinute >= 1 && perDay >= 1 ? { perMinute, perDay } : undefined;
}

/** What util.parseArgs read, checked; each message names its flag. */
const ServerFlags = z.object({
  port: portFlag('--port', DEFAULT_PORT),
  db: nonBlankFlag('--db: expected a file path'),
  seed: readFlag(
    (seed) => (seed === 'demo' ? seed : undefined),
    (seed) => `--seed: only "demo" is known, got ${JSON.stringify(seed)}`,
  ),
  key: z.array(z.string()).default([]),
  'key-file': nonBlankFlag('--key-file: expected a file path'),
  'rate-limit': readFlag(
    readRateLimit,
    () => '--rate-limit: expected PER_MIN,PER_DAY, two positive integers (e.g. 60,1000)',
  ),
  host: nonBlankFlag('--host: expected a host name or address'),
  'time-zone': readFlag(
    (zone) => (isTimeZone(zone) ? zone : undefined),
    (zone) => `--time-zone: unknown IANA time zone ${JSON.stringify(zone)}`,
  ),
  smtp: readFlag(
    (url) => (/^smtps?:\/\/[^\s]+$/.test(url) ? url : undefined),
    () => '--smtp: expected smtp://[user:pass@]host[:port] or smtps://...',
  ),
  language: readFlag(
    (code) => (isLanguageCode(code) ? code : undefined),
    (code) =>
      `--language: expected one of ${LANGUAGE_CODES.join(', ')}, got ${JSON.stringify(code)}`,
  ),
  log: z.boolean().default(false),
});

export function parseCliArgs(argv: string[], env: Record<string, string | undefined>): CliParse {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        db: { type: 'string' },
        seed: { type: 'string' },
        key: { type: 'string', multiple: true },
        'key-file': { type: 'string' },
        'rate-limit': { type: 'string' },
        host: { type: 'string' },
        'time-zone': { type: 'string' },
        smtp: { type: 'string' },
        language: { type: 'string' },
        log: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { ok: false, error: parseArgsError(error) };
  }
  if (values.help) return { ok: true, help: true };
  const checked = checkFlags(ServerFlags, values);
  if (!checked.ok) return checked;
  const flags = checked.value;

  const specs = [...flags.key, ...(env[KEYS_ENV] ?? '').split(',').filter((s) => s.trim() !== '')];
  const keys: StartServerOptions['keys'] = [];
  for (const spec of specs) {
    const parsed = parseKey(spec);
    if (typeof parsed === 'string') return { ok: false, error: `--key: ${parsed}` };
    keys.push(parsed);
  }

  return {
    ok: true,
    help: false,
    keyFile: flags['key-file'],
    options: {
      port: flags.port,
      host: flags.host,
      dbPath: flags.db ?? DEFAULT_DB_PATH,
      seed: flags.seed,
      keys,
      rateLimit: flags['rate-limit'],
      timeZone: flags['time-zone'],
      smtpUrl: flags.smtp,
      language: flags.language,
      log: flags.log,
    },
  };
}

export type KeyFileParse =
  { ok: true; keys: { key: string; scope: KeyScope }[] } | { ok: false; error: string };

/**
 * The text of a `--key-file`: one `KEY[:read]` a line; blank lines and lines starting with `#`
 * are skipped. An error names the line, never its content (it may be a key).
 */
export function parseKeyFile(text: string): KeyFileParse {
  const keys: { key: string; scope: KeyScope }[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const parsed = parseKey(trimmed);
    if (typeof parsed === 'string') return { ok: false, error: `line ${index + 1}: ${parsed}` };
    keys.push(parsed);
  }
  if (keys.length === 0)
    return { ok: false, error: 'no key in the file (one KEY or KEY:read a line)' };
  return { ok: true, keys };
}
