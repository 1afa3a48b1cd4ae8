import { join } from 'node:path';

/**
 * Paths inside the app, from the folder of the built main script (out/main, inside app.asar
 * when packaged). The core finds drizzle/kiosk from its own source path; bundled into out/main
 * that path moves, so the app root (two levels above out/main) is named here. The packaging
 * check resolves it the same way against a real app.asar.
 */
export const appPaths = (outDir: string) => ({
  preload: join(outDir, '..', 'preload', 'index.cjs'),
  renderer: join(outDir, '..', 'renderer'),
  kioskMigrations: join(outDir, '..', '..', 'drizzle', 'kiosk'),
});
