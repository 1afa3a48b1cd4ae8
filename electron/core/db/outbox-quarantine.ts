/**
 * Poison rows (issue 17): an outbox row whose stored JSON no longer parses (a damaged page, a
 * hand edit) is set aside instead of stopping the queue. It is marked `quarantined` and kept on
 * disk as it is (its bytes are IT's to inspect; retention still erases it in time), never sent,
 * and shown to staff with what can be read of it: the reference, the hold's employee, date and
 * time (their own columns), and whatever of the request still parses.
 */
import type Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import {
  BookingRequestSchema,
  BookingResponseSchema,
  CustomerSchema,
  type BookingRequest,
} from '../../../shared/api/schemas';
import type { OutboxEntry } from '../outbox';
import { durableTransaction, type KioskDb } from './open';
import { LocalBookingState } from '../../../shared/kiosk-data';
import { durationMinutes } from '../../../shared/api/duration';
import { holdsSlot } from '../../../shared/booking/booking-states';
import { loadService } from './mirror-repo';
import { checkColumns, columnOr, type Row, type StoredRow } from './outbox-row';
import { outbox } from './schema';

/** What a quarantined row shows where its customer cannot be read (parses with the schemas). */
export const UNREADABLE_CUSTOMER = {
  name: 'unreadable',
  email: 'unreadable@unreadable.invalid',
  phone: '000',
} as const;

export type ReadRow = { ok: true; entry: OutboxEntry } | { ok: false; reason: string };

