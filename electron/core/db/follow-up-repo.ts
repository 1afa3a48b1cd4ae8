/**
 * Follow-ups of refused bookings and the customer e-mails they send (electron/core/notify).
 * Every write is durable. The e-mails themselves are jobs (db/job-store.ts).
 */
import { and, eq, inArray, isNotNull, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { durableTransaction, type KioskDb } from './open';
import { followUps, jobs, outbox } from './schema';

export type FollowUpState = (typeof followUps.$inferSelect)['state'];
export type FollowUpRow = typeof followUps.$inferSelect;

/** Remembers the language of a booking the customer was told is queued (first one wins). */
export function trackFollowUp(db: KioskDb, localId: string, language: string, now: number): void {
  durableTransaction(db, () => {
    db.insert(followUps)
      .values({ localId, language, state: 'waiting', refusedAt: null, updatedAt: now })
      .onConflictDoNothing()
      .run();
  });
}

export function getFollowUp(db: KioskDb, localId: string): FollowUpRow | null {
  return db.select().from(followUps).where(eq(followUps.localId, localId)).get() ?? null;
}

export function listFollowUps(db: KioskDb, localIds: string[]): FollowUpRow[] {
  if (localIds.length === 0) return [];
  return db.select().from(followUps).where(inArray(followUps.localId, localIds)).all();
}

/** Inside the caller's transaction (the refusal's): the booking needs staff now. */
export function openFollowUp(db: KioskDb, localId: string, language: string, now: number): void {
  db.insert(followUps)
    .values({ localId, language, state: 'open', refusedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: followUps.localId,
      set: { state: 'open', refusedAt: now, updatedAt: now },
    })
    .run();
}

export function setFollowUpState(
  db: KioskDb,
  localId: string,
  state: FollowUpState,
  now: number,
): FollowUpRow | null {
  return durableTransaction(db, () => {
    db.update(followUps).set({ state, updatedAt: now }).where(eq(followUps.localId, localId)).run();
    return getFollowUp(db, localId);
  });
}

/** Refused bookings staff have yet to act on: open, and not rebooked meanwhile. */
export function countOpenFollowUps(db: KioskDb): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(followUps)
      .leftJoin(outbox, eq(outbox.localId, followUps.localId))
      .where(and(eq(followUps.state, 'open'), isNull(outbox.rebookedAs)))
      .get()?.n ?? 0
  );
}

/** The same, with when the oldest of them was refused (IT's "waiting for staff" age). */
export function openFollowUpsSummary(db: KioskDb): {
  count: number;
  oldestRefusedAt: number | null;
} {
  const row = db
    .select({ n: sql<number>`count(*)`, oldest: sql<number | null>`min(${followUps.refusedAt})` })
    .from(followUps)
    .leftJoin(outbox, eq(outbox.localId, followUps.localId))
    .where(and(eq(followUps.state, 'open'), isNull(outbox.rebookedAs)))
    .get();
  return { count: row?.n ?? 0, oldestRefusedAt: row?.oldest ?? null };
}

/**
 * Retention (issue 19): the e-mails and follow-ups of bookings whose personal data was erased
 * lose theirs too, and so do those whose booking is gone, once older than `cutoff`. A mail job
 * (of `mailType`, keyed by its booking) stays without address, subject and body: its key is the
 * "at most one e-mail per booking" record, and its state says what happened; a mail never sent
 * by then is not sent any more. A follow-up (the customer's language, what staff did) is
 * deleted. Returns how many rows.
 */
export function eraseNoticesOfErasedBookings(
  db: KioskDb,
  mailType: string,
  cutoff: number,
  now: number,
): number {
  const erased = db
    .select({ localId: outbox.localId })
    .from(outbox)
    .where(isNotNull(outbox.erasedAt));
  const booked = db.select({ localId: outbox.localId }).from(outbox);
  const due = (localId: SQLiteColumn, since: SQLiteColumn) =>
    or(inArray(localId, erased), and(notInArray(localId, booked), lte(since, cutoff)));
  // Damaged data (not JSON) is replaced whole: it may hold the customer's address all the same.
  const recipient = sql<string>`CASE WHEN json_valid(${jobs.data}) THEN coalesce(json_extract(${jobs.data}, '$.recipient'), '') ELSE ${jobs.data} END`;
  return durableTransaction(db, () => {
    const mails = db
      .update(jobs)
      .set({
        data: sql`CASE WHEN json_valid(${jobs.data}) THEN json_set(${jobs.data}, '$.recipient', '', '$.subject', '', '$.body', '') ELSE '{}' END`,
        state: sql`CASE WHEN ${jobs.state} = 'queued' THEN 'failed' ELSE ${jobs.state} END`,
        reason: sql`CASE WHEN ${jobs.state} = 'queued' THEN 'erased' ELSE ${jobs.reason} END`,
        updatedAt: now,
      })
      .where(and(eq(jobs.type, mailType), ne(recipient, ''), due(jobs.key, jobs.createdAt)))
      .run().changes;
    const notes = db
      .delete(followUps)
      .where(due(followUps.localId, followUps.updatedAt))
      .run().changes;
    return mails + notes;
  });
}
