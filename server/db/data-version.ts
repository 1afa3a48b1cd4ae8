/**
 * SQLite's `PRAGMA data_version` of a connection: it changes when ANOTHER connection (another
 * process) commits, which is what the per-connection caches of the catalog and the API keys
 * check on every use. One request asks for it several times in a row, so the value is kept
 * until the current synchronous run ends (the next microtask).
 */
import type { ServerDb } from './open';
import { prepared } from './prepared';

const current = new WeakMap<object, number>();

export function dataVersion(db: ServerDb): number {
  const client = db.$client;
  const known = current.get(client);
  if (known !== undefined) return known;
  const version = prepared(db, 'dataVersion', () =>
    client.prepare('PRAGMA data_version').pluck(),
  ).get() as number;
  current.set(client, version);
  queueMicrotask(() => current.delete(client));
  return version;
}
