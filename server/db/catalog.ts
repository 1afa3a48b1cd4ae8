/** Services and employees: listing, lookup for booking, schedules for availability, upserts. */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Employee, Service } from '../../shared/api/schemas';
import type { EmployeeSchedule } from '../../shared/booking/types';
import { dataVersion as readDataVersion } from './data-version';
import type { ServerDb } from './open';
import { prepared } from './prepared';
import { employeeServices, employees, services } from './schema';

export type ServiceRow = typeof services.$inferSelect;
export type EmployeeRow = typeof employees.$inferSelect;
export type NewService = typeof services.$inferInsert;
export type NewEmployee = typeof employees.$inferInsert & { serviceIds: string[] };

const bookableService = and(eq(services.enabled, true), isNull(services.deletedAt));

export function toApiService(row: ServiceRow): Service {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    pricing: { price: row.price, currency: row.currency, taxRate: row.taxRate },
    duration: { value: row.durationValue, unit: row.durationUnit },
    features: row.features,
    enabled: row.enabled,
    sortOrder: row.sortOrder,
  };
}

export function toApiEmployee(row: EmployeeRow): Employee {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    available: row.bookable,
  };
}

/** Enabled, not soft-deleted services ordered by sortOrder, then title. */
export function listServices(db: ServerDb): ServiceRow[] {
  return prepared(db, 'listServices', () =>
    db
      .select()
      .from(services)
      .where(bookableService)
      .orderBy(asc(services.sortOrder), asc(services.title))
      .prepare(),
  ).all();
}

/** A service that may be booked (enabled and not deleted), or undefined. Served from the catalog cache. */
export function findBookableService(db: ServerDb, id: string): ServiceRow | undefined {
  const cache = catalogCache(db);
  cache.services ??= byId(
    prepared(db, 'bookableServices', () =>
      db.select().from(services).where(bookableService).prepare(),
    ).all(),
  );
  return cache.services.get(id);
}

/** Bookable employees ordered by name. */
export function listEmployees(db: ServerDb): EmployeeRow[] {
  return prepared(db, 'listEmployees', () =>
    db
      .select()
      .from(employees)
      .where(eq(employees.bookable, true))
      .orderBy(asc(employees.name), asc(employees.id))
      .prepare(),
  ).all();
}

/** A bookable employee, or undefined. Served from the catalog cache. */
export function findBookableEmployee(db: ServerDb, id: string): EmployeeRow | undefined {
  const cache = catalogCache(db);
  cache.employees ??= byId(listEmployees(db));
  return cache.employees.get(id);
}

/**
 * What availability and booking read on every request, kept per connection and dropped when
 * this module wrote the catalog or another connection committed (SQLite's data_version):
 * parsing the schedules was the largest cost of an availability request, and the service and
 * employee lookups the next. Each part is read on first use. Everything in it is frozen and
 * shared; callers must not change it.
 */
interface CatalogCache {
  dataVersion: number;
  localVersion: number;
  schedules?: readonly EmployeeSchedule[];
  services?: ReadonlyMap<string, ServiceRow>;
  employees?: ReadonlyMap<string, EmployeeRow>;
}
/** Catalog writes through this module on a connection; other connections show in data_version. */
const localVersions = new WeakMap<object, number>();
const catalogCaches = new WeakMap<object, CatalogCache>();

function catalogChanged(db: ServerDb): void {
  localVersions.set(db.$client, (localVersions.get(db.$client) ?? 0) + 1);
}

function catalogCache(db: ServerDb): CatalogCache {
  const dataVersion = readDataVersion(db);
  const localVersion = localVersions.get(db.$client) ?? 0;
  let cache = catalogCaches.get(db.$client);
  if (
    cache === undefined ||
    cache.dataVersion !== dataVersion ||
    cache.localVersion !== localVersion
  ) {
    cache = { dataVersion, localVersion };
    catalogCaches.set(db.$client, cache);
  }
  return cache;
}

function byId<T extends { id: string }>(rows: T[]): ReadonlyMap<string, T> {
  return new Map(rows.map((row) => [row.id, deepFreeze(row)]));
}

/**
 * Schedules of every bookable employee, with the bookable services each performs, from the
 * catalog cache. The same frozen objects come back until the catalog changes, which also lets
 * shared/booking keep each schedule's parsed index (indexEmployee).
 */
export function loadSchedules(db: ServerDb): EmployeeSchedule[] {
  const cache = catalogCache(db);
  cache.schedules ??= readSchedules(db);
  return cache.schedules as EmployeeSchedule[];
}

function readSchedules(db: ServerDb): EmployeeSchedule[] {
  const rows = listEmployees(db);
  const links = prepared(db, 'scheduleLinks', () =>
    db
      .select({ employeeId: employeeServices.employeeId, serviceId: employeeServices.serviceId })
      .from(employeeServices)
      .innerJoin(services, eq(services.id, employeeServices.serviceId))
      .where(bookableService)
      .prepare(),
  ).all();
  const byEmployee = new Map<string, string[]>();
  for (const link of links) {
    const list = byEmployee.get(link.employeeId) ?? [];
    list.push(link.serviceId);
    byEmployee.set(link.employeeId, list);
  }
  return deepFreeze(
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      weekly: row.weekly,
      breaks: row.breaks,
      serviceIds: byEmployee.get(row.id) ?? [],
    })),
  );
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function upsertService(db: ServerDb, service: NewService): void {
  const { id: _id, ...rest } = service;
  db.insert(services).values(service).onConflictDoUpdate({ target: services.id, set: rest }).run();
  catalogChanged(db);
}

/** Inserts or updates an employee and replaces the set of services they perform. */
export function upsertEmployee(db: ServerDb, employee: NewEmployee): void {
  const { serviceIds, ...row } = employee;
  const { id: _id, ...rest } = row;
  db.insert(employees).values(row).onConflictDoUpdate({ target: employees.id, set: rest }).run();
  db.delete(employeeServices).where(eq(employeeServices.employeeId, row.id)).run();
  for (const serviceId of serviceIds) {
    db.insert(employeeServices).values({ employeeId: row.id, serviceId }).run();
  }
  catalogChanged(db);
}
