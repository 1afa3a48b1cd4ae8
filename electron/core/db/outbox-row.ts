/**
 * Every column of an outbox row is checked when read (issue 30), not only its JSON: SQLite keeps
 * whatever was written into a column (a hand edit, a scribbled page), so a row is taken as
 * `unknown` per column and parsed here. A row that fails is set aside (outbox-quarantine.ts);
 * one that passes can be sent, listed and shown without anything downstream throwing (a date
 * that is no date made `new Date(...).toISOString()` fail a whole start or staff list).
 */
import { z } from 'zod';
import { DateString, TimeString } from '../../../shared/api/schemas';
import { bookingReference } from '../../../shared/booking/reference';
import { LocalBookingState } from '../../../shared/kiosk-data';
import type { outbox } from './schema';

export type Row = typeof outbox.$inferSelect;

/** A row as SQLite may hold it: any column any value; `rowid` addresses it whatever its id. */
export type StoredRow = { [K in keyof Row]: unknown } & { rowid: number };

/**
 * An instant in ms that `Date` can represent (toISOString throws beyond ±8.64e15); fractions
 * are fine (the monotonic clock writes them).
 */
const Instant = z.number().min(0).max(8.64e15);
/** An id or key: no blank, no surrounding space; a local id also yields a reference. */
const Key = z.string().regex(/^\S{1,200}$/);
const LocalId = Key.refine((id) => bookingReference(id) !== '');
const OptionalId = LocalId.nullable();

/** Each column's check; the key is the column as IT sees it in sqlite3 (named in the reason). */
const COLUMNS = {
  local_id: ['localId', LocalId],
  idempotency_key: ['idempotencyKey', Key],
  request: ['request', z.string()],
  employee_id: ['employeeId', z.string().trim().min(1).max(100)],
  date: ['date', DateString],
  time: ['time', TimeString],
  duration_minutes: ['durationMinutes', z.number().int().min(1).max(1440)],
  state: ['state', LocalBookingState],
  attempts: ['attempts', z.number().int().min(0).max(1_000_000)],
  last_error_status: ['lastErrorStatus', z.number().int().min(0).max(999).nullable()],
  last_error_message: ['lastErrorMessage', z.string().nullable()],
  booking: ['booking', z.string().nullable()],
  next_attempt_at: ['nextAttemptAt', Instant],
  // Stored as 0/1 (drizzle's boolean mode would read 'x' as false: the raw value is checked).
  response_lost: ['responseLost', z.union([z.literal(0), z.literal(1)]).transform((v) => v === 1)],
  first_attempt_at: ['firstAttemptAt', Instant.nullable()],
  created_at: ['createdAt', Instant],
  updated_at: ['updatedAt', Instant],
  erased_at: ['erasedAt', Instant.nullable()],
  rebooked_as: ['rebookedAs', OptionalId],
  visit_id: ['visitId', OptionalId],
} as const satisfies Record<string, readonly [keyof Row, z.ZodType]>;

export type CheckedColumns = { ok: true; row: Row } | { ok: false; column: string };

/** The row's columns, typed, or the first column that fails its check. */
export function checkColumns(stored: StoredRow): CheckedColumns {
  const row: Record<string, unknown> = {};
  for (const [column, [key, schema]] of Object.entries(COLUMNS) as [
    string,
    readonly [keyof Row, z.ZodType],
  ][]) {
    const parsed = schema.safeParse(stored[key]);
    if (!parsed.success) return { ok: false, column };
    row[key] = parsed.data;
  }
  return { ok: true, row: row as Row };
}

/** One column's value when it passes its check, else `fallback` (what a set-aside row shows). */
export function columnOr<K extends keyof typeof COLUMNS>(
  stored: StoredRow,
  column: K,
  fallback: z.output<(typeof COLUMNS)[K][1]>,
): z.output<(typeof COLUMNS)[K][1]> {
  const [key, schema]: readonly [keyof Row, z.ZodType] = COLUMNS[column];
  const parsed = schema.safeParse(stored[key]);
  return parsed.success ? (parsed.data as z.output<(typeof COLUMNS)[K][1]>) : fallback;
}
