/**
 * The start check reads a copy (issue 30): kiosk.db and its WAL are copied into a private
 * folder beside them and checked there, so that a refused start leaves the real files byte for
 * byte as they were (SQLite replays a WAL into the -shm when it opens the files writable, and
 * merges and deletes it when the last connection closes). The copy is deleted afterwards, also
 * after a crash (at the next start); it holds customers' data, so its folder is 0700 like the
 * data folder. The cost is one file copy per start (bench/RESULTS.md, "Database start check").
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { KioskDb } from './open';
import type { StartRefusal } from './start-refusal';

const KIOSK_DB_FILE = 'kiosk.db';
const START_CHECK_FOLDER = 'start-check';

/**
 * Copies kiosk.db (and its -wal) into `start-check/`, opens the copy with `open` and returns
 * its verdict; the copy is closed and removed whatever happens. Throws what copying or
 * opening throws (the caller classifies it: a full disk, damage).
 */
export function checkOnCopy(
  dataDir: string,
  open: (copyDir: string) => { db: KioskDb; verdict: () => StartRefusal | null },
): StartRefusal | null {
  const copyDir = join(dataDir, START_CHECK_FOLDER);
  rmSync(copyDir, { recursive: true, force: true });
  mkdirSync(copyDir, { mode: 0o700 });
  try {
    for (const suffix of ['', '-wal']) {
      const from = join(dataDir, KIOSK_DB_FILE + suffix);
      if (existsSync(from)) copyFileSync(from, join(copyDir, KIOSK_DB_FILE + suffix));
    }
    const copy = open(copyDir);
    try {
      return copy.verdict();
    } finally {
      copy.db.$client.close();
    }
  } finally {
    rmSync(copyDir, { recursive: true, force: true });
  }
}
