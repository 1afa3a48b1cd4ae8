/**
 * Why the kiosk refuses to start on its database, as one line for the console, the log and the
 * Electron dialog. Each line names docs/deploy.md's section on start refusals, where IT finds
 * what it means and how to restore. A refusal changes nothing on disk.
 */
import { statfsSync } from 'node:fs';

export type StartRefusal =
  | { reason: 'missing'; beside: 'wal' | null; generation: number }
  | { reason: 'empty'; generation: number }
  | { reason: 'replaced' }
  | { reason: 'rolled-back'; dbGeneration: number; markerGeneration: number }
  | { reason: 'damaged'; detail: string }
  | { reason: 'marker-unreadable'; detail: string }
  | { reason: 'disk-full'; dataDir: string; freeBytes: number | null }
  | { reason: 'unreadable'; detail: string };

export const RECOVERY_POINTER = 'see "What each start refusal means" in docs/deploy.md';

function assertNever(value: never): never {
  throw new Error(`unhandled start refusal ${JSON.stringify(value)}`);
}

/** SQLite's reports span lines; the refusal is one. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

export function refusalLine(refusal: StartRefusal): string {
  switch (refusal.reason) {
    case 'missing':
      return `database refused: kiosk.db is missing${refusal.beside === 'wal' ? ' (its WAL is still there)' : ''} although this kiosk had data (generation ${refusal.generation}); start refused, nothing changed; ${RECOVERY_POINTER}`;
    case 'empty':
      return `database refused: kiosk.db is empty (0 bytes) although this kiosk had data (generation ${refusal.generation}); start refused, nothing changed; ${RECOVERY_POINTER}`;
    case 'replaced':
      return `database refused: kiosk.db is not this kiosk's database (emptied, replaced or from another machine); start refused, nothing changed; ${RECOVERY_POINTER}`;
    case 'rolled-back':
      return `database refused: kiosk.db was rolled back (generation ${refusal.dbGeneration}, this kiosk reached ${refusal.markerGeneration}: an older copy or a truncated WAL); start refused, nothing changed; ${RECOVERY_POINTER}`;
    case 'damaged':
      return `database refused: kiosk.db is damaged (${oneLine(refusal.detail)}); start refused, nothing changed; ${RECOVERY_POINTER}`;
    case 'marker-unreadable':
      return `database refused: kiosk-identity.json cannot be read (${oneLine(refusal.detail)}); start refused, nothing changed; ${RECOVERY_POINTER}`;
    case 'disk-full':
      return `disk full: the disk of ${refusal.dataDir} has ${refusal.freeBytes === null ? 'no' : `${refusal.freeBytes} bytes of`} space left; free some space and start again; ${RECOVERY_POINTER}`;
    case 'unreadable':
      return `database refused: kiosk.db cannot be opened (${oneLine(refusal.detail)}); start refused; ${RECOVERY_POINTER}`;
    default:
      return assertNever(refusal);
  }
}

/** Thrown by the core's start (the hosts print its message as their one line, exit non-zero). */
export class KioskStartRefusal extends Error {
  override readonly name = 'KioskStartRefusal';
  constructor(readonly refusal: StartRefusal) {
    super(refusalLine(refusal));
  }
}

/** Free bytes for an unprivileged writer on the disk holding `dir`; null when unknown. */
export function freeBytesOf(dir: string): number | null {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

/** Below this a SQLite I/O error at start is taken for a full disk (the -shm alone is 32 KiB). */
const NEARLY_FULL_BYTES = 1024 * 1024;

/**
 * What a failure while opening, checking or writing the database at start means. A full disk
 * shows up as ENOSPC, SQLITE_FULL, or as a bare "disk I/O error" (SQLITE_IOERR_*) when SQLite
 * cannot grow the WAL or -shm: that one counts as full when the disk has (nearly) no space.
 */
export function classifyStartError(
  error: unknown,
  dataDir: string,
  freeBytes: (dir: string) => number | null = freeBytesOf,
): StartRefusal {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ENOSPC' || code === 'SQLITE_FULL' || code === 'EDQUOT')
    return { reason: 'disk-full', dataDir, freeBytes: freeBytes(dataDir) };
  if (code.startsWith('SQLITE_IOERR')) {
    const free = freeBytes(dataDir);
    if (free !== null && free < NEARLY_FULL_BYTES)
      return { reason: 'disk-full', dataDir, freeBytes: free };
  }
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')
    return { reason: 'damaged', detail: message };
  return { reason: 'unreadable', detail: message };
}
