/**
 * CLI of the reference server: `npm run server -- --port 0 --db ./data/server.db --seed demo
 * --key-file keys.txt --rate-limit 60,1000`. Prints a line with the URL once listening; bad
 * arguments (an unreadable or malformed key file too) give one line on stderr and exit code 2;
 * SIGTERM/SIGINT close cleanly (exit 0).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { USAGE, parseCliArgs, parseKeyFile } from './cli-args';

function fail(message: string): never {
  process.stderr.write(`frontdesk server: ${message} (see --help)\n`);
  process.exit(2);
}
import { startServer } from './start-server';

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2), process.env);
  if (!parsed.ok) fail(parsed.error);
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const options = parsed.options;
  if (parsed.keyFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(parsed.keyFile, 'utf8');
    } catch (error) {
      fail(
        `--key-file ${parsed.keyFile}: cannot read it (${error instanceof Error && 'code' in error ? String(error.code) : 'error'})`,
      );
    }
    const fromFile = parseKeyFile(text);
    if (!fromFile.ok) fail(`--key-file ${parsed.keyFile}: ${fromFile.error}`);
    options.keys.push(...fromFile.keys);
    if (process.platform !== 'win32' && (statSync(parsed.keyFile).mode & 0o077) !== 0) {
      process.stderr.write(
        `frontdesk server: warning: ${parsed.keyFile} can be read by other users (chmod 600 it)\n`,
      );
    }
  }
  if (options.keys.length === 0) {
    // A developer must be able to call the server: generate a key and show it once (never logged again).
    const key = `fd_${randomBytes(24).toString('base64url')}`;
    options.keys.push({ key, scope: 'book' });
    process.stdout.write(
      `No API key given (--key-file PATH, FRONTDESK_API_KEYS or --key KEY[:read]): generated one that may book:\n  ${key}\n`,
    );
  }

  let server;
  try {
    server = await startServer(options);
  } catch (error) {
    process.stderr.write(
      `frontdesk server: could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
  process.stdout.write(
    `Frontdesk reference server listening on ${server.url} (db ${options.dbPath})\n`,
  );

  const running = server;
  const shutdown = (signal: string) => {
    process.stdout.write(`frontdesk server: ${signal}, closing\n`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(
          `frontdesk server: close failed: ${error instanceof Error ? error.message : String(error)}\n`,
        );
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

void main();
