/**
 * `npm run kiosk:web -- --port N --upstream URL --api-key KEY --data DIR --token T`
 *
 * Starts the kiosk core and the browser shell and prints one line with the URL to open
 * (`http://127.0.0.1:PORT/#token=T`; with `--token-file` the URL without it). Flags win over FRONTDESK_* variables and the machine
 * config file (electron/core/config/config.ts); `--mode kiosk|counter` (or FRONTDESK_MODE) is IT's
 * default for the staff setting. Bad flags or config: one line on stderr, exit 2.
 * SIGTERM / SIGINT: closes the shell, then the core, and exits 0. The API key is never printed.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../core/config';
import { createLogger, describeError } from '../core/platform';
import { USAGE, UsageError, parseWebCliArgs } from './cli-args';
import type { WebCliArgs } from './cli-args';
import { startFailureLine } from './start-failure';
import { startKioskWeb } from './start-kiosk-web';
import type { KioskWeb } from './start-kiosk-web';

export { startKioskWeb } from './start-kiosk-web';
export type { KioskWeb, StartKioskWebOptions } from './start-kiosk-web';

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
      process.stderr.write(`kiosk:web: ${error.message} (see --help)\n`);
      process.exit(2);
    }
    throw error;
  }

  let web: KioskWeb;
  try {
    web = await startKioskWeb({ ...args, log });
  } catch (error) {
    process.stderr.write(`${startFailureLine(error, args.port, 'kiosk:web')}\n`);
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
