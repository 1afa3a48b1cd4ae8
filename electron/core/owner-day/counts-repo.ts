/**
 * The kiosk day's SQL (this room owns its tables, issue 40 item 2): add to an hour's counts,
 * read a range of days, prune the days past keeping. Plain functions taking `db` first.
 */
import { and, gte, lt, lte, sql } from 'drizzle-orm';
import type { KioskDb } from '../db';
import type { Increment } from './flow-sessions';
import { kioskDayBookedSeconds, kioskDayCounts } from './schema';

export interface HourKey {
  day: string;
  hour: number;
}

export type CountRow = HourKey & Increment & { count: number };
export type SecondsRow = HourKey & { seconds: number; count: number };

/** Adds one to each increment (and to the booked time's bucket) of the hour, in one transaction. */
export function addToHour(
  db: KioskDb,
  at: HourKey,
  increments: readonly Increment[],
  bookedSeconds?: number,
): void {
  db.transaction((tx) => {
    for (const { counter, detail } of increments)
      tx.insert(kioskDayCounts)
        .values({ ...at, counter, detail, count: 1 })
        .onConflictDoUpdate({
          target: [
            kioskDayCounts.day,
            kioskDayCounts.hour,
            kioskDayCounts.counter,
            kioskDayCounts.detail,
          ],
          set: { count: sql`${kioskDayCounts.count} + 1` },
        })
        .run();
    if (bookedSeconds !== undefined)
      tx.insert(kioskDayBookedSeconds)
        .values({ ...at, seconds: bookedSeconds, count: 1 })
        .onConflictDoUpdate({
          target: [
            kioskDayBookedSeconds.day,
            kioskDayBookedSeconds.hour,
            kioskDayBookedSeconds.seconds,
          ],
          set: { count: sql`${kioskDayBookedSeconds.count} + 1` },
        })
        .run();
  });
}

/** Every row of the days from `from` to `to` (both included). */
export function readDays(
  db: KioskDb,
  from: string,
  to: string,
): { counts: CountRow[]; seconds: SecondsRow[] } {
  const counts = db
    .select()
    .from(kioskDayCounts)
    .where(and(gte(kioskDayCounts.day, from), lte(kioskDayCounts.day, to)))
    .all();
  const seconds = db
    .select()
    .from(kioskDayBookedSeconds)
    .where(and(gte(kioskDayBookedSeconds.day, from), lte(kioskDayBookedSeconds.day, to)))
    .all();
  return { counts, seconds };
}

/** Deletes the days before `day`; returns how many rows went. */
export function pruneBefore(db: KioskDb, day: string): number {
  return db.transaction((tx) => {
    const counts = tx.delete(kioskDayCounts).where(lt(kioskDayCounts.day, day)).run().changes;
    const seconds = tx
      .delete(kioskDayBookedSeconds)
      .where(lt(kioskDayBookedSeconds.day, day))
      .run().changes;
    return counts + seconds;
  });
}
