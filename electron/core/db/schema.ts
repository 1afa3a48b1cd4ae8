/**
 * The kiosk's own SQLite schema (drizzle-kit generates drizzle/kiosk from this file). JSON
 * columns hold API payloads exactly as the shared zod schemas parsed them; they are parsed
 * again when read back, so a row written by an older version cannot smuggle a bad shape in.
 */
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { BOOKING_STATE_NAMES } from '../../../shared/booking/booking-states';

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
    // The enum types the column only (SQLite checks nothing): a new state needs no migration.
    state: text('state', { enum: BOOKING_STATE_NAMES }).notNull(),
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
    // A rejected booking that staff booked again: the local id of the new booking.
    rebookedAs: text('rebooked_as'),
    // Several services in one visit (issue 19): the bookings of one visit share this local id.
    visitId: text('visit_id'),
    // The customer's language, the booking's Accept-Language (null: a row from before it).
    language: text('language'),
  },
  (t) => [
    index('outbox_state_next').on(t.state, t.nextAttemptAt),
    index('outbox_hold').on(t.employeeId, t.date),
  ],
);

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The screens paired with this hub (electron/core/hub). Only a SHA-256 of each screen's
 * credential is kept; `removedAt` ends its access at once and keeps the row for the list.
 */
export const hubScreens = sqliteTable('hub_screens', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  role: text('role', { enum: ['kiosk', 'counter'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  address: text('address').notNull(),
  pairedAt: integer('paired_at').notNull(),
  lastSeenAt: integer('last_seen_at').notNull(),
  removedAt: integer('removed_at'),
});

/**
 * A booking the customer left believing it would be kept (queued): the language they booked
 * in, and once the API refused it on replay, whether staff still have to act (`open`) or did
 * (`contacted`, `dismissed`). Written apart from the outbox row (electron/core/notify).
 */
export const followUps = sqliteTable('follow_ups', {
  localId: text('local_id').primaryKey(),
  language: text('language').notNull(),
  state: text('state', { enum: ['waiting', 'open', 'contacted', 'dismissed'] }).notNull(),
  refusedAt: integer('refused_at'),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * The one durable job queue (electron/core/jobs, its store db/job-store.ts): each row one job
 * of a kind (`type`), its data JSON read back with the kind's schema. A claim (`running`, a
 * lease) is committed before the run starts; at most one job per type and key, ever.
 */
export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    key: text('key'),
    data: text('data').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    interrupted: integer('interrupted').notNull().default(0),
    runAt: integer('run_at').notNull(),
    leaseUntil: integer('lease_until'),
    reason: text('reason'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('jobs_type_key').on(t.type, t.key),
    index('jobs_state_run_at').on(t.state, t.runAt),
  ],
);
