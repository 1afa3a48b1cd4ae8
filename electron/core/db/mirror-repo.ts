/**
 * The mirror's tables: what the API answered and when. Payloads are re-parsed with the shared
 * schemas when read, so a corrupt row reads as "not cached" rather than crashing a lookup.
 */
import { and, asc, eq, gte, lt, lte } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AvailableDaysSchema,
  EmployeeSchema,
  ServiceSchema,
  TimeSlotsSchema,
  type AvailableDays,
  type Employee,
  type Service,
  type TimeSlots,
} from '../../../shared/api/schemas';
import type { CatalogKnowledge } from '../outbox';
import type { KioskDb } from './open';
import { mirrorAvailableDays, mirrorEmployees, mirrorServices, mirrorTimeSlots } from './schema';

export interface Cached<T> {
  data: T;
  fetchedAt: number;
}

/** Replaces the services (those that disappeared upstream disappear here too). */
export function saveServices(db: KioskDb, services: Service[], fetchedAt: number): void {
  db.transaction((tx) => {
    tx.delete(mirrorServices).run();
    services.forEach((service, position) =>
      tx
        .insert(mirrorServices)
        .values({ id: service._id, position, data: JSON.stringify(service), fetchedAt })
        .run(),
    );
  });
}

export function saveEmployees(db: KioskDb, employees: Employee[], fetchedAt: number): void {
  db.transaction((tx) => {
    tx.delete(mirrorEmployees).run();
    employees.forEach((employee, position) =>
      tx
        .insert(mirrorEmployees)
        .values({ id: employee._id, position, data: JSON.stringify(employee), fetchedAt })
        .run(),
    );
  });
}

/** Replaces the whole catalog (services that disappeared upstream disappear here too). */
export function saveCatalog(
  db: KioskDb,
  services: Service[],
  employees: Employee[],
  fetchedAt: number,
): void {
  db.transaction((tx) => {
    tx.delete(mirrorServices).run();
    tx.delete(mirrorEmployees).run();
    services.forEach((service, position) =>
      tx
        .insert(mirrorServices)
        .values({ id: service._id, position, data: JSON.stringify(service), fetchedAt })
        .run(),
    );
    employees.forEach((employee, position) =>
      tx
        .insert(mirrorEmployees)
        .values({ id: employee._id, position, data: JSON.stringify(employee), fetchedAt })
        .run(),
    );
  });
}

/**
 * What the cached catalog knows of this service and this person (send.ts's `inCatalog`): one
 * missing from a list that was fetched is `unlisted`; a list not fetched yet (an empty table:
 * the mirror's first steps after a cold start) is `unknown`, never "missing". Read by id, not
 * parsed: a listed id whose row is damaged was still on the API's list.
 */
export function catalogKnows(
  db: KioskDb,
  ids: { serviceId: string; employeeId: string },
): CatalogKnowledge {
  const service = listed(db, mirrorServices, ids.serviceId);
  const employee = listed(db, mirrorEmployees, ids.employeeId);
  if (service === 'unlisted' || employee === 'unlisted') return 'unlisted';
  return service === 'listed' && employee === 'listed' ? 'listed' : 'unknown';
}

function listed(
  db: KioskDb,
  table: typeof mirrorServices | typeof mirrorEmployees,
  id: string,
): CatalogKnowledge {
  if (db.select({ id: table.id }).from(table).where(eq(table.id, id)).get()) return 'listed';
  return db.select({ id: table.id }).from(table).limit(1).get() ? 'unlisted' : 'unknown';
}

export function loadCatalog(db: KioskDb): {
  services: Service[];
  employees: Employee[];
  fetchedAt: number | null;
} {
  const serviceRows = db.select().from(mirrorServices).orderBy(asc(mirrorServices.position)).all();
  const employeeRows = db
    .select()
    .from(mirrorEmployees)
    .orderBy(asc(mirrorEmployees.position))
    .all();
  const services = serviceRows.flatMap((row) => parseJson(ServiceSchema, row.data) ?? []);
  const employees = employeeRows.flatMap((row) => parseJson(EmployeeSchema, row.data) ?? []);
  // The mirror fetches services and employees in two steps: with only one of them stored the
  // catalog is not cached yet (else a lookup between the steps was served no employees).
  if (serviceRows.length === 0 || employeeRows.length === 0)
    return { services, employees, fetchedAt: null };
  // A damaged fetch time reads as "fetched long ago": the mirror refreshes it.
  const times = [...serviceRows, ...employeeRows].map((row) => fetchedTime(row.fetchedAt) ?? 0);
  return { services, employees, fetchedAt: Math.min(...times) };
}

export function loadService(db: KioskDb, serviceId: string): Service | null {
  const row = db.select().from(mirrorServices).where(eq(mirrorServices.id, serviceId)).get();
  return row ? parseJson(ServiceSchema, row.data) : null;
}

export interface DaysKey {
  year: number;
  month: number;
  serviceId?: string | undefined;
  employeeId?: string | undefined;
}

