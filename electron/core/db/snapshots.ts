/**
 * Daily copies of kiosk.db for IT to restore from (docs/deploy.md, "Backups and restore"):
 * `VACUUM INTO backups/kiosk-NNNNNN-YYYY-MM-DD.db`, the folder 0700 and each file 0600. The
 * clock is not trusted (issue 30): NNNNNN is a sequence, one more than the highest on disk, so
 * the highest number is always the newest copy whatever the clock said when it was taken (the
 * date is the kiosk clock's UTC day, for people); a copy is due when the clock's day differs
 * from the newest copy's, in either direction; and the newest `keep` copies are kept by number,
 * never deleted for their date (+400 days deletes one copy, not all). Copies named by the old
 * scheme (`kiosk-YYYY-MM-DD.db`) are renamed into the sequence once, ordered by the database
 * generation they hold (their content's age), not their date. A copy is written under a
 * temp name (`.tmp`) and renamed when complete, so a crash never leaves a half copy that looks
 * whole; a half copy a crash left is removed at the next run. The core runs it from its minute timer, never inside a customer's request; its cost is
 * in bench/RESULTS.md. A copy holds customers' data as the database held it that day: with one
 * copy a day it outlives an erasure by about `keep` days.
 */
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BACKUP_FOLDER, replaceFileAtomically } from '../platform';
import type { KioskDb } from './open';

export const DEFAULT_SNAPSHOT_DAYS = 7;
/** `kiosk-000042-2026-11-26.db`: sequence, then the clock's UTC day when it was taken. */
const SNAPSHOT_NAME = /^kiosk-(\d{6,})-(\d{4}-\d{2}-\d{2})\.db$/;
const OLD_SNAPSHOT_NAME = /^kiosk-(\d{4}-\d{2}-\d{2})\.db$/;

export type SnapshotRun =
  | { kind: 'off' }
  | { kind: 'exists'; path: string; pruned: string[] }
  | { kind: 'taken'; path: string; pruned: string[]; ms: number };

export interface SnapshotOptions {
  db: KioskDb;
  dataDir: string;
  /** Copies kept (the newest by number); 0 turns snapshots off. */
  keepDays: number;
  now: () => number;
}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function snapshotFolder(dataDir: string): string {
  return join(dataDir, BACKUP_FOLDER);
}

function sequenceOf(name: string): number {
  return Number(SNAPSHOT_NAME.exec(name)?.[1] ?? 0);
}

function snapshotName(sequence: number, day: string): string {
  return `kiosk-${String(sequence).padStart(6, '0')}-${day}.db`;
}

/** The snapshot files, newest (highest number) first; old-named ones last, newest day first. */
export function listSnapshots(dataDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(snapshotFolder(dataDir));
  } catch {
    return [];
  }
  const numbered = names
    .filter((name) => SNAPSHOT_NAME.test(name))
    .sort((a, b) => sequenceOf(b) - sequenceOf(a));
  const old = names
    .filter((name) => OLD_SNAPSHOT_NAME.test(name))
    .sort()
    .reverse();
  return [...numbered, ...old];
}

/** The kiosk generation a copy holds (its content's age), -1 when it cannot be read. */
function generationIn(path: string): number {
  try {
    const copy = new Database(path, { readonly: true, fileMustExist: true });
    try {
      const row = copy.prepare("select value from settings where key = 'kioskIdentity'").get() as
        { value: string } | undefined;
      const generation = (JSON.parse(row?.value ?? '{}') as { generation?: unknown }).generation;
      return typeof generation === 'number' ? generation : -1;
    } finally {
      copy.close();
    }
  } catch {
    return -1;
  }
}

/** Old-named copies join the sequence, oldest content first, after any numbered ones. */
function renameOldSnapshots(folder: string, names: string[]): void {
  const old = names
    .map((name) => ({ name, day: OLD_SNAPSHOT_NAME.exec(name)?.[1] }))
    .filter((o): o is { name: string; day: string } => o.day !== undefined)
    .map((o) => ({ ...o, generation: generationIn(join(folder, o.name)) }))
    .sort((a, b) => a.generation - b.generation || a.day.localeCompare(b.day));
  let sequence = Math.max(0, ...names.map(sequenceOf));
  for (const { name, day } of old) {
    sequence += 1;
    renameSync(join(folder, name), join(folder, snapshotName(sequence, day)));
  }
}

/** Takes a copy unless the newest is from the clock's day, then keeps the newest `keepDays`. */
export function takeSnapshotIfDue(options: SnapshotOptions): SnapshotRun {
  if (options.keepDays <= 0) return { kind: 'off' };
  const folder = snapshotFolder(options.dataDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const names = readdirSync(folder);
  for (const name of names.filter((n) => n.endsWith('.tmp') || n.endsWith('.partial')))
    rmSync(join(folder, name), { force: true });
  renameOldSnapshots(folder, names);
  const today = utcDay(options.now());
  const newest = listSnapshots(options.dataDir)[0];
  let taken: { path: string; ms: number } | null = null;
  if (newest === undefined || SNAPSHOT_NAME.exec(newest)?.[2] !== today) {
    const started = performance.now();
    const path = join(folder, snapshotName(sequenceOf(newest ?? '') + 1, today));
    writeCopy(options.db, path);
    taken = { path, ms: Math.round(performance.now() - started) };
  }
  const pruned: string[] = [];
  for (const name of listSnapshots(options.dataDir).slice(options.keepDays)) {
    rmSync(join(folder, name), { force: true });
    pruned.push(name);
  }
  return taken === null
    ? { kind: 'exists', path: join(folder, newest ?? ''), pruned }
    : { kind: 'taken', path: taken.path, pruned, ms: taken.ms };
}

function writeCopy(db: KioskDb, path: string): void {
  // VACUUM INTO writes into the empty private file and keeps its mode.
  replaceFileAtomically(path, (temp) => db.$client.prepare('VACUUM INTO ?').run(temp));
}
