/**
 * The database part of "Save diagnostics": the full `PRAGMA integrity_check` (too slow for every
 * start, fine when staff ask), the identity's generation and the snapshots on disk (names only).
 */
import { checkRows } from './integrity';
import { readDbIdentity } from './kiosk-identity';
import type { KioskDb } from './open';
import { listSnapshots } from './snapshots';

export interface DatabaseHealth {
  /** ['ok'], or up to 10 problems SQLite found. */
  integrityCheck: string[];
  generation: number | null;
  snapshots: string[];
}

export function databaseHealth(db: KioskDb, dataDir: string): DatabaseHealth {
  let integrityCheck: string[];
  try {
    integrityCheck = checkRows(db, 'integrity_check', 10);
  } catch (error) {
    integrityCheck = [
      `integrity_check failed: ${error instanceof Error ? error.message : String(error)}`,
    ];
  }
  return {
    integrityCheck,
    generation: readDbIdentity(db)?.generation ?? null,
    snapshots: listSnapshots(dataDir),
  };
}