function parseJson(text: unknown): unknown {
  if (text === null) return null;
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function entryOf(row: Row, request: BookingRequest, booking: OutboxEntry['booking']): OutboxEntry {
  return {
    localId: row.localId,
    idempotencyKey: row.idempotencyKey,
    request,
    hold: {
      employeeId: row.employeeId,
      date: row.date,
      time: row.time,
      durationMinutes: row.durationMinutes,
    },
    state: row.state,
    attempts: row.attempts,
    lastError:
      row.lastErrorMessage === null
        ? null
        : { status: row.lastErrorStatus, message: row.lastErrorMessage },
    booking,
    nextAttemptAt: row.nextAttemptAt,
    responseLost: row.responseLost,
    firstAttemptAt: row.firstAttemptAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    erasedAt: row.erasedAt,
    rebookedAs: row.rebookedAs,
    // Absent when the booking is alone, as in an entry written before visits existed.
    ...(row.visitId === null ? {} : { visitId: row.visitId }),
    // Absent when none was kept, as the memory store keeps an entry written without one.
    ...(row.language === null ? {} : { language: row.language }),
  };
}

/** A service's minutes as the cached catalog lists them; null when it is not listed. */
type MinutesOf = (serviceId: string) => number | null;

/**
 * Every column is checked, the payloads are parsed with zod, and the request must book the
 * row's own slot (another row's request copied in would book that customer twice) for as long
 * as it holds it: a row still to be sent whose service takes other minutes than it holds would
 * book another service over other bookings (issue 39, item 7). A row that fails is reported,
 * never cast. `minutesOf` absent or not knowing the service: the minutes are not compared.
 */
export function readRow(stored: StoredRow, minutesOf?: MinutesOf): ReadRow {
  const columns = checkColumns(stored);
  if (!columns.ok) return { ok: false, reason: `its ${columns.column} cannot be read` };
  const row = columns.row;
  const request = BookingRequestSchema.safeParse(parseJson(row.request));
  if (!request.success) return { ok: false, reason: 'its booking request cannot be read' };
  const { employeeId, date, time } = request.data;
  if (employeeId !== row.employeeId || date !== row.date || time !== row.time)
    return { ok: false, reason: 'its booking request is not for its own slot' };
  const minutes = holdsSlot(row.state) ? minutesOf?.(request.data.serviceId) : null;
  if (minutes != null && minutes !== row.durationMinutes)
    return {
      ok: false,
      reason: `its service takes ${minutes} minutes but it holds ${row.durationMinutes}`,
    };
  const json = parseJson(row.booking);
  if (json === null) return { ok: true, entry: entryOf(row, request.data, null) };
  const booking = BookingResponseSchema.safeParse(json);
  if (!booking.success)
    return { ok: false, reason: "the API's answer stored with it cannot be read" };
  return { ok: true, entry: entryOf(row, request.data, booking.data) };
}

/** One string field of JSON that no longer parses (cut off, scribbled): `"name":"value"`. */
function fieldOf(text: string, name: string): string | undefined {
  return new RegExp(`"${name}"\\s*:\\s*"([^"\\\\]{1,200})"`).exec(text)?.[1];
}

/** What can be read of a request: its JSON when it parses, else its fields one by one. */
function partialRequest(text: string): { serviceId?: unknown; customer?: unknown } {
  const json = parseJson(text);
  if (typeof json === 'object' && json !== null) return json;
  return {
    serviceId: fieldOf(text, 'serviceId'),
    customer: {
      name: fieldOf(text, 'name'),
      email: fieldOf(text, 'email'),
      phone: fieldOf(text, 'phone'),
    },
  };
}

/** The columns of a damaged row that pass their checks, placeholders for the others. */
function salvageColumns(stored: StoredRow): Row {
  const createdAt = columnOr(stored, 'created_at', columnOr(stored, 'updated_at', 0));
  return {
    localId: columnOr(stored, 'local_id', `rowid-${stored.rowid}`),
    idempotencyKey: columnOr(stored, 'idempotency_key', ''),
    request: columnOr(stored, 'request', ''),
    employeeId: columnOr(stored, 'employee_id', 'unreadable'),
    date: columnOr(stored, 'date', '1970-01-01'),
    time: columnOr(stored, 'time', '00:00'),
    durationMinutes: columnOr(stored, 'duration_minutes', 0),
    state: 'quarantined',
    attempts: columnOr(stored, 'attempts', 0),
    lastErrorStatus: null,
    lastErrorMessage: null,
    booking: columnOr(stored, 'booking', null),
    nextAttemptAt: columnOr(stored, 'next_attempt_at', 0),
    responseLost: stored.responseLost === 1,
    firstAttemptAt: columnOr(stored, 'first_attempt_at', null),
    createdAt,
    updatedAt: columnOr(stored, 'updated_at', createdAt),
    erasedAt: columnOr(stored, 'erased_at', null),
    rebookedAs: columnOr(stored, 'rebooked_as', null),
    visitId: columnOr(stored, 'visit_id', null),
    language: columnOr(stored, 'language', null),
  };
}

/** A damaged row as staff see it: what still parses, placeholders for the rest. */
export function salvageRow(stored: StoredRow, reason: string): OutboxEntry {
  const row = salvageColumns(stored);
  const partial = partialRequest(row.request);
  const read = (
    typeof partial.customer === 'object' && partial.customer !== null ? partial.customer : {}
  ) as Record<string, unknown>;
  const field = (key: keyof typeof UNREADABLE_CUSTOMER): string => {
    const value = CustomerSchema.shape[key].safeParse(read[key]);
    return value.success ? value.data : UNREADABLE_CUSTOMER[key];
  };
  const customer = { name: field('name'), email: field('email'), phone: field('phone') };
  const serviceId =
    typeof partial.serviceId === 'string' && partial.serviceId.trim() !== ''
      ? partial.serviceId
      : 'unreadable';
  const request = BookingRequestSchema.safeParse({
    serviceId,
    employeeId: row.employeeId,
    date: row.date,
    time: row.time,
    customer,
  });
  const booking = BookingResponseSchema.safeParse(parseJson(row.booking));
  return {
    ...entryOf(
      row,
      request.success
        ? request.data
        : {
            serviceId: 'unreadable',
            employeeId: 'unreadable',
            date: '1970-01-01',
            time: '00:00',
            customer: { ...UNREADABLE_CUSTOMER },
          },
      booking.success ? booking.data : null,
    ),
    lastError: { status: null, message: quarantineMessage(stored, reason) },
  };
}

function quarantineMessage(stored: StoredRow, reason: string): string {
  const state = LocalBookingState.safeParse(stored.state);
  const message = stored.lastErrorMessage;
  if (state.data === 'quarantined' && typeof message === 'string' && message !== '') return message;
  const was = state.success ? `it was ${state.data}` : 'its state was unreadable';
  return `Set aside, not sent: ${reason} (${was}; the row is kept for IT, see docs/deploy.md).`;
}

const hooks = new WeakMap<Database.Database, (localId: string, reason: string) => void>();

/** Who hears of a row set aside (the core logs it and announces the status). */
export function onQuarantine(db: KioskDb, hook: (localId: string, reason: string) => void): void {
  hooks.set(db.$client, hook);
}

/**
 * Reads rows: the readable ones as entries; a damaged one is marked `quarantined` on disk (its
 * other columns untouched) and, when `keepDamaged`, returned as salvaged for staff to see.
 */
export function readRows(db: KioskDb, rows: StoredRow[], keepDamaged: boolean): OutboxEntry[] {
  const entries: OutboxEntry[] = [];
  const minutesOf = cachedMinutes(db);
  for (const row of rows) {
    const read = readRow(row, minutesOf);
    if (read.ok) {
      entries.push(read.entry);
      continue;
    }
    const salvaged = salvageRow(row, read.reason);
    if (row.state !== 'quarantined') quarantine(db, row, salvaged, read.reason);
    if (keepDamaged) entries.push(salvaged);
  }
  return entries;
}

/** The cached catalog's minutes per service, each read once per call of readRows. */
function cachedMinutes(db: KioskDb): MinutesOf {
  const known = new Map<string, number | null>();
  return (serviceId) => {
    if (!known.has(serviceId)) {
      const service = loadService(db, serviceId);
      known.set(serviceId, service ? durationMinutes(service) : null);
    }
    return known.get(serviceId) ?? null;
  };
}

/** Marked by its rowid: its local id may be the damaged column. */
function quarantine(db: KioskDb, row: StoredRow, salvaged: OutboxEntry, reason: string): void {
  try {
    durableTransaction(db, () => {
      db.update(outbox)
        .set({
          state: 'quarantined',
          lastErrorStatus: null,
          lastErrorMessage: salvaged.lastError?.message ?? null,
        })
        .where(sql`rowid = ${row.rowid}`)
        .run();
    });
  } catch {
    // Not marked (a full disk): it is set aside all the same, and marked at the next read.
    return;
  }
  hooks.get(db.$client)?.(salvaged.localId, reason);
}
