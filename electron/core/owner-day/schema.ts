/**
 * The kiosk day's tables (issue 41 part 3), owned by this room (issue 40 item 2); drizzle-kit
 * reads this file beside db/schema.ts (drizzle.kiosk.config.ts). Counts only: every column is a
 * date, an hour, a number or one of a closed set, and CHECK constraints make SQLite refuse
 * anything else, so no column can hold a name, an e-mail, a phone, a booking id or free text.
 * A new language or step changes a CHECK list: `npm run db:generate` then writes its migration.
 */
import { sql, type SQL } from 'drizzle-orm';
import { check, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { KIOSK_DAY_COUNTER_NAMES, KIOSK_DAY_DETAILS } from '../../../shared/kiosk-day';

const oneOf = (column: string, values: readonly string[]): SQL =>
  sql.raw(`${column} IN (${values.map((value) => `'${value}'`).join(', ')})`);
// SQLite keeps text in an integer column when it is not a number: the type is checked too.
const whole = (column: string, range: string): SQL =>
  sql.raw(`typeof(${column}) = 'integer' AND ${column} ${range}`);
const isDate = (column: string): SQL =>
  sql.raw(`${column} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'`);

/** How many sessions of an hour reached a counter with a detail (a step, a language, a mode). */
export const kioskDayCounts = sqliteTable(
  'kiosk_day_counts',
  {
    day: text('day').notNull(),
    hour: integer('hour').notNull(),
    counter: text('counter', { enum: KIOSK_DAY_COUNTER_NAMES }).notNull(),
    detail: text('detail', { enum: KIOSK_DAY_DETAILS }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.hour, t.counter, t.detail] }),
    check('kiosk_day_counts_day', isDate('day')),
    check('kiosk_day_counts_hour', whole('hour', 'BETWEEN 0 AND 23')),
    check('kiosk_day_counts_counter', oneOf('counter', KIOSK_DAY_COUNTER_NAMES)),
    check('kiosk_day_counts_detail', oneOf('detail', KIOSK_DAY_DETAILS)),
    check('kiosk_day_counts_count', whole('count', '>= 0')),
  ],
);

/**
 * How many sessions of an hour took `seconds` from start to booked: a histogram, so that the
 * median of any range is exact to the second without keeping one row per customer.
 */
export const kioskDayBookedSeconds = sqliteTable(
  'kiosk_day_booked_seconds',
  {
    day: text('day').notNull(),
    hour: integer('hour').notNull(),
    seconds: integer('seconds').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.hour, t.seconds] }),
    check('kiosk_day_booked_seconds_day', isDate('day')),
    check('kiosk_day_booked_seconds_hour', whole('hour', 'BETWEEN 0 AND 23')),
    check('kiosk_day_booked_seconds_seconds', whole('seconds', '>= 0')),
    check('kiosk_day_booked_seconds_count', whole('count', '>= 0')),
  ],
);
