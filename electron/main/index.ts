import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKioskCore } from '../core/kiosk-core';
import { runHashPin } from '../core/settings/hash-pin-cli';
import { startMainProcess } from './main-process';

if (process.argv.includes('--hash-pin')) {
  // IT's tool on a packaged machine: `Frontdesk --hash-pin` reads a PIN, prints its hash, exits.
  const code = await runHashPin(
    process.stdin,
    (line) => void process.stdout.write(`${line}\n`),
    (line) => void process.stderr.write(`${line}\n`),
  );
  process.exit(code);
}

void startMainProcess({
  createCore: createKioskCore,
  outDir: dirname(fileURLToPath(import.meta.url)),
  argv: process.argv.slice(2),
  env: process.env,
  platform: process.platform,
});
