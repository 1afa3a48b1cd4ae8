/**
 * The database is checked at start, before anything reads or writes it:
 * 1. kiosk-identity.json says this kiosk had data: a missing or 0-byte kiosk.db is refused.
 * 2. `PRAGMA quick_check` (cost: bench/RESULTS.md, "Database start check"): damage is refused;
 *    a NULL in an outbox row's NOT NULL column is that row's damage, set aside when read.
 * 3. The migrated database's identity must be the marker's, at a generation not below it.
 * Then the generation is bumped in the database and the marker, and again with every durable
 * commit. Without a marker (a new install, or IT deleted it to accept a restored database)
 * the database is taken as it is. Every refusal is one line (start-refusal.ts) and changes
 * nothing on disk: checks 2 and 3 run on a copy of kiosk.db and its WAL (start-check-copy.ts),
 * because opening the real files writable replays and, on close, merges and deletes the WAL:
 * the evidence IT is asked to keep. A failure that a full disk explains is said as "disk full".
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createPrivateFile, secureDataFolder, type Logger } from '../platform';
import {
  newIdentity,
  readDbIdentity,
  readMarker,
  writeDbIdentity,
  writeMarker,
  writeMarkerAsync,
  type KioskIdentity,
} from './kiosk-identity';
import {
  connectKioskDb,
  durableTransaction,
  migrateKioskDb,
  setDurableCommitHook,
  type KioskDb,
} from './open';
import { checkOnCopy } from './start-check-copy';
import {
  classifyStartError,
  freeBytesOf,
  KioskStartRefusal,
  type StartRefusal,
} from './start-refusal';

const KIOSK_DB_FILE = 'kiosk.db';

export interface CheckedOpenOptions {
  dataDir: string;
  migrationsFolder?: string;
  log: Logger;
  /** Free bytes on the data folder's disk (the disk-full test injects it). */
  freeBytes?: (dir: string) => number | null;
  /** Opens the connection; default connectKioskDb (tests inject a failing open). */
  connect?: (options: { dataDir: string }) => KioskDb;
}

/** The live identity, and a promise that the marker has caught up (awaited at close). */
export interface MarkerHandle {
  identity(): KioskIdentity;
  settled(): Promise<void>;
}

export type CheckedOpen =
  { ok: true; db: KioskDb; marker: MarkerHandle } | { ok: false; refusal: StartRefusal };

type FileState = { kind: 'missing'; wal: boolean } | { kind: 'empty' } | { kind: 'present' };

function fileState(dataDir: string): FileState {
  const path = join(dataDir, KIOSK_DB_FILE);
  if (!existsSync(path)) return { kind: 'missing', wal: existsSync(`${path}-wal`) };
  return statSync(path).size === 0 ? { kind: 'empty' } : { kind: 'present' };
}

/** Rows of `PRAGMA quick_check` / `integrity_check`: ['ok'] when the file is sound. */
export function checkRows(
  db: KioskDb,
  pragma: 'quick_check' | 'integrity_check',
  max = 10,
): string[] {
  const rows = db.$client.pragma(`${pragma}(${max})`) as Record<string, unknown>[];
  return rows.map((row) => String(Object.values(row)[0]));
}

/**
 * quick_check's line for a NULL in a NOT NULL column of an outbox row (written by a tool that
 * relaxed the column). That is one row's damage, not the file's: the row is set aside when
 * read (outbox-row.ts checks every column), as any other damaged row is (issue 39, item 2).
 */
const OUTBOX_ROW_NULL = /^NULL value in outbox\.\w+$/;
/** quick_check lines read when some are row NULLs: the file's own damage may follow them. */
const ROW_NULL_LINES = 10_000;

/** What quick_check finds wrong with the file itself (none: []), outbox rows' NULLs left out. */
function fileDamage(db: KioskDb): string[] {
  const first = checkRows(db, 'quick_check', 3);
  if (first.length === 1 && first[0] === 'ok') return [];
  if (!first.some((line) => OUTBOX_ROW_NULL.test(line))) return first;
  const lines = checkRows(db, 'quick_check', ROW_NULL_LINES);
  const damage = lines.filter((line) => line !== 'ok' && !OUTBOX_ROW_NULL.test(line));
  // So many NULLs that the file's own damage could hide behind them: refused as damaged.
  if (damage.length === 0 && lines.length >= ROW_NULL_LINES) return lines.slice(0, 3);
  return damage.slice(0, 3);
}

