/**
 * Follow-ups of refused bookings and the customer e-mails they send (electron/core/notify).
 * Every write is durable: a mail's claim must be on disk before the SMTP conversation starts.
 */
import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { durableTransaction, type KioskDb } from './open';
import { followUps, mailOutbox, outbox } from './schema';

export type FollowUpState = (typeof followUps.$inferSelect)['state'];
export type FollowUpRow = typeof followUps.$inferSelect;
export type MailState = (typeof mailOutbox.$inferSelect)['state'];
export type MailRow = typeof mailOutbox.$inferSelect;

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

/** The language a booking was taken in, found by the key it is sent under; null when not kept. */
export function languageOfKey(db: KioskDb, idempotencyKey: string): string | null {
  const row = db
    .select({ language: followUps.language })
    .from(followUps)
    .innerJoin(outbox, eq(outbox.localId, followUps.localId))
    .where(eq(outbox.idempotencyKey, idempotencyKey))
    .get();
  return row?.language ?? null;
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

/** Inside the caller's transaction: at most one mail per booking, ever (the key). */
export function insertMailOnce(
  db: KioskDb,
  mail: Pick<MailRow, 'localId' | 'messageId' | 'recipient' | 'subject' | 'body'>,
  now: number,
): void {
  db.insert(mailOutbox)
    .values({
      ...mail,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .run();
}

export function listMails(db: KioskDb, localIds: string[]): MailRow[] {
  if (localIds.length === 0) return [];
  return db.select().from(mailOutbox).where(inArray(mailOutbox.localId, localIds)).all();
}

export function dueMails(db: KioskDb, now: number, limit: number): MailRow[] {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.state, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .all();
}

/** Claims a pending mail before it is handed to SMTP; false when it was not pending. */
export function claimMail(db: KioskDb, localId: string, now: number): boolean {
  return durableTransaction(db, () => {
    const changed = db
      .update(mailOutbox)
      .set({ state: 'claimed', updatedAt: now })
      .where(and(eq(mailOutbox.localId, localId), eq(mailOutbox.state, 'pending')))
      .run();
    return changed.changes === 1;
  });
}

export function settleMail(
  db: KioskDb,
  localId: string,
  patch: { state: MailState; attempts?: number; nextAttemptAt?: number },
  now: number,
): void {
  durableTransaction(db, () => {
    db.update(mailOutbox)
      .set({ ...patch, updatedAt: now })
      .where(eq(mailOutbox.localId, localId))
      .run();
  });
}

/** At start: a mail claimed by a process that died may have been accepted; never resend it. */
export function markClaimedUncertain(db: KioskDb, now: number): number {
  return durableTransaction(db, () => {
    const changed = db
      .update(mailOutbox)
      .set({ state: 'uncertain', updatedAt: now })
      .where(eq(mailOutbox.state, 'claimed'))
      .run();
    return changed.changes;
  });
}

/**
 * Retention (issue 19): the e-mails and follow-ups of bookings whose personal data was erased
 * lose theirs too, and so do those whose booking is gone, once older than `cutoff`. A mail row
 * stays without address, subject and body: its key is the "at most one e-mail per booking"
 * record, and its state says what happened; a mail never sent by then is not sent any more.
 * A follow-up (the customer's language, what staff did) is deleted. Returns how many rows.
 */
export function eraseNoticesOfErasedBookings(db: KioskDb, cutoff: number, now: number): number {
  const erased = db
    .select({ localId: outbox.localId })
    .from(outbox)
    .where(isNotNull(outbox.erasedAt));
  const booked = db.select({ localId: outbox.localId }).from(outbox);
  const due = (localId: SQLiteColumn, since: SQLiteColumn) =>
    or(inArray(localId, erased), and(notInArray(localId, booked), lte(since, cutoff)));
  return durableTransaction(db, () => {
    const mails = db
      .update(mailOutbox)
      .set({
        recipient: '',
        subject: '',
        body: '',
        state: sql`CASE WHEN ${mailOutbox.state} = 'pending' THEN 'failed' ELSE ${mailOutbox.state} END`,
        updatedAt: now,
      })
      .where(and(ne(mailOutbox.recipient, ''), due(mailOutbox.localId, mailOutbox.createdAt)))
      .run().changes;
    const notes = db
      .delete(followUps)
      .where(due(followUps.localId, followUps.updatedAt))
      .run().changes;
    return mails + notes;
  });
}
