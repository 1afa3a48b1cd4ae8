/** The server's SQLite settings: a booking answered 201 must survive a power cut, not only a crash. */
// Every response this file's tests receive is checked against the OpenAPI document.
import '../../support/server/conformance-setup';
import { chmodSync, existsSync, statSync } from 'node:fs';
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

it.skipIf(process.platform === 'win32')(
  'creates the file, its WAL and SHM owner-only (0600) whatever the umask, and tightens an older wider file',
  () => {
    const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);
    const previous = process.umask(0o022);
    try {
      const path = join(tmp.dir, 'fresh', 'server.db');
      const db = openServerDb(path);
      try {
        db.$client.prepare('SELECT count(*) FROM services').get(); // the WAL and SHM exist once read
        expect([mode(path), mode(`${path}-wal`), mode(`${path}-shm`)]).toEqual([
          '600',
          '600',
          '600',
        ]);
        expect(mode(join(tmp.dir, 'fresh'))).toBe('700');
      } finally {
        closeServerDb(db);
      }

      const older = join(tmp.dir, 'older.db');
      closeServerDb(openServerDb(older));
      for (const file of [older, `${older}-wal`, `${older}-shm`])
        if (existsSync(file)) chmodSync(file, 0o644);
      const reopened = openServerDb(older);
      try {
        reopened.$client.prepare('SELECT count(*) FROM services').get();
        expect([mode(older), mode(`${older}-wal`), mode(`${older}-shm`)]).toEqual([
          '600',
          '600',
          '600',
        ]);
      } finally {
        closeServerDb(reopened);
      }
    } finally {
      process.umask(previous);
    }
  },
);
