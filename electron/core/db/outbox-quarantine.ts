/**
 * Poison rows (issue 17): an outbox row whose stored JSON no longer parses (a damaged page, a
 * hand edit) is set aside instead of stopping the queue. It is marked `quarantined` and kept on
 * disk as it is (its bytes are IT's to inspect; retention still erases it in time), never sent,
 * and shown to staff with what can be read of it: the reference, the hold's employee, date and
 * time (their own columns), and whatever of the request still parses.
 */
import type Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import {
  BookingRequestSchema,
  BookingResponseSchema,
  CustomerSchema,
  type BookingRequest,
} from '../../../shared/api/schemas';
import type { OutboxEntry } from '../outbox/entry';
import { durableTransaction, type KioskDb } from './open';
import { outbox } from './schema';

type Row = typeof outbox.$inferSelect;

/** What a quarantined row shows where its customer cannot be read (parses with the schemas). */
export const UNREADABLE_CUSTOMER = {
  name: 'unreadable',
  email: 'unreadable@unreadable.invalid',
  phone: '000',
} as const;

export type ReadRow = { ok: true; entry: OutboxEntry } | { ok: false; reason: string };

function parseJson(text: string | null): unknown {
  if (text === null) return null;
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
  };
}

/** Payloads are parsed with zod when read back: a row that fails is reported, never cast. */
export function readRow(row: Row): ReadRow {
  const request = BookingRequestSchema.safeParse(parseJson(row.request));
  if (!request.success) return { ok: false, reason: 'its booking request cannot be read' };
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

/** A damaged row as staff see it: what still parses, placeholders for the rest. */
export function salvageRow(row: Row, reason: string): OutboxEntry {
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
            serviceId,
            employeeId: 'unreadable',
            date: '1970-01-01',
            time: '00:00',
            customer: { ...UNREADABLE_CUSTOMER },
          },
      booking.success ? booking.data : null,
    ),
    state: 'quarantined',
    lastError: { status: null, message: quarantineMessage(row, reason) },
  };
}

function quarantineMessage(row: Row, reason: string): string {
  if (row.state === 'quarantined' && row.lastErrorMessage !== null) return row.lastErrorMessage;
  return `Set aside, not sent: ${reason} (it was ${row.state}; the row is kept for IT, see docs/deploy.md).`;
}

const hooks = new WeakMap<Database.Database, (localId: string, reason: string) => void>();

/** Who hears of a row set aside (the core logs it and announces the status). */
export function onQuarantine(db: KioskDb, hook: (localId: string, reason: string) => void): void {
  hooks.set(db.$client, hook);
}

/**
 * Reads rows: the readable ones as entries; a damaged one is marked `quarantined` on disk (its
 * data untouched) and, when `keepDamaged`, returned as salvaged for staff to see.
 */
export function readRows(db: KioskDb, rows: Row[], keepDamaged: boolean): OutboxEntry[] {
  const entries: OutboxEntry[] = [];
  for (const row of rows) {
    const read = readRow(row);
    if (read.ok) {
      entries.push(read.entry);
      continue;
    }
    if (row.state !== 'quarantined') quarantine(db, row, read.reason);
    if (keepDamaged) entries.push(salvageRow(row, read.reason));
  }
  return entries;
}

function quarantine(db: KioskDb, row: Row, reason: string): void {
  const message = quarantineMessage(row, reason);
  try {
    durableTransaction(db, () => {
      db.update(outbox)
        .set({ state: 'quarantined', lastErrorStatus: null, lastErrorMessage: message })
        .where(eq(outbox.localId, row.localId))
        .run();
    });
  } catch {
    // Not marked (a full disk): it is set aside all the same, and marked at the next read.
    return;
  }
  hooks.get(db.$client)?.(row.localId, reason);
}
