/**
 * The data folder holds customers' personal data (kiosk.db and the embedded server's database,
 * with their WAL and shared-memory files) and the API key (*.secret): only the kiosk's own
 * user may read them. At start the folder is made 0700 and those files 0600, also when they
 * already existed with wider modes (one warning naming the paths, never their content). On
 * Windows modes mean nothing (the profile folder's ACL protects it): nothing is changed there.
 */
import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from './log';

const PRIVATE_FILE =
  /^(kiosk\.db|embedded-server\.db)(-wal|-shm|-journal)?$|\.secret$|^kiosk-identity\.json$/;

export interface SecureDataFolderOptions {
  log: Logger;
  platform?: NodeJS.Platform;
}

/** Creates the folder (0700) and tightens it and its private files; returns what it changed. */
export function secureDataFolder(dataDir: string, options: SecureDataFolderOptions): string[] {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ((options.platform ?? process.platform) === 'win32') return [];
  const tightened: string[] = [];
  const failed: string[] = [];
  const tighten = (path: string, mode: number): void => {
    try {
      if ((statSync(path).mode & 0o077) === 0) return;
      chmodSync(path, mode);
      tightened.push(path);
    } catch {
      failed.push(path); // owned by another user, or gone meanwhile: said below, not fatal
    }
  };
  tighten(dataDir, 0o700);
  for (const name of readdirSync(dataDir))
    if (PRIVATE_FILE.test(name)) tighten(join(dataDir, name), 0o600);
  // The snapshots (db/snapshots.ts) are copies of kiosk.db: the same modes, also when they
  // were created wider (issue 30).
  const backups = join(dataDir, BACKUP_FOLDER);
  if (isFolder(backups)) {
    tighten(backups, 0o700);
    for (const name of readdirSync(backups)) tighten(join(backups, name), 0o600);
  }
  if (tightened.length > 0)
    options.log.warn('data files were readable by others; now owner-only', { paths: tightened });
  if (failed.length > 0)
    options.log.warn('could not make data files owner-only', { paths: failed });
  return tightened;
}

/** The snapshots' folder in the data folder (db/snapshots.ts writes into it). */
export const BACKUP_FOLDER = 'backups';

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Creates an empty file 0600 when it does not exist, so that SQLite opens it rather than
 * creating it under the umask; SQLite gives the -wal and -shm files the database file's mode.
 */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
}
