/**
 * The outbox table. Writes are durable (synchronous=FULL in one IMMEDIATE transaction) because
 * a booking the kiosk confirmed to a customer must survive a crash or a power cut.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, min, or, sql } from 'drizzle-orm';
import { BookingRequestSchema, BookingResponseSchema } from '../../../shared/api/schemas';
import type { LocalBookingState } from '../../../shared/kiosk-api';
import { ENDED_STATES, HOLDING_STATES, erasePersonalData, type OutboxEntry, type OutboxPatch } from '../outbox/entry';
import { durableTransaction, type KioskDb } from './open';
import { outbox } from './schema';

type Row = typeof outbox.$inferSelect;

function toRow(entry: OutboxEntry): Row {
  return {
    localId: entry.localId,
    idempotencyKey: entry.idempotencyKey,
    request: JSON.stringify(entry.request),
    employeeId: entry.hold.employeeId,
    date: entry.hold.date,
    time: entry.hold.time,
    durationMinutes: entry.hold.durationMinutes,
    state: entry.state,
    attempts: entry.attempts,
    lastErrorStatus: entry.lastError?.status ?? null,
    lastErrorMessage: entry.lastError?.message ?? null,
    booking: entry.booking ? JSON.stringify(entry.booking) : null,
    nextAttemptAt: entry.nextAttemptAt,
    responseLost: entry.responseLost,
    firstAttemptAt: entry.firstAttemptAt,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    erasedAt: entry.erasedAt,
  };
}

/** Payloads are parsed with zod when read back: a bad row is an error, not a silent cast. */
function fromRow(row: Row): OutboxEntry {
  return {
    localId: row.localId,
    idempotencyKey: row.idempotencyKey,
    request: BookingRequestSchema.parse(JSON.parse(row.request)),
    hold: { employeeId: row.employeeId, date: row.date, time: row.time, durationMinutes: row.durationMinutes },
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastErrorMessage === null ? null : { status: row.lastErrorStatus, message: row.lastErrorMessage },
    booking: row.booking === null ? null : BookingResponseSchema.parse(JSON.parse(row.booking) as unknown),
    nextAttemptAt: row.nextAttemptAt,
    responseLost: row.responseLost,
    firstAttemptAt: row.firstAttemptAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    erasedAt: row.erasedAt,
  };
}

export function insertOutboxEntry(db: KioskDb, entry: OutboxEntry): void {
  durableTransaction(db, () => {
    db.insert(outbox).values(toRow(entry)).run();
  });
}

/** The check and the insert happen in one IMMEDIATE transaction (no other writer between). */
export function insertOutboxEntryIfFree(
  db: KioskDb,
  entry: OutboxEntry,
  check: (holding: OutboxEntry[]) => boolean,
): boolean {
  return durableTransaction(db, () => {
    if (!check(holdingOutboxEntries(db))) return false;
    db.insert(outbox).values(toRow(entry)).run();
    return true;
  });
}

export function getOutboxEntry(db: KioskDb, localId: string): OutboxEntry | null {
  const row = db.select().from(outbox).where(eq(outbox.localId, localId)).get();
  return row ? fromRow(row) : null;
}

export function listOutboxEntries(db: KioskDb): OutboxEntry[] {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.localId)).all().map(fromRow);
}

export function dueOutboxEntries(db: KioskDb, now: number, limit: number): OutboxEntry[] {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.state, 'queued'), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.createdAt))
    .limit(limit)
    .all()
    .map(fromRow);
}

export function nextOutboxDueAt(db: KioskDb): number | null {
  return (
    db
      .select({ at: min(outbox.nextAttemptAt) })
      .from(outbox)
      .where(eq(outbox.state, 'queued'))
      .get()?.at ?? null
  );
}

export function holdingOutboxEntries(db: KioskDb): OutboxEntry[] {
  return db
    .select()
    .from(outbox)
    .where(inArray(outbox.state, [...HOLDING_STATES]))
    .all()
    .map(fromRow);
}

export function updateOutboxEntry(db: KioskDb, localId: string, patch: OutboxPatch): OutboxEntry {
  return durableTransaction(db, () => {
    const current = getOutboxEntry(db, localId);
    if (!current) throw new Error('outbox: no such entry');
    const next: OutboxEntry = { ...current, ...patch };
    const { localId: _id, request: _request, ...changes } = toRow(next);
    db.update(outbox).set(changes).where(eq(outbox.localId, localId)).run();
    return next;
  });
}

export function countOutboxEntries(db: KioskDb, state: LocalBookingState): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(outbox)
      .where(eq(outbox.state, state))
      .get()?.n ?? 0
  );
}

/**
 * Retention: erases the personal data of bookings that ended (sent, rejected, discarded) at or
 * before `endedBefore` and are not erased yet, in one durable transaction; returns how many.
 * The old bytes leave the file because the database runs with secure_delete (see open.ts); the
 * caller truncates the WAL afterwards (purgeKioskWal).
 */
export function eraseEndedOutboxEntries(db: KioskDb, endedBefore: number, now: number): number {
  return durableTransaction(db, () => {
    const rows = db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.state, [...ENDED_STATES]), lte(outbox.updatedAt, endedBefore), isNull(outbox.erasedAt)))
      .all();
    for (const row of rows) {
      const erased = erasePersonalData(fromRow(row), now);
      const { request, booking, erasedAt } = toRow(erased);
      db.update(outbox).set({ request, booking, erasedAt }).where(eq(outbox.localId, row.localId)).run();
    }
    return rows.length;
  });
}

export function deleteOutboxEntry(db: KioskDb, localId: string): void {
  durableTransaction(db, () => {
    db.delete(outbox).where(eq(outbox.localId, localId)).run();
  });
}

/** Holds on one date (uses the outbox_hold index): holding states, and sent since `sentSince`. */
export function holdsOnDate(db: KioskDb, date: string, sentSince: number | null): OutboxEntry[] {
  const holding = inArray(outbox.state, [...HOLDING_STATES]);
  const recentlySent = sentSince === null ? undefined : and(eq(outbox.state, 'sent'), gte(outbox.updatedAt, sentSince));
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.date, date), recentlySent ? or(holding, recentlySent) : holding))
    .all()
    .map(fromRow);
}

/** Queued entries waiting out a backoff become due now; returns how many. */
export function wakeQueuedEntries(db: KioskDb, now: number): number {
  return db
    .update(outbox)
    .set({ nextAttemptAt: now })
    .where(and(eq(outbox.state, 'queued'), gt(outbox.nextAttemptAt, now)))
    .run().changes;
}
