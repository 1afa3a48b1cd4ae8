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
  // electron-updater is CommonJS: its autoUpdater is a lazy property of the default export,
  // built on first access, so only when the machine config names an update feed.
  updater: () => electronUpdater.autoUpdater,
});
