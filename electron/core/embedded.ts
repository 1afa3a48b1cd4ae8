/**
 * The embedded default upstream: with no remote configured, the core runs the reference server
 * in-process (port 0, demo data) under the data folder and mirrors it like any remote. Its API
 * key is random per data folder and kept in the kiosk's settings table.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../server/start-server';
import { createPrivateFile } from './data-folder';
import type { KioskDb } from './db/open';
import { getSetting, setSetting } from './db/settings-repo';

const KEY_SETTING = 'embeddedApiKey';

export interface EmbeddedUpstream {
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

export async function startEmbeddedUpstream(db: KioskDb, dataDir: string): Promise<EmbeddedUpstream> {
  let apiKey = getSetting(db, KEY_SETTING);
  if (!apiKey) {
    apiKey = `embedded-${randomBytes(24).toString('hex')}`;
    setSetting(db, KEY_SETTING, apiKey);
  }
  // Its customers' data is as private as the kiosk's own (see data-folder.ts).
  const dbPath = join(dataDir, 'embedded-server.db');
  createPrivateFile(dbPath);
  const server: RunningServer = await startServer({
    port: 0,
    dbPath,
    seed: 'demo',
    keys: [{ key: apiKey, scope: 'book' }],
  });
  return { url: server.url, apiKey, close: () => server.close() };
}
