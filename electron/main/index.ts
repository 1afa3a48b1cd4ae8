import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import electronUpdater from 'electron-updater';
import { createKioskCore } from '../core/kiosk-core';
import { startMainProcess } from './main-process';

void startMainProcess({
  createCore: createKioskCore,
  outDir: dirname(fileURLToPath(import.meta.url)),
  argv: process.argv.slice(2),
  env: process.env,
  platform: process.platform,
  // electron-updater is CommonJS: its autoUpdater is a property of the default export.
  updater: electronUpdater.autoUpdater,
});
