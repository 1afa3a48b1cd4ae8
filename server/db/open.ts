/**
 * Opens (creating if needed) the server's SQLite file, switches it to WAL and applies the
 * committed drizzle-kit migrations. The migrations folder is resolved from this module's own
 * location so that the server works from any working directory (and when embedded).
 */
import { mkdirSync } from 'node:fs';
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

export const DEFAULT_MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle/server', import.meta.url));

export interface OpenServerDbOptions {
  migrationsFolder?: string;
}

export function openServerDb(path: string, options: OpenServerDbOptions = {}): ServerDb {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
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
