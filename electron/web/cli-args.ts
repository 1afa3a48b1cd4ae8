/**
 * The kiosk:web command line: every flag checked (unknown ones included), then the machine
 * config, env and flags merged by loadKioskConfig. Throws UsageError or ConfigError; main.ts
 * turns either into one line on stderr and exit 2.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadKioskStartupConfig, type KioskStartupConfig } from '../core/config';
import { createLogger } from '../core/platform';
import { parseListen } from '../core/hub';
import { readSecretFile } from '../core/platform';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_PORT } from './defaults';

export const USAGE =
  'usage: npm run kiosk:web -- [--port N] [--listen HOST:PORT] [--upstream URL|embedded] [--api-key KEY | --api-key-file PATH] [--data DIR] [--token T | --token-file PATH]';

export class UsageError extends Error {}

/** The web shell's own flags plus IT's values (the machine config, env and flags merged). */
export interface WebCliArgs extends KioskStartupConfig {
  port: number;
  token: string | undefined;
  /** The token came from --token-file: the ready line then names the file's token, not its value. */
  tokenFromFile: boolean;
}

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
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) throw new UsageError('help');
  const portText = values.port ?? String(DEFAULT_WEB_PORT);
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65_535))
    throw new UsageError(`--port must be 0 to 65535, got ${JSON.stringify(portText)}`);
  if (values.token !== undefined && values['token-file'] !== undefined) {
    throw new UsageError('--token and --token-file: give one, not both');
  }
  const token =
    values['token-file'] === undefined
      ? values.token
      : readTokenFile(values['token-file'], platform);
  if (token !== undefined && !/^[\x21-\x7e]{1,512}$/.test(token)) {
    throw new UsageError('--token must be 1 to 512 visible ASCII characters');
  }
  const config = loadKioskStartupConfig({ argv, env, platform, defaultDataDir: DEFAULT_DATA_DIR });
  // --listen turns the hub on (or moves it): HTTPS on that address, IT's names and certificate kept.
  if (values.listen !== undefined) {
    const listen = parseListen(values.listen);
    if (!listen.ok) throw new UsageError(`--listen: ${listen.reason}`);
    config.hub = { names: [], tls: null, ...config.hub, listen: listen.value };
  }
  return { ...config, port, token, tokenFromFile: values['token-file'] !== undefined };
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
