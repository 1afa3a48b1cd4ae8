/**
 * The kiosk:web command line: every flag checked (unknown ones included), then the machine
 * config, env and flags merged by loadKioskConfig. Throws UsageError or ConfigError; main.ts
 * turns either into one line on stderr and exit 2.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { VISIBLE_ASCII, checkFlags, parseArgsError, portFlag } from '../../shared/cli-flags';
import { IT_SETTING_KEYS, declarationOf } from '../../shared/settings';
import { ConfigError, loadKioskStartupConfig, type KioskStartupConfig } from '../core/config';
import { createLogger } from '../core/platform';
import { parseListen } from '../core/hub';
import { readSecretFile } from '../core/platform';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_PORT } from './defaults';

export const USAGE =
  'usage: npm run kiosk:web -- [--port N | --listen HOST:PORT] [--mode kiosk|counter] [--upstream URL|embedded] [--api-key KEY | --api-key-file PATH] [--data DIR] [--token T | --token-file PATH]';

export class UsageError extends Error {}

/** The web shell's own flags plus IT's values (the machine config, env and flags merged). */
export interface WebCliArgs extends KioskStartupConfig {
  port: number;
  token: string | undefined;
  /** The token came from --token-file: the ready line then names the file's token, not its value. */
  tokenFromFile: boolean;
}

/**
 * IT's settings that have a flag (shared/settings.ts: `--mode kiosk|counter`, beside
 * FRONTDESK_MODE); loadKioskStartupConfig checks their values.
 */
const SETTING_FLAGS = IT_SETTING_KEYS.flatMap((key) => declarationOf(key).it?.flag ?? []);

/** The shell's own flags as util.parseArgs read them, checked (IT's: loadKioskStartupConfig). */
const WebFlags = z
  .object({
    port: portFlag('--port', DEFAULT_WEB_PORT),
    listen: z
      .string()
      .transform((text, context) => {
        const listen = parseListen(text);
        if (listen.ok) return listen.value;
        context.addIssue({ code: 'custom', message: `--listen: ${listen.reason}` });
        return z.NEVER;
      })
      .optional(),
    token: z.string().optional(),
    'token-file': z.string().optional(),
  })
  .refine((flags) => flags.token === undefined || flags['token-file'] === undefined, {
    error: '--token and --token-file: give one, not both',
  });

/** Parses and checks every flag (unknown ones included); throws UsageError or ConfigError. */
export function parseWebCliArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
): WebCliArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        listen: { type: 'string' },
        upstream: { type: 'string' },
        'api-key': { type: 'string' },
        'api-key-file': { type: 'string' },
        data: { type: 'string' },
        token: { type: 'string' },
        'token-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        ...Object.fromEntries(SETTING_FLAGS.map((flag) => [flag, { type: 'string' as const }])),
      },
    }));
  } catch (error) {
    throw new UsageError(parseArgsError(error));
  }
  if (values.help) throw new UsageError('help');
  // A hub serves HTTPS on its --listen address only: a --port beside it would go unused unseen.
  if (values.port !== undefined && values.listen !== undefined)
    throw new UsageError(
      '--port and --listen: give one (with --listen the shell serves only there)',
    );
  const checked = checkFlags(WebFlags, values);
  if (!checked.ok) throw new UsageError(checked.error);
  const flags = checked.value;
  const tokenFile = flags['token-file'];
  const token = tokenFile === undefined ? flags.token : readTokenFile(tokenFile, platform);
  if (token !== undefined && !VISIBLE_ASCII.test(token)) {
    throw new UsageError('--token must be 1 to 512 visible ASCII characters');
  }
  const config = loadKioskStartupConfig({ argv, env, platform, defaultDataDir: DEFAULT_DATA_DIR });
  // --listen turns the hub on (or moves it): HTTPS on that address, IT's names and certificate kept.
  if (flags.listen !== undefined)
    config.hub = { names: [], tls: null, announce: 'lan', ...config.hub, listen: flags.listen };
  return { ...config, port: flags.port, token, tokenFromFile: tokenFile !== undefined };
}

/** The same rules as an API key file: first line, trimmed; a wide mode is warned about. */
function readTokenFile(path: string, platform: NodeJS.Platform): string {
  const read = readSecretFile(path, platform);
  if (!read.ok) throw new ConfigError(`flag --token-file: ${path}: ${read.reason}`);
  if (read.wide)
    createLogger('kiosk-web').warn('the token file is readable by group or others; make it 0600', {
      path,
    });
  return read.value;
}
