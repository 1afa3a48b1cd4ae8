/**
 * Issue 41 part 3: no column of the kiosk day's tables can hold personal data. The declared
 * columns are numbers, a date, or one of a closed set; and the migrated database itself refuses
 * a name, an e-mail, a phone, a booking id or free text in every column (CHECK constraints).
 */
import { getTableConfig, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKioskDb, type KioskDb } from '../../../electron/core/db';
import { kioskDayBookedSeconds, kioskDayCounts } from '../../../electron/core/owner-day/schema';
import { KIOSK_DAY_COUNTER_NAMES, KIOSK_DAY_DETAILS } from '../../../shared/kiosk-day';
import { LANGUAGE_CODES } from '../../../shared/languages';
import { makeTempDir } from '../../support/core/harness';

const TABLES = [kioskDayCounts, kioskDayBookedSeconds];
const PERSONAL = ['Eva Muster', 'eva@example.com', '+49 30 1234567', 'A-000001', 'came for a cut'];

/** What a column may hold: 'integer', 'date', or the closed set of its values. */
function kindOf(
  column: Pick<SQLiteColumn, 'columnType' | 'name' | 'enumValues'>,
): string | readonly string[] {
  if (column.columnType === 'SQLiteInteger') return 'integer';
  if (column.columnType === 'SQLiteText' && column.name === 'day') return 'date';
  if (column.columnType === 'SQLiteText' && column.enumValues && column.enumValues.length > 0)
    return column.enumValues;
  return `free ${column.columnType}`;
}

describe('the kiosk day’s tables hold counts only', () => {
  it('declares every column as a number, a date or a closed set', () => {
    const declared = Object.fromEntries(
      TABLES.map((table) => {
        const config = getTableConfig(table);
        return [config.name, Object.fromEntries(config.columns.map((c) => [c.name, kindOf(c)]))];
      }),
    );
    expect(declared).toEqual({
      kiosk_day_counts: {
        day: 'date',
        hour: 'integer',
        counter: KIOSK_DAY_COUNTER_NAMES,
        detail: KIOSK_DAY_DETAILS,
        count: 'integer',
      },
      kiosk_day_booked_seconds: {
        day: 'date',
        hour: 'integer',
        seconds: 'integer',
        count: 'integer',
      },
    });
    // The closed sets are steps, languages and modes: nothing a customer types.
    expect(KIOSK_DAY_DETAILS).toEqual([
      '',
      'service',
      'day',
      'time',
      'details',
      'review',
      'booked',
      ...LANGUAGE_CODES,
      'audio',
      'reach',
    ]);
  });

  describe('in the migrated database', () => {
    let temp: ReturnType<typeof makeTempDir>;
    let db: KioskDb;
    beforeAll(() => {
      temp = makeTempDir('fd-owner-day-schema-');
      db = openKioskDb({ dataDir: temp.dir });
    });
    afterAll(() => {
      db.$client.close();
      temp.remove();
    });
    const good = {
      kiosk_day_counts: {
        day: '2026-11-23',
        hour: 9,
        counter: 'reached',
        detail: 'time',
        count: 1,
      },
      kiosk_day_booked_seconds: { day: '2026-11-23', hour: 9, seconds: 95, count: 1 },
    };
    const insert = (table: keyof typeof good, row: Record<string, unknown>) => {
      const columns = Object.keys(row);
      db.$client
        .prepare(
          `insert or replace into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
        )
        .run(...Object.values(row));
    };

    it.each(Object.keys(good) as (keyof typeof good)[])('%s takes a row of counts', (table) => {
      expect(() => insert(table, good[table])).not.toThrow();
    });

    it.each(
      (Object.keys(good) as (keyof typeof good)[]).flatMap((table) =>
        Object.keys(good[table]).flatMap((column) =>
          PERSONAL.map((value) => [table, column, value] as const),
        ),
      ),
    )('%s refuses %s = %j', (table, column, value) => {
      expect(() => insert(table, { ...good[table], [column]: value })).toThrow(/CHECK constraint/);
    });
  });
});
