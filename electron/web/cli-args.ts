/**
 * The kiosk:web command line: every flag checked (unknown ones included), then the machine
 * config, env and flags merged by loadKioskConfig. Throws UsageError or ConfigError; main.ts
 * turns either into one line on stderr and exit 2.
 */
import { parseArgs } from 'node:util';
import type { Language } from '../../shared/kiosk-api';
import { ConfigError, loadKioskStartupConfig, type LockableSetting, type MachineShop } from '../core/config';
import { createLogger } from '../core/log';
import { readSecretFile } from '../core/secret-file';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_PORT } from './defaults';

export const USAGE =
  'usage: npm run kiosk:web -- [--port N] [--upstream URL|embedded] [--api-key KEY | --api-key-file PATH] [--data DIR] [--token T | --token-file PATH]';

export class UsageError extends Error {}

export interface WebCliArgs {
  port: number;
  token: string | undefined;
  /** undefined: not configured (the core keeps the stored setting); null: `--upstream embedded`. */
  upstreamUrl: string | null | undefined;
  /** undefined: not configured (the core keeps the stored key). */
  apiKey: string | undefined;
  dataDir: string;
  /** Settings the machine config locks (read-only in staff Settings). */
  locked: LockableSetting[];
  /** IT's mode when the machine config locks it; otherwise undefined (a staff setting). */
  mode: 'kiosk' | 'counter' | undefined;
  /** IT's staff PIN hash (machine config or FRONTDESK_STAFF_PIN_HASH). */
  staffPinHash: string | undefined;
  staffIdleTimeoutSec: number | undefined;
  /** Days ended bookings keep personal data (machine file or env); undefined: the default. */
  retentionDays: number | undefined;
  /** IT's shop profile from the machine file. */
  shop: MachineShop | undefined;
  /** IT's default language (machine file or FRONTDESK_LANGUAGE); undefined: not configured. */
  language: Language | undefined;
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
  const token = values['token-file'] === undefined ? values.token : readTokenFile(values['token-file'], platform);
  if (token !== undefined && !/^[\x21-\x7e]{1,512}$/.test(token)) {
    throw new UsageError('--token must be 1 to 512 visible ASCII characters');
  }
  const config = loadKioskStartupConfig({ argv, env, platform, defaultDataDir: DEFAULT_DATA_DIR });
  return {
    port,
    token,
    upstreamUrl: config.upstreamUrl,
    apiKey: config.apiKey,
    dataDir: config.dataDir,
    locked: config.locked,
    mode: config.locked.includes('mode') ? config.mode : undefined,
    staffPinHash: config.staffPinHash,
    staffIdleTimeoutSec: config.staffIdleTimeoutSec,
    retentionDays: config.retentionDays,
    shop: config.shop,
    language: config.language,
  };
}

/** The same rules as an API key file: first line, trimmed; a wide mode is warned about. */
function readTokenFile(path: string, platform: NodeJS.Platform): string {
  const read = readSecretFile(path, platform);
  if (!read.ok) throw new ConfigError(`flag --token-file: ${path}: ${read.reason}`);
  if (read.wide) createLogger('kiosk-web').warn('the token file is readable by group or others; make it 0600', { path });
  return read.value;
}
