/**
 * Tables of the reference server. Instants are epoch milliseconds (integers); wall dates and
 * times are kept beside them as the business sees them, so busy intervals are an indexed range
 * query and responses need no conversion.
 */
import type { WallInterval, Weekday } from '../../shared/booking/types';
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

export const services = sqliteTable('services', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull().default(''),
  price: real('price').notNull(),
  currency: text('currency').notNull(),
  taxRate: real('tax_rate').notNull(),
  durationValue: real('duration_value').notNull(),
  durationUnit: text('duration_unit', { enum: ['minutes', 'hours'] }).notNull(),
  /** JSON array of strings. */
  features: text('features', { mode: 'json' }).$type<string[]>().notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Soft delete: set when the service was removed; such a service is never listed or bookable. */
  deletedAt: integer('deleted_at'),
});

/** Wall intervals per weekday (0 = Sunday), stored as JSON: `{"1":[{"start":"09:00","end":"17:00"}]}`. */
export type WeeklyJson = Partial<Record<Weekday, WallInterval[]>>;

export const employees = sqliteTable('employees', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  role: text('role').notNull().default(''),
  bookable: integer('bookable', { mode: 'boolean' }).notNull().default(true),
  weekly: text('weekly', { mode: 'json' }).$type<WeeklyJson>().notNull(),
  breaks: text('breaks', { mode: 'json' }).$type<WeeklyJson>().notNull(),
});

export const employeeServices = sqliteTable(
  'employee_services',
  {
    employeeId: text('employee_id')
      .notNull()
      .references(() => employees.id),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.serviceId] })],
);

export const customers = sqliteTable(
  'customers',
  {
    id: text('id').primaryKey(),
    customerNumber: text('customer_number').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Trimmed, lower-cased e-mail: the key a returning customer is matched by. */
    emailKey: text('email_key').notNull(),
    phone: text('phone').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('customers_number_uq').on(t.customerNumber),
    uniqueIndex('customers_email_key_uq').on(t.emailKey),
  ],
);

export const bookings = sqliteTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    appointmentNumber: text('appointment_number').notNull(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id),
    employeeId: text('employee_id')
      .notNull()
      .references(() => employees.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    date: text('date').notNull(),
    time: text('time').notNull(),
    endTime: text('end_time').notNull(),
    startMs: integer('start_ms').notNull(),
    endMs: integer('end_ms').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'cancelled'] }).notNull(),
    notes: text('notes'),
    emailSent: integer('email_sent', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('bookings_number_uq').on(t.appointmentNumber),
    index('bookings_employee_start_idx').on(t.employeeId, t.startMs),
    index('bookings_start_idx').on(t.startMs),
  ],
);

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    /** Hex SHA-256 of the key; the key itself is never stored. */
    keyHash: text('key_hash').notNull(),
    scope: text('scope', { enum: ['read', 'book'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash)],
);

/** Fixed-window counters per key: one row per key and window kind (`minute`, `day`). */
export const rateLimitCounters = sqliteTable(
  'rate_limit_counters',
  {
    apiKeyId: text('api_key_id').notNull(),
    window: text('window', { enum: ['minute', 'day'] }).notNull(),
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.window] })],
);

export const idempotencyRecords = sqliteTable(
  'idempotency_records',
  {
    apiKeyId: text('api_key_id').notNull(),
    key: text('key').notNull(),
    bodyHash: text('body_hash').notNull(),
    state: text('state', { enum: ['in_flight', 'done'] }).notNull(),
    statusCode: integer('status_code'),
    /** The JSON body of the first response, replayed verbatim. */
    response: text('response'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] })],
);

/** Monotonic counters for appointment and customer numbers (never reused). */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});
