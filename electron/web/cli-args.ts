/**
 * The kiosk:web command line: every flag checked (unknown ones included), then the machine
 * config, env and flags merged by loadKioskConfig. Throws UsageError or ConfigError; main.ts
 * turns either into one line on stderr and exit 2.
 */
import { parseArgs } from 'node:util';
import { loadKioskStartupConfig, type LockableSetting } from '../core/config';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_PORT } from './defaults';

export const USAGE =
  'usage: npm run kiosk:web -- [--port N] [--upstream URL|embedded] [--api-key KEY] [--data DIR] [--token T]';

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
        data: { type: 'string' },
        token: { type: 'string' },
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
  if (values.token !== undefined && !/^[\x21-\x7e]{1,512}$/.test(values.token)) {
    throw new UsageError('--token must be 1 to 512 visible ASCII characters');
  }
  const config = loadKioskStartupConfig({ argv, env, platform, defaultDataDir: DEFAULT_DATA_DIR });
  return {
    port,
    token: values.token,
    upstreamUrl: config.upstreamUrl,
    apiKey: config.apiKey,
    dataDir: config.dataDir,
    locked: config.locked,
    mode: config.locked.includes('mode') ? config.mode : undefined,
    staffPinHash: config.staffPinHash,
    staffIdleTimeoutSec: config.staffIdleTimeoutSec,
  };
}
