/**
 * Issue 30, item 1 for the mirror's tables: every column of every mirror table damaged in turn
 * (wrong type, empty, out of range) on real SQLite. A damaged row reads as "not cached" (or, in
 * the catalog, as fetched long ago so that it is refreshed), never as an error, and what is read
 * parses with the shared schemas and has a fetch time `Date` can print (a lookup's freshness).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AvailableDaysSchema,
  EmployeeSchema,
  ServiceSchema,
  TimeSlotsSchema,
} from '../../../shared/api/schemas';
import { openKioskDb, type KioskDb } from '../../../electron/core/db/open';
import {
  loadAvailableDays,
  loadCatalog,
  loadSlotDaysOfMonth,
  loadTimeSlots,
  saveAvailableDays,
  saveCatalog,
  saveTimeSlots,
} from '../../../electron/core/db/mirror-repo';
import { makeTempDir } from '../../support/core/harness';

const T = Date.parse('2026-11-24T09:00:00Z');
const SERVICE = {
  _id: 'svc-1',
  title: 'Cut',
  description: '',
  category: 'hair',
  pricing: { price: 30, currency: 'EUR', taxRate: 19 },
  duration: { value: 30, unit: 'minutes' as const },
  features: [],
  enabled: true,
  sortOrder: 1,
};
const EMPLOYEE = {
  _id: 'emp-1',
  name: 'Anna',
  email: 'anna@example.com',
  phone: '1',
  role: 'stylist',
  available: true,
};
const DAYS = { year: 2026, month: 11, availableDays: [24, 25], totalDays: 30 };
const SLOTS = {
  date: '2026-11-24',
  timeSlots: [{ time: '10:00', available: true, employeeId: 'emp-1' }],
};
const DAMAGE: unknown[] = ['x', '', -1, 1e17, Buffer.from([0xff])];

const TABLES: Record<string, string[]> = {
  mirror_services: ['id', 'position', 'data', 'fetched_at'],
  mirror_employees: ['id', 'position', 'data', 'fetched_at'],
  mirror_available_days: ['year', 'month', 'service_key', 'employee_key', 'data', 'fetched_at'],
  mirror_time_slots: ['date', 'service_id', 'employee_key', 'data', 'fetched_at'],
};

let temp: ReturnType<typeof makeTempDir>;
let db: KioskDb;
beforeEach(() => {
  temp = makeTempDir('fd-mirror-damage-');
  db = openKioskDb({ dataDir: join(temp.dir, 'kiosk') });
});
afterEach(() => {
  db.$client.close();
  temp.remove();
});

function fill(): void {
  saveCatalog(db, [SERVICE], [EMPLOYEE], T);
  saveAvailableDays(db, { year: 2026, month: 11, serviceId: 'svc-1' }, DAYS, T);
  saveTimeSlots(db, { date: '2026-11-24', serviceId: 'svc-1' }, SLOTS, T);
}

/** Every read the lookups make; each must answer, with data the schemas accept. */
function readAll(): void {
  const catalog = loadCatalog(db);
  for (const s of catalog.services) expect(ServiceSchema.safeParse(s).success).toBe(true);
  for (const e of catalog.employees) expect(EmployeeSchema.safeParse(e).success).toBe(true);
  if (catalog.fetchedAt !== null) new Date(catalog.fetchedAt).toISOString();
  const days = loadAvailableDays(db, { year: 2026, month: 11, serviceId: 'svc-1' });
  if (days) {
    expect(AvailableDaysSchema.safeParse(days.data).success).toBe(true);
    new Date(days.fetchedAt).toISOString();
  }
  const slots = loadTimeSlots(db, { date: '2026-11-24', serviceId: 'svc-1' });
  if (slots) {
    expect(TimeSlotsSchema.safeParse(slots.data).success).toBe(true);
    new Date(slots.fetchedAt).toISOString();
  }
  for (const [day, info] of loadSlotDaysOfMonth(db, {
    year: 2026,
    month: 11,
    serviceId: 'svc-1',
  })) {
    expect(day >= 1 && day <= 31).toBe(true);
    new Date(info.fetchedAt).toISOString();
  }
}

const cases = Object.entries(TABLES).flatMap(([table, columns]) =>
  columns.flatMap((column) => DAMAGE.map((value, i) => ({ table, column, value, i }))),
);

describe('damaged mirror rows (issue 30)', () => {
  it.each(cases)(
    '$table.$column damaged (kind $i) reads as not cached, never as an error',
    ({ table, column, value }) => {
      fill();
      const raw = new Database(join(temp.dir, 'kiosk', 'kiosk.db'));
      try {
        raw.prepare(`update ${table} set ${column} = ?`).run(value);
      } finally {
        raw.close();
      }
      expect(() => readAll()).not.toThrow();
      if (column === 'fetched_at' && table === 'mirror_time_slots')
        expect(loadTimeSlots(db, { date: '2026-11-24', serviceId: 'svc-1' })).toBeNull();
    },
  );

  it('an undamaged mirror reads back whole (the damage above is what changed)', () => {
    fill();
    readAll();
    expect(loadCatalog(db)).toMatchObject({ fetchedAt: T, services: [SERVICE] });
    expect(loadTimeSlots(db, { date: '2026-11-24', serviceId: 'svc-1' })).toEqual({
      data: SLOTS,
      fetchedAt: T,
    });
  });
});
