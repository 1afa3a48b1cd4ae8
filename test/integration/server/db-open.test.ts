/** The server's SQLite settings: a booking answered 201 must survive a power cut, not only a crash. */
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { closeServerDb, openServerDb } from '../../../server/db/open';
import { tempDir } from '../../support/server/harness';

const tmp = tempDir();
afterAll(() => tmp.remove());

it('opens the file in WAL mode with synchronous=FULL (every commit fsynced) and foreign keys on', () => {
  const db = openServerDb(join(tmp.dir, 'pragmas.db'));
  try {
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.$client.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL (1 = NORMAL)
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
  } finally {
    closeServerDb(db);
  }
});
