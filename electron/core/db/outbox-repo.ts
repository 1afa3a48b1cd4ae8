/**
 * The outbox table. Writes are durable (synchronous=FULL in one IMMEDIATE transaction) because
 * a booking the kiosk confirmed to a customer must survive a crash or a power cut.
 */
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  min,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { LocalBookingState } from '../../../shared/kiosk-api';
import {
  ENDED_STATES,
  HOLDING_STATES,
  erasePersonalData,
  type OutboxEntry,
  type OutboxPatch,
} from '../outbox/entry';
import { durableTransaction, type KioskDb } from './open';
import { readRow, readRows, salvageRow } from './outbox-quarantine';
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
    rebookedAs: entry.rebookedAs ?? null,
    visitId: entry.visitId ?? null,
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
  return row ? (readRows(db, [row], true)[0] ?? null) : null;
}

export function listOutboxEntries(db: KioskDb): OutboxEntry[] {
  const rows = db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.localId)).all();
  return readRows(db, rows, true);
}

/** A poison row among them is set aside (quarantined) and the next due one is read instead. */
export function dueOutboxEntries(db: KioskDb, now: number, limit: number): OutboxEntry[] {
  const entries: OutboxEntry[] = [];
  const seen: string[] = [];
  while (entries.length < limit) {
    const want = limit - entries.length;
    const rows = db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.state, 'queued'),
          lte(outbox.nextAttemptAt, now),
          seen.length > 0 ? notInArray(outbox.localId, seen) : undefined,
        ),
      )
      // In the order taken (issue 28): a booking queued first is numbered first by the API.
      .orderBy(asc(outbox.createdAt), asc(outbox.localId))
      .limit(want)
      .all();
    entries.push(...readRows(db, rows, false));
    if (rows.length < want) break;
    seen.push(...rows.map((r) => r.localId));
  }
  return entries;
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
  const rows = db
    .select()
    .from(outbox)
    .where(inArray(outbox.state, [...HOLDING_STATES]))
    .all();
  return readRows(db, rows, false);
}

export function updateOutboxEntry(db: KioskDb, localId: string, patch: OutboxPatch): OutboxEntry {
  return durableTransaction(db, () => {
    const current = getOutboxEntry(db, localId);
    if (!current) throw new Error('outbox: no such entry');
    // A damaged row stays as it is on disk (IT may want its bytes); only retention erases it.
    if (current.state === 'quarantined') throw new Error('outbox: the entry is quarantined');
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
      .where(
        and(
          inArray(outbox.state, [...ENDED_STATES]),
          lte(outbox.updatedAt, endedBefore),
          isNull(outbox.erasedAt),
        ),
      )
      .all();
    for (const row of rows) {
      // A damaged row is erased too: what it holds of a customer must not outlive retention.
      const read = readRow(row);
      const erased = erasePersonalData(read.ok ? read.entry : salvageRow(row, read.reason), now);
      const { request, booking, erasedAt } = toRow(erased);
      db.update(outbox)
        .set({ request, booking, erasedAt })
        .where(eq(outbox.localId, row.localId))
        .run();
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
  const recentlySent =
    sentSince === null
      ? undefined
      : and(eq(outbox.state, 'sent'), gte(outbox.updatedAt, sentSince));
  const rows = db
    .select()
    .from(outbox)
    .where(and(eq(outbox.date, date), recentlySent ? or(holding, recentlySent) : holding))
    .all();
  return readRows(db, rows, false);
}

/** Queued entries waiting out a backoff become due now; returns how many. */
export function wakeQueuedEntries(db: KioskDb, now: number): number {
  return db
    .update(outbox)
    .set({ nextAttemptAt: now })
    .where(and(eq(outbox.state, 'queued'), gt(outbox.nextAttemptAt, now)))
    .run().changes;
}
