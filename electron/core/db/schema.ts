/**
 * The kiosk's own SQLite schema (drizzle-kit generates drizzle/kiosk from this file). JSON
 * columns hold API payloads exactly as the shared zod schemas parsed them; they are parsed
 * again when read back, so a row written by an older version cannot smuggle a bad shape in.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Enabled services as the API listed them (position keeps the API's order). */
export const mirrorServices = sqliteTable('mirror_services', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  data: text('data').notNull(),
  fetchedAt: integer('fetched_at').notNull(),
});

export const mirrorEmployees = sqliteTable('mirror_employees', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  data: text('data').notNull(),
  fetchedAt: integer('fetched_at').notNull(),
});

/** One month's available days for a filter; '' stands for "no filter" in the key columns. */
export const mirrorAvailableDays = sqliteTable(
  'mirror_available_days',
  {
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    serviceKey: text('service_key').notNull(),
    employeeKey: text('employee_key').notNull(),
    data: text('data').notNull(),
    fetchedAt: integer('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.month, t.serviceKey, t.employeeKey] })],
);

/** One day's time slots for a service and an employee ('any' when none was given). */
export const mirrorTimeSlots = sqliteTable(
  'mirror_time_slots',
  {
    date: text('date').notNull(),
    serviceId: text('service_id').notNull(),
    employeeKey: text('employee_key').notNull(),
    data: text('data').notNull(),
    fetchedAt: integer('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.serviceId, t.employeeKey] })],
);

/**
 * The outbox: one row per booking made at this kiosk. A row in queued/sending/unknown is also
 * the hold on its slot (employee, date, time, duration), so queueing and holding are one insert.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    localId: text('local_id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    request: text('request').notNull(),
    employeeId: text('employee_id').notNull(),
    date: text('date').notNull(),
    time: text('time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    state: text('state', { enum: ['queued', 'sending', 'sent', 'rejected', 'unknown', 'discarded'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastErrorStatus: integer('last_error_status'),
    lastErrorMessage: text('last_error_message'),
    booking: text('booking'),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    // Set once an attempt's answer was lost (timeout, dropped connection): the remote may have
    // created the booking, so a later 409 means "unknown", not "rejected".
    responseLost: integer('response_lost', { mode: 'boolean' }).notNull().default(false),
    firstAttemptAt: integer('first_attempt_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    // When the customer's personal data was erased (retention); the row keeps its reference.
    erasedAt: integer('erased_at'),
  },
  (t) => [index('outbox_state_next').on(t.state, t.nextAttemptAt), index('outbox_hold').on(t.employeeId, t.date)],
);

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
