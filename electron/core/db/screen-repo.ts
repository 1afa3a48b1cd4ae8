/**
 * The hub's paired screens in the kiosk database (table hub_screens). Plain functions taking the
 * db first; only the SHA-256 of a screen's credential is stored.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { KioskDb } from './open';
import { hubScreens } from './schema';

export type ScreenRole = 'kiosk' | 'counter';

export interface ScreenRow {
  id: string;
  name: string;
  role: ScreenRole;
  address: string;
  pairedAt: number;
  lastSeenAt: number;
  removedAt: number | null;
}

const columns = {
  id: hubScreens.id,
  name: hubScreens.name,
  role: hubScreens.role,
  address: hubScreens.address,
  pairedAt: hubScreens.pairedAt,
  lastSeenAt: hubScreens.lastSeenAt,
  removedAt: hubScreens.removedAt,
};

export function insertScreen(
  db: KioskDb,
  screen: Omit<ScreenRow, 'removedAt'> & { tokenHash: string },
): void {
  db.insert(hubScreens)
    .values({ ...screen, removedAt: null })
    .run();
}

/** The screen whose credential hashes to `tokenHash`, removed or not; null when none. */
export function findScreenByTokenHash(db: KioskDb, tokenHash: string): ScreenRow | null {
  return (
    db.select(columns).from(hubScreens).where(eq(hubScreens.tokenHash, tokenHash)).get() ?? null
  );
}

export function touchScreen(db: KioskDb, id: string, lastSeenAt: number, address: string): void {
  db.update(hubScreens).set({ lastSeenAt, address }).where(eq(hubScreens.id, id)).run();
}

/** Screens not removed, oldest pairing first. */
export function listScreens(db: KioskDb): ScreenRow[] {
  return db
    .select(columns)
    .from(hubScreens)
    .where(isNull(hubScreens.removedAt))
    .orderBy(asc(hubScreens.pairedAt))
    .all();
}

/** Ends a screen's access; false when there is no such screen (or it was removed already). */
export function removeScreen(db: KioskDb, id: string, removedAt: number): boolean {
  const result = db
    .update(hubScreens)
    .set({ removedAt })
    .where(and(eq(hubScreens.id, id), isNull(hubScreens.removedAt)))
    .run();
  return result.changes > 0;
}
