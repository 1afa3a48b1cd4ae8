/**
 * `npm run kiosk:web -- --port N --upstream URL --api-key KEY --data DIR --token T`
 *
 * Starts the kiosk core and the browser shell and prints one line with the URL to open
 * (`http://127.0.0.1:PORT/#token=T`). Flags win over FRONTDESK_* variables and the machine
 * config file (electron/core/config.ts); kiosk or counter mode is a staff setting here, not a
 * flag. Bad flags or config: one line on stderr, exit 2.
 * SIGTERM / SIGINT: closes the shell, then the core, and exits 0. The API key is never printed.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadKioskConfig } from '../core/config';
import { createLogger, describeError } from '../core/log';
import { DEFAULT_DATA_DIR, startKioskWeb } from './start-kiosk-web';
import type { KioskWeb } from './start-kiosk-web';
import { DEFAULT_WEB_PORT } from './web-shell';

export { startKioskWeb } from './start-kiosk-web';
export type { KioskWeb, StartKioskWebOptions } from './start-kiosk-web';

const USAGE =
  'usage: npm run kiosk:web -- [--port N] [--upstream URL|embedded] [--api-key KEY] [--data DIR] [--token T]';

export class UsageError extends Error {}

export interface WebCliArgs {
  port: number;
  token: string | undefined;
  upstreamUrl: string | null;
  apiKey: string | null;
  dataDir: string;
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
  const config = loadKioskConfig({ argv, env, platform, defaultDataDir: DEFAULT_DATA_DIR });
  return {
    port,
    token: values.token,
    upstreamUrl: config.upstreamUrl,
    apiKey: config.apiKey,
    dataDir: config.dataDir,
  };
}

async function runCli(): Promise<void> {
  const log = createLogger('kiosk-web');
  let args: WebCliArgs;
  try {
    args = parseWebCliArgs(process.argv.slice(2), process.env, process.platform);
  } catch (error) {
    if (error instanceof UsageError && error.message === 'help') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`kiosk:web: ${error.message}\n${USAGE}\n`);
      process.exit(2);
    }
    throw error;
  }

  let web: KioskWeb;
  try {
    web = await startKioskWeb({ ...args, log });
  } catch (error) {
    process.stderr.write(`kiosk:web: could not start: ${describeError(error).message}\n`);
    process.exit(1);
  }
  const stop = (signal: string): void => {
    log.info('stopping', { signal });
    web.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('close failed', { error: describeError(error) });
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

function isEntryModule(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryModule()) await runCli();
