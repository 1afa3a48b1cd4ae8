/**
 * Opens (creating if needed) the server's SQLite file, switches it to WAL and applies the
 * committed drizzle-kit migrations. The migrations folder is resolved from this module's own
 * location so that the server works from any working directory (and when embedded).
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { RunResult } from 'better-sqlite3';
import * as schema from './schema';

export type ServerDb = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** A connection or an open transaction: what every repository function takes first. */
export type Queryable = BaseSQLiteDatabase<'sync', RunResult, typeof schema>;

export const DEFAULT_MIGRATIONS_FOLDER = fileURLToPath(
  new URL('../../drizzle/server', import.meta.url),
);

export interface OpenServerDbOptions {
  migrationsFolder?: string;
}

/**
 * The database holds customers' names and e-mail addresses: owner-only (0600), also when it
 * existed wider. SQLite gives the -wal and -shm files the database file's mode when it creates
 * them; ones left wider by an older run are tightened here too. Modes mean nothing on Windows.
 */
function makePrivate(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
  if (process.platform === 'win32') return;
  for (const file of [path, `${path}-wal`, `${path}-shm`])
    if (existsSync(file)) chmodSync(file, 0o600);
}

export function openServerDb(path: string, options: OpenServerDbOptions = {}): ServerDb {
  if (path !== ':memory:' && path !== '') makePrivate(path);
  const sqlite = new Database(path);
  try {
    sqlite.pragma('journal_mode = WAL');
    // FULL: every commit is fsynced before it returns, so a booking answered 201 survives a power
    // cut too (NORMAL in WAL mode only survives process crashes). bench/RESULTS.md has the cost.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    // Concurrent writers (a second process on the same file) wait instead of failing at once.
    sqlite.pragma('busy_timeout = 5000');
    const db = drizzle(sqlite, { schema });
    migrate(db, { migrationsFolder: options.migrationsFolder ?? DEFAULT_MIGRATIONS_FOLDER });
    return db;
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

export function closeServerDb(db: ServerDb): void {
  if (db.$client.open) db.$client.close();
}
