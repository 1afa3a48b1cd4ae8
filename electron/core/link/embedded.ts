/**
 * The embedded default upstream: with no remote configured, the core runs the reference server
 * in-process (port 0, demo data) under the data folder and mirrors it like any remote. Its API
 * key is random per data folder and kept in the kiosk's settings table. Its customers' data is
 * erased like the kiosk's own (retention.ts), through the server's own connection.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../../server/start-server';
import { createPrivateFile, type Logger } from '../platform';
import { type KioskDb, getSetting, setSetting } from '../db';

const KEY_SETTING = 'embeddedApiKey';

export interface EmbeddedUpstream {
  url: string;
  apiKey: string;
  /**
   * Erases the personal data of customers whose bookings (appointment and creation) are all
   * older than `cutoffMs`; returns how many customers it erased. The WAL is truncated after an
   * erasure (it still holds the data).
   */
  eraseCustomerDataBefore(cutoffMs: number): number;
  close(): Promise<void>;
}

/** `migrationsFolder`: the server's drizzle folder, where the default beside the source does not apply (a bundle). */
export async function startEmbeddedUpstream(
  db: KioskDb,
  dataDir: string,
  migrationsFolder?: string,
  log?: Logger,
): Promise<EmbeddedUpstream> {
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
    migrationsFolder,
    ...(log ? { logger: log } : {}),
    docs: false, // the demo needs no Swagger UI, and the packaged app ships without it
  });
  return {
    url: server.url,
    apiKey,
    eraseCustomerDataBefore: (cutoffMs) => server.eraseCustomerDataBefore(cutoffMs),
    close: () => server.close(),
  };
}
