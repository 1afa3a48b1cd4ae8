/**
 * CLI of the reference server: `npm run server -- --port 0 --db ./data/server.db --seed demo
 * --key KEY[:read] --rate-limit 60,1000`. Prints a line with the URL once listening; bad
 * arguments give one line on stderr and exit code 2; SIGTERM/SIGINT close cleanly (exit 0).
 */
import { randomBytes } from 'node:crypto';
import { USAGE, parseCliArgs } from './cli-args';
import { startServer } from './start-server';

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2), process.env);
  if (!parsed.ok) {
    process.stderr.write(`frontdesk server: ${parsed.error} (see --help)\n`);
    process.exit(2);
  }
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const options = parsed.options;
  if (options.keys.length === 0) {
    // A developer must be able to call the server: generate a key and show it once (never logged again).
    const key = `fd_${randomBytes(24).toString('base64url')}`;
    options.keys.push({ key, scope: 'book' });
    process.stdout.write(`No API key given (--key KEY[:read] or FRONTDESK_API_KEYS): generated one that may book:\n  ${key}\n`);
  }

  let server;
  try {
    server = await startServer(options);
  } catch (error) {
    process.stderr.write(`frontdesk server: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  process.stdout.write(`Frontdesk reference server listening on ${server.url} (db ${options.dbPath})\n`);

  const running = server;
  const shutdown = (signal: string) => {
    process.stdout.write(`frontdesk server: ${signal}, closing\n`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`frontdesk server: close failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

void main();
