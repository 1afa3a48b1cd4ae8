/**
 * Daily copies of kiosk.db for IT to restore from (docs/deploy.md, "Backups and restore"):
 * `VACUUM INTO backups/kiosk-YYYY-MM-DD.db` (UTC date), the folder 0700 and each file 0600,
 * the copies of the last `keepDays` days kept and older ones deleted. A copy is written under a
 * `.partial` name and renamed when complete, so a crash never leaves a half copy that looks
 * whole. The core runs it from its minute timer, never inside a customer's request; its cost
 * is in bench/RESULTS.md. A copy holds customers' data as the database held it that day: it
 * outlives an erasure by at most `keepDays` days.
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { createPrivateFile } from '../data-folder';
import type { KioskDb } from './open';

const BACKUP_FOLDER = 'backups';
export const DEFAULT_SNAPSHOT_DAYS = 7;
const SNAPSHOT_NAME = /^kiosk-(\d{4}-\d{2}-\d{2})\.db$/;
const DAY_MS = 86_400_000;

export type SnapshotRun =
  | { kind: 'off' }
  | { kind: 'exists'; path: string; pruned: string[] }
  | { kind: 'taken'; path: string; pruned: string[]; ms: number };

export interface SnapshotOptions {
  db: KioskDb;
  dataDir: string;
  /** Days of copies kept (today included); 0 turns snapshots off. */
  keepDays: number;
  now: () => number;
}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function snapshotFolder(dataDir: string): string {
  return join(dataDir, BACKUP_FOLDER);
}

/** The snapshot files, newest first. */
export function listSnapshots(dataDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(snapshotFolder(dataDir));
  } catch {
    return [];
  }
  return names
    .filter((name) => SNAPSHOT_NAME.test(name))
    .sort()
    .reverse();
}

/** Takes today's copy unless it exists, then deletes copies older than `keepDays` days. */
export function takeSnapshotIfDue(options: SnapshotOptions): SnapshotRun {
  if (options.keepDays <= 0) return { kind: 'off' };
  const folder = snapshotFolder(options.dataDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const now = options.now();
  const path = join(folder, `kiosk-${utcDay(now)}.db`);
  let taken: number | null = null;
  if (!exists(path)) {
    const started = performance.now();
    const partial = `${path}.partial`;
    rmSync(partial, { force: true });
    createPrivateFile(partial); // VACUUM INTO writes into an empty file and keeps its mode
    try {
      options.db.$client.prepare('VACUUM INTO ?').run(partial);
      const fd = openSync(partial, 'r');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(partial, path);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
    taken = performance.now() - started;
  }
  const oldest = utcDay(now - (options.keepDays - 1) * DAY_MS);
  const pruned: string[] = [];
  for (const name of listSnapshots(options.dataDir)) {
    const day = SNAPSHOT_NAME.exec(name)?.[1];
    if (day !== undefined && day < oldest) {
      rmSync(join(folder, name), { force: true });
      pruned.push(name);
    }
  }
  return taken === null
    ? { kind: 'exists', path, pruned }
    : { kind: 'taken', path, pruned, ms: Math.round(taken) };
}

function exists(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
