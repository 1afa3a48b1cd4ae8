import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import electronUpdater from 'electron-updater';
import { createKioskCore } from '../core/kiosk-core';
import { startMainProcess } from './main-process';

void startMainProcess({
  createCore: createKioskCore,
  outDir: dirname(fileURLToPath(import.meta.url)),
  // Flags follow the app path when started as `electron .`, the executable when packaged.
  argv: process.argv.slice(process.defaultApp ? 2 : 1),
  env: process.env,
  platform: process.platform,
  // electron-updater is CommonJS: its autoUpdater is a property of the default export.
  updater: electronUpdater.autoUpdater,
});
