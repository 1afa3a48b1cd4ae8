import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import electronUpdater from 'electron-updater';
import { createKioskCore } from '../core/kiosk-core';
import { runHashPin } from '../core/staff';
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
  // Flags follow the app path when started as `electron .`, the executable when packaged.
  argv: process.argv.slice(process.defaultApp ? 2 : 1),
  env: process.env,
  platform: process.platform,
  // electron-updater is CommonJS: its autoUpdater is a lazy property of the default export,
  // built on first access, so only when the machine config names an update feed.
  updater: () => electronUpdater.autoUpdater,
});