function daysWhere(key: DaysKey) {
  return and(
    eq(mirrorAvailableDays.year, key.year),
    eq(mirrorAvailableDays.month, key.month),
    eq(mirrorAvailableDays.serviceKey, key.serviceId ?? ''),
    eq(mirrorAvailableDays.employeeKey, key.employeeId ?? ''),
  );
}

export function saveAvailableDays(
  db: KioskDb,
  key: DaysKey,
  data: AvailableDays,
  fetchedAt: number,
): void {
  db.insert(mirrorAvailableDays)
    .values({
      year: key.year,
      month: key.month,
      serviceKey: key.serviceId ?? '',
      employeeKey: key.employeeId ?? '',
      data: JSON.stringify(data),
      fetchedAt,
    })
    .onConflictDoUpdate({
      target: [
        mirrorAvailableDays.year,
        mirrorAvailableDays.month,
        mirrorAvailableDays.serviceKey,
        mirrorAvailableDays.employeeKey,
      ],
      set: { data: JSON.stringify(data), fetchedAt },
    })
    .run();
}

export function loadAvailableDays(db: KioskDb, key: DaysKey): Cached<AvailableDays> | null {
  const row = db.select().from(mirrorAvailableDays).where(daysWhere(key)).get();
  const data = row ? parseJson(AvailableDaysSchema, row.data) : null;
  const fetchedAt = fetchedTime(row?.fetchedAt);
  return data && fetchedAt !== null ? { data, fetchedAt } : null;
}

export interface SlotsKey {
  date: string;
  serviceId: string;
  employeeId?: string | undefined; // undefined and 'any' are the same lookup
}

const employeeKey = (employeeId: string | undefined): string => employeeId ?? 'any';

export function saveTimeSlots(
  db: KioskDb,
  key: SlotsKey,
  data: TimeSlots,
  fetchedAt: number,
): void {
  const values = {
    date: key.date,
    serviceId: key.serviceId,
    employeeKey: employeeKey(key.employeeId),
    data: JSON.stringify(data),
    fetchedAt,
  };
  db.insert(mirrorTimeSlots)
    .values(values)
    .onConflictDoUpdate({
      target: [mirrorTimeSlots.date, mirrorTimeSlots.serviceId, mirrorTimeSlots.employeeKey],
      set: { data: values.data, fetchedAt },
    })
    .run();
}

export function loadTimeSlots(db: KioskDb, key: SlotsKey): Cached<TimeSlots> | null {
  const row = db
    .select()
    .from(mirrorTimeSlots)
    .where(
      and(
        eq(mirrorTimeSlots.date, key.date),
        eq(mirrorTimeSlots.serviceId, key.serviceId),
        eq(mirrorTimeSlots.employeeKey, employeeKey(key.employeeId)),
      ),
    )
    .get();
  const data = row ? parseJson(TimeSlotsSchema, row.data) : null;
  const fetchedAt = fetchedTime(row?.fetchedAt);
  return data && fetchedAt !== null ? { data, fetchedAt } : null;
}

/**
 * The cached slot lists (all employees) of one service in one month: day of month -> fetch time
 * and whether any slot was free. What the calendar's cached available days are corrected with.
 */
export function loadSlotDaysOfMonth(
  db: KioskDb,
  key: { year: number; month: number; serviceId: string },
): Map<number, { fetchedAt: number; anyAvailable: boolean }> {
  const prefix = `${String(key.year).padStart(4, '0')}-${String(key.month).padStart(2, '0')}-`;
  const rows = db
    .select()
    .from(mirrorTimeSlots)
    .where(
      and(
        eq(mirrorTimeSlots.serviceId, key.serviceId),
        eq(mirrorTimeSlots.employeeKey, employeeKey(undefined)),
        gte(mirrorTimeSlots.date, `${prefix}01`),
        lte(mirrorTimeSlots.date, `${prefix}31`),
      ),
    )
    .all();
  const days = new Map<number, { fetchedAt: number; anyAvailable: boolean }>();
  for (const row of rows) {
    const data = parseJson(TimeSlotsSchema, row.data);
    const fetchedAt = fetchedTime(row.fetchedAt);
    const day = Number(String(row.date).slice(8, 10));
    if (!data || fetchedAt === null || !(day >= 1 && day <= 31)) continue;
    days.set(day, {
      fetchedAt,
      anyAvailable: data.timeSlots.some((s) => s.available),
    });
  }
  return days;
}

/** Drops slot days before `date` (they can never be booked again). */
export function pruneTimeSlotsBefore(db: KioskDb, date: string): void {
  db.delete(mirrorTimeSlots).where(lt(mirrorTimeSlots.date, date)).run();
}

function parseJson<T>(schema: z.ZodType<T>, text: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A stored fetch time, or null when the column is damaged (SQLite keeps whatever was written;
 * `new Date(...).toISOString()` would throw on it in every lookup that says how fresh it is).
 */
function fetchedTime(value: unknown): number | null {
  return typeof value === 'number' && value >= 0 && value <= 8.64e15 ? value : null;
}
