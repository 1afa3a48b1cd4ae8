/**
 * Opens the kiosk database (one file in the data folder) and applies the committed drizzle-kit
 * migrations. WAL lets readers (the UI's lookups) run while the mirror writes; synchronous is
 * NORMAL for the mirror (a lost cache write is refetched) and FULL around outbox writes, which
 * must survive a power cut (see outbox-repo).
 */
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkWriteFault } from '../platform';
import * as schema from './schema';

export type KioskDb = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** drizzle/kiosk beside the app, resolved from this module rather than the working directory. */
export const defaultMigrationsFolder = fileURLToPath(
  new URL('../../../drizzle/kiosk', import.meta.url),
);

export interface OpenDbOptions {
  dataDir: string;
  migrationsFolder?: string;
  fileName?: string;
}

export function openKioskDb(options: OpenDbOptions): KioskDb {
  const db = connectKioskDb(options);
  migrateKioskDb(db, options.migrationsFolder);
  return db;
}

/** The connection with its pragmas, not yet migrated (the start check reads it first). */
export function connectKioskDb(options: OpenDbOptions): KioskDb {
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new Database(join(options.dataDir, options.fileName ?? 'kiosk.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  // Freed space is zeroed: an updated or erased row's old bytes (a customer's name and e-mail)
  // must not linger in free pages after retention erased them.
  sqlite.pragma('secure_delete = ON');
  // No checkpoint inside a commit: a customer's booking must not pay for the mirror's pages.
  // The core checkpoints from a timer instead (checkpointKioskDb).
  sqlite.pragma('wal_autocheckpoint = 0');
  return drizzle(sqlite, { schema });
}

export function migrateKioskDb(db: KioskDb, migrationsFolder?: string): void {
  migrate(db, { migrationsFolder: migrationsFolder ?? defaultMigrationsFolder });
}

/**
 * What runs with every durable commit: `inTransaction` inside it (the start check bumps the
 * database's generation there), `afterCommit` once it is on disk (it writes the marker file).
 */
export interface DurableCommitHook {
  inTransaction(): void;
  afterCommit(): void;
}

const durableHooks = new WeakMap<Database.Database, DurableCommitHook>();

export function setDurableCommitHook(db: KioskDb, hook: DurableCommitHook): void {
  durableHooks.set(db.$client, hook);
}

/**
 * Runs `fn` in one IMMEDIATE transaction committed with synchronous=FULL, so that the commit
 * has reached the disk (WAL fsync) before this returns.
 */
export function durableTransaction<T>(db: KioskDb, fn: () => T): T {
  const sqlite = db.$client;
  // Nested in an outer transaction, the commit is the outer one's: no hook (the marker must
  // never run ahead of what the database holds).
  // Nested, the outer call set synchronous=FULL already (SQLite refuses the pragma in a
  // transaction) and runs the body as a savepoint of its own transaction.
  if (sqlite.inTransaction) return sqlite.transaction(fn)();
  const hook = durableHooks.get(sqlite);
  sqlite.pragma('synchronous = FULL');
  let result: T;
  try {
    result = sqlite
      .transaction(() => {
        const value = fn();
        hook?.inTransaction();
        checkWriteFault(sqlite);
        return value;
      })
      .immediate();
  } finally {
    sqlite.pragma('synchronous = NORMAL');
  }
  hook?.afterCommit();
  return result;
}

/** Copies the WAL back into the database file without blocking readers or writers. */
export function checkpointKioskDb(db: KioskDb): void {
  db.$client.pragma('wal_checkpoint(PASSIVE)');
}

/**
 * Checkpoints everything and truncates the WAL to zero bytes, so that frames holding erased
 * personal data leave the disk too. Waits for readers (busy_timeout); run it rarely. Returns
 * false when a reader kept it from finishing (the next purge tries again).
 */
export function purgeKioskWal(db: KioskDb): boolean {
  const [result] = db.$client.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
  return result?.busy === 0;
}
