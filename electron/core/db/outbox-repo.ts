/**
 * The outbox table. Writes are durable (synchronous=FULL in one IMMEDIATE transaction) because
 * a booking the kiosk confirmed to a customer must survive a crash or a power cut.
 */
import {
  and,
  getTableColumns,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  min,
  ne,
  not,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  BOOKED_STATES,
  ENDED_STATES,
  HOLDING_STATES,
  RELEASED_STATES,
} from '../../../shared/booking/booking-states';
import type { LocalBookingState } from '../../../shared/kiosk-api';
import {
  erasePersonalData,
  type OutboxEntry,
  type OutboxPatch,
  type WakeOptions,
  TAKEN_ONCE,
} from '../outbox';
import { durableTransaction, type KioskDb } from './open';
import { readRow, readRows, salvageRow } from './outbox-quarantine';
import type { Row } from './outbox-row';
import { outbox } from './schema';

/**
 * The columns as SQLite holds them, checked when read (outbox-row.ts): `response_lost` raw
 * (drizzle's boolean mode reads any damage as false) and the rowid (a damaged id addresses no row).
 */
const STORED_COLUMNS = {
  ...getTableColumns(outbox),
  responseLost: sql<unknown>`"response_lost"`,
  rowid: sql<number>`"outbox"."rowid"`,
};

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
    language: entry.language ?? null,
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
    if (!check(holdingOutboxEntries(db, entry.hold.date))) return false;
    db.insert(outbox).values(toRow(entry)).run();
    return true;
  });
}

export function getOutboxEntry(db: KioskDb, localId: string): OutboxEntry | null {
  const row = db.select(STORED_COLUMNS).from(outbox).where(eq(outbox.localId, localId)).get();
  return row ? (readRows(db, [row], true)[0] ?? null) : null;
}

export function listOutboxEntries(db: KioskDb): OutboxEntry[] {
  const rows = db
    .select(STORED_COLUMNS)
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.localId))
    .all();
  return readRows(db, rows, true);
}

/** A poison row among them is set aside (quarantined) and the next due one is read instead. */
export function dueOutboxEntries(db: KioskDb, now: number, limit: number): OutboxEntry[] {
  const entries: OutboxEntry[] = [];
  const seen: string[] = [];
  while (entries.length < limit) {
    const want = limit - entries.length;
    const rows = db
      .select(STORED_COLUMNS)
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

/**
 * The entries that hold a slot (holdsSlot), on `date` only when it is given. Every row not in a
 * state known to release its slot is read, not only the holding states: a row whose state is no
 * state (damaged) is set aside here, at start (recovery reads these) and at every slot check,
 * rather than sitting unseen, never sent or counted.
 */
export function holdingOutboxEntries(db: KioskDb, date?: string): OutboxEntry[] {
  // NULL is not "not in" any list: a NULL state (issue 39, item 2) is read and set aside too.
  const holding = or(isNull(outbox.state), notInArray(outbox.state, [...RELEASED_STATES]));
  const rows = db
    .select(STORED_COLUMNS)
    .from(outbox)
    .where(date === undefined ? holding : and(holding, eq(outbox.date, date)))
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

/** A column holding a time `Date` can represent (a damaged one may hold anything). */
function isInstant(column: SQLiteColumn): SQL {
  return sql`(typeof(${column}) in ('integer', 'real') and ${column} between 0 and 8.64e15)`;
}

/**
 * When a row ended, for retention: its `updated_at`, or where that is damaged its `created_at`
 * (so a damaged time neither erases a set-aside row at once nor keeps it forever).
 */
const endedAt = sql`case when ${isInstant(outbox.updatedAt)} then ${outbox.updatedAt} when ${isInstant(outbox.createdAt)} then ${outbox.createdAt} end`;

/**
 * Retention: erases the personal data of bookings that ended (sent, rejected, discarded) at or
 * before `endedBefore` and are not erased yet, in one durable transaction; returns how many.
 * The old bytes leave the file because the database runs with secure_delete (see open.ts); the
 * caller truncates the WAL afterwards (purgeKioskWal).
 */
export function eraseEndedOutboxEntries(db: KioskDb, endedBefore: number, now: number): number {
  return durableTransaction(db, () => {
    const rows = db
      .select(STORED_COLUMNS)
      .from(outbox)
      .where(
        and(
          inArray(outbox.state, [...ENDED_STATES]),
          lte(endedAt, endedBefore),
          or(isNull(outbox.erasedAt), not(isInstant(outbox.erasedAt))),
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
        .where(sql`rowid = ${row.rowid}`)
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

/** Holds on one date (uses the outbox_hold index): holding states, and booked since `sentSince`. */
export function holdsOnDate(db: KioskDb, date: string, sentSince: number | null): OutboxEntry[] {
  const holding = inArray(outbox.state, [...HOLDING_STATES]);
  const recentlySent =
    sentSince === null
      ? undefined
      : and(inArray(outbox.state, [...BOOKED_STATES]), gte(outbox.updatedAt, sentSince));
  const rows = db
    .select(STORED_COLUMNS)
    .from(outbox)
    .where(and(eq(outbox.date, date), recentlySent ? or(holding, recentlySent) : holding))
    .all();
  return readRows(db, rows, false);
}

/**
 * Queued entries waiting out a backoff become due now; returns how many. Only a time that is a
 * number: SQLite orders text after every number, and a damaged row is IT's to see as it was.
 * A taken pause only with `restart` (OutboxStore.wakeAll).
 */
export function wakeQueuedEntries(db: KioskDb, now: number, options: WakeOptions = {}): number {
  return db
    .update(outbox)
    .set({ nextAttemptAt: now })
    .where(
      and(
        eq(outbox.state, 'queued'),
        gt(outbox.nextAttemptAt, now),
        isInstant(outbox.nextAttemptAt),
        options.restart
          ? undefined
          : or(isNull(outbox.lastErrorMessage), ne(outbox.lastErrorMessage, TAKEN_ONCE)),
      ),
    )
    .run().changes;
}
