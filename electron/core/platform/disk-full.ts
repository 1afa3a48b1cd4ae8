/**
 * A full disk as the kiosk's database reports it, and the seam tests use to fill it. SQLite
 * answers a write it has no room for with SQLITE_FULL ("database or disk is full"); the file
 * system's own ENOSPC / EDQUOT may surface from Node's file calls beside it.
 */
import Database from 'better-sqlite3';

const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

export function isDiskFull(error: unknown): boolean {
  return error instanceof Error && 'code' in error && FULL_CODES.has(String(error.code));
}

/** The error SQLite raises on a full disk (what the injected fault throws). */
export function diskFullError(): Error {
  return new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
}

/**
 * Decides, inside each durable transaction before it commits, whether the disk is full: return
 * true and the transaction fails with SQLITE_FULL and is rolled back, as a real full disk makes
 * it. Tests (and fault drills) set it; the product never does.
 */
export type WriteFault = () => boolean;

const faults = new WeakMap<Database.Database, WriteFault>();

/** `db`: the kiosk database (KioskDb, which db/open.ts builds on this file's check). */
export function setWriteFault(db: { $client: Database.Database }, fault: WriteFault | null): void {
  if (fault) faults.set(db.$client, fault);
  else faults.delete(db.$client);
}

/** Throws SQLITE_FULL when the fault set on this connection says the disk is full. */
export function checkWriteFault(sqlite: Database.Database): void {
  if (faults.get(sqlite)?.()) throw diskFullError();
}