export function openCheckedKioskDb(options: CheckedOpenOptions): CheckedOpen {
  const { dataDir, log } = options;
  const freeBytes = options.freeBytes ?? freeBytesOf;
  const marker = readMarker(dataDir);
  if (marker.kind === 'unreadable')
    return { ok: false, refusal: { reason: 'marker-unreadable', detail: marker.reason } };
  const file = fileState(dataDir);
  if (marker.kind === 'ok') {
    const generation = marker.identity.generation;
    if (file.kind === 'missing')
      return {
        ok: false,
        refusal: { reason: 'missing', beside: file.wal ? 'wal' : null, generation },
      };
    if (file.kind === 'empty') return { ok: false, refusal: { reason: 'empty', generation } };
  }

  let db: KioskDb | null = null;
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const connect = options.connect ?? connectKioskDb;
    const expected = marker.kind === 'ok' ? marker.identity : null;
    if (file.kind === 'present') {
      const refusal = checkOnCopy(dataDir, (copy) => {
        const db = connect({ dataDir: copy });
        return {
          db,
          verdict: () => verdictOf(db, expected, options.migrationsFolder, true),
        };
      });
      if (refusal !== null) return { ok: false, refusal };
    }
    // Created 0600 before SQLite opens it; SQLite gives the -wal and -shm the same mode.
    createPrivateFile(join(dataDir, KIOSK_DB_FILE));
    db = connect({ dataDir });
    // The copy passed its quick_check (the same bytes: not read twice), or there was no file.
    const refusal = verdictOf(db, expected, options.migrationsFolder, file.kind !== 'present');
    if (refusal !== null) {
      db.$client.close();
      return { ok: false, refusal };
    }
    const stored = readDbIdentity(db);
    let identity: KioskIdentity;
    if (stored !== null && expected !== null) {
      identity = stored;
    } else if (stored === null) {
      identity = newIdentity();
      log.info('new kiosk identity', { id: identity.id });
    } else {
      identity = stored;
      log.warn('kiosk-identity.json was absent: kiosk.db is accepted as it is', {
        generation: stored.generation,
      });
    }
    return { ok: true, db, marker: attachGenerations(db, dataDir, identity, log) };
  } catch (error) {
    try {
      db?.$client.close();
    } catch {
      // closing a connection that failed to open: nothing left to release
    }
    return { ok: false, refusal: classifyStartError(error, dataDir, freeBytes) };
  }
}

/**
 * Checks 2 and 3 on an open connection (the copy at start): damage, then (migrated) the
 * database's identity against the marker's. Null when the database may be opened.
 */
function verdictOf(
  db: KioskDb,
  expected: KioskIdentity | null,
  migrationsFolder: string | undefined,
  quickCheck: boolean,
): StartRefusal | null {
  const quick = quickCheck ? fileDamage(db) : [];
  if (quick.length > 0) return { reason: 'damaged', detail: `quick_check: ${quick.join('; ')}` };
  migrateKioskDb(db, migrationsFolder);
  if (expected === null) return null;
  const stored = readDbIdentity(db);
  if (stored === null || stored.id !== expected.id) return { reason: 'replaced' };
  if (stored.generation < expected.generation)
    return {
      reason: 'rolled-back',
      dbGeneration: stored.generation,
      markerGeneration: expected.generation,
    };
  return null;
}

/**
 * Bumps the generation now (database first, then the marker, both before the kiosk starts)
 * and with every durable commit. After a commit the marker is written off the hot path (a
 * customer's booking does not wait for a second fsync; bench/RESULTS.md), one write at a time,
 * always with a committed generation: it may lag the database, never lead it. A marker that
 * cannot be written is logged once until it can: the booking is stored either way.
 */
function attachGenerations(
  db: KioskDb,
  dataDir: string,
  start: KioskIdentity,
  log: Logger,
): MarkerHandle {
  let committed: KioskIdentity = { id: start.id, generation: start.generation + 1 };
  durableTransaction(db, () => writeDbIdentity(db, committed));
  writeMarker(dataDir, committed);
  let pending: KioskIdentity | null = null;
  let writing: Promise<void> | null = null;
  let again = false;
  let warned = false;
  const write = (): void => {
    if (writing !== null) {
      again = true;
      return;
    }
    writing = writeMarkerAsync(dataDir, committed)
      .then(
        () => {
          warned = false;
        },
        (error: unknown) => {
          if (!warned) log.warn('kiosk-identity.json could not be updated', { error });
          warned = true;
        },
      )
      .finally(() => {
        writing = null;
        if (again) {
          again = false;
          write();
        }
      });
  };
  setDurableCommitHook(db, {
    inTransaction: () => {
      pending = { id: committed.id, generation: committed.generation + 1 };
      writeDbIdentity(db, pending);
    },
    afterCommit: () => {
      if (pending === null) return;
      committed = pending;
      pending = null;
      write();
    },
  });
  return {
    identity: () => committed,
    settled: async () => {
      while (writing !== null) await writing;
    },
  };
}

/**
 * The core's start: the data folder made private, then the checked open; a missing, emptied,
 * rolled-back or damaged kiosk.db stops the start (thrown as a KioskStartRefusal).
 */
export function openKioskDbAtStart(
  options: CheckedOpenOptions,
): Extract<CheckedOpen, { ok: true }> {
  secureDataFolder(options.dataDir, { log: options.log });
  const opened = openCheckedKioskDb(options);
  if (!opened.ok) throw new KioskStartRefusal(opened.refusal);
  return opened;
}
