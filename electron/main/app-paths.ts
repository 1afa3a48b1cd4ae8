import { join } from 'node:path';

/**
 * Paths inside the app, from the folder of the built main script (out/main, inside app.asar
 * when packaged). The core and the embedded server find drizzle/kiosk and drizzle/server from
 * their source paths; bundled into out/main those paths move, so the app root (two levels above
 * out/main) is named here. The packaging check resolves them the same way in a real app.asar.
 */
export const appPaths = (outDir: string) => ({
  preload: join(outDir, '..', 'preload', 'index.cjs'),
  renderer: join(outDir, '..', 'renderer'),
  kioskMigrations: join(outDir, '..', '..', 'drizzle', 'kiosk'),
  // The embedded demo server's; its own default is relative to a chunk under out/main/chunks.
  serverMigrations: join(outDir, '..', '..', 'drizzle', 'server'),
});
