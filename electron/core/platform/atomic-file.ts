/**
 * Replacing a file so that a power cut or kill -9 leaves the old file or the new one, never half
 * of either (issue 27: one helper for the kiosk identity, the secrets and the backups): the new
 * content goes to a private temp file (0600) beside the target, is flushed to disk (fsync), then
 * renamed over the target, which the file system does atomically.
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';

function tempBeside(path: string): string {
  return `${path}.${randomBytes(6).toString('hex')}.tmp`;
}

/**
 * Replaces `path` by what `fill` writes into the empty private file it is given (data, or
 * SQLite's `VACUUM INTO`). The temp file is removed when anything fails.
 */
export function replaceFileAtomically(path: string, fill: (temp: string) => void): void {
  const temp = tempBeside(path);
  try {
    closeSync(openSync(temp, 'wx', 0o600));
    chmodSync(temp, 0o600); // the umask cannot widen it, but an inherited ACL might
    fill(temp);
    const fd = openSync(temp, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Replaces `path` by `data`, atomically and private (0600). */
export function writeFileAtomically(path: string, data: string | Uint8Array): void {
  replaceFileAtomically(path, (temp) => writeFileSync(temp, data));
}

/** The same without blocking the event loop (a write after a booking's commit). */
export async function writeFileAtomicallyAsync(path: string, data: string): Promise<void> {
  const temp = tempBeside(path);
  try {
    const file = await open(temp, 'wx', 0o600);
    try {
      await file.chmod(0o600);
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
