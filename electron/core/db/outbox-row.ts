/**
 * Every column of an outbox row is checked when read (issue 30), not only its JSON: SQLite keeps
 * whatever was written into a column (a hand edit, a scribbled page), so a row is taken as
 * `unknown` per column and parsed here. A row that fails is set aside (outbox-quarantine.ts);
 * one that passes can be sent, listed and shown without anything downstream throwing (a date
 * that is no date made `new Date(...).toISOString()` fail a whole start or staff list).
 */
import { DateString, TimeString } from '../../../shared/api/schemas';
import { bookingReference } from '../../../shared/booking/reference';
import { LocalBookingState } from '../../../shared/kiosk-data';
import type { outbox } from './schema';

export type Row = typeof outbox.$inferSelect;

/** A row as SQLite may hold it: any column any value; `rowid` addresses it whatever its id. */
export type StoredRow = { [K in keyof Row]: unknown } & { rowid: number };

/**
 * Plain predicates, not a zod object: every row of a staff list passes through them (a year
 * and a half of bookings is 50,000 rows; per-column zod parses cost 1.7 s there, under load).
 */
type Check = (value: unknown) => boolean;

const text: Check = (v) => typeof v === 'string';
const nullable =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);
const int =
  (min: number, max: number): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
/**
 * An instant in ms that `Date` can represent (toISOString throws beyond ±8.64e15); fractions
 * are fine (the monotonic clock writes them).
 */
const instant: Check = (v) => typeof v === 'number' && v >= 0 && v <= 8.64e15;
/** An id or key: no blank, no surrounding space; a local id also yields a reference. */
const key: Check = (v) => typeof v === 'string' && /^\S{1,200}$/.test(v);
const localId: Check = (v) => key(v) && bookingReference(v as string) !== '';
const STATES = new Set<unknown>(LocalBookingState.options);
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

/** Each column's check; the key is the column as IT sees it in sqlite3 (named in the reason). */
const COLUMNS = {
  local_id: ['localId', localId],
  idempotency_key: ['idempotencyKey', key],
  request: ['request', text],
  employee_id: ['employeeId', (v) => typeof v === 'string' && v.trim() !== '' && v.length <= 100],
  date: ['date', (v) => typeof v === 'string' && DateString.safeParse(v).success],
  time: ['time', (v) => typeof v === 'string' && TimeString.safeParse(v).success],
  duration_minutes: ['durationMinutes', int(1, 1440)],
  state: ['state', (v) => STATES.has(v)],
  attempts: ['attempts', int(0, 1_000_000)],
  last_error_status: ['lastErrorStatus', nullable(int(0, 999))],
  last_error_message: ['lastErrorMessage', nullable(text)],
  booking: ['booking', nullable(text)],
  next_attempt_at: ['nextAttemptAt', instant],
  // Stored as 0/1 (drizzle's boolean mode would read 'x' as false: the raw value is checked).
  response_lost: ['responseLost', (v) => v === 0 || v === 1],
  first_attempt_at: ['firstAttemptAt', nullable(instant)],
  created_at: ['createdAt', instant],
  updated_at: ['updatedAt', instant],
  erased_at: ['erasedAt', nullable(instant)],
  rebooked_as: ['rebookedAs', nullable(localId)],
  visit_id: ['visitId', nullable(localId)],
  // Sent as a header: a language tag, nothing a header could not carry.
  language: ['language', nullable((v) => typeof v === 'string' && LANGUAGE_TAG.test(v))],
} as const satisfies Record<string, readonly [keyof Row, Check]>;

type Column = keyof typeof COLUMNS;
const ENTRIES = Object.entries(COLUMNS) as [Column, readonly [keyof Row, Check]][];

export type CheckedColumns = { ok: true; row: Row } | { ok: false; column: string };

/** The row's columns, typed, or the first column that fails its check. */
export function checkColumns(stored: StoredRow): CheckedColumns {
  for (const [column, [name, check]] of ENTRIES)
    if (!check(stored[name])) return { ok: false, column };
  // Every column passed its check: the values are the Row's types (response_lost as 0/1).
  return { ok: true, row: { ...(stored as Row), responseLost: stored.responseLost === 1 } };
}

/** One column's value when it passes its check, else `fallback` (what a set-aside row shows). */
export function columnOr<C extends Exclude<Column, 'response_lost'>>(
  stored: StoredRow,
  column: C,
  fallback: Row[(typeof COLUMNS)[C][0]],
): Row[(typeof COLUMNS)[C][0]] {
  const [name, check] = COLUMNS[column];
  return check(stored[name]) ? (stored[name] as Row[(typeof COLUMNS)[C][0]]) : fallback;
}
