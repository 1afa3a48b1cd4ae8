/** Services and employees: listing, lookup for booking, schedules for availability, upserts. */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Employee, Service } from '../../shared/api/schemas';
import type { EmployeeSchedule } from '../../shared/booking/types';
import type { Queryable } from './open';
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
  return { _id: row.id, name: row.name, email: row.email, phone: row.phone, role: row.role, available: row.bookable };
}

/** Enabled, not soft-deleted services ordered by sortOrder, then title. */
export function listServices(db: Queryable): ServiceRow[] {
  return db.select().from(services).where(bookableService).orderBy(asc(services.sortOrder), asc(services.title)).all();
}

/** A service that may be booked (enabled and not deleted), or undefined. */
export function findBookableService(db: Queryable, id: string): ServiceRow | undefined {
  return db
    .select()
    .from(services)
    .where(and(eq(services.id, id), bookableService))
    .get();
}

/** Bookable employees ordered by name. */
export function listEmployees(db: Queryable): EmployeeRow[] {
  return db.select().from(employees).where(eq(employees.bookable, true)).orderBy(asc(employees.name), asc(employees.id)).all();
}

export function findBookableEmployee(db: Queryable, id: string): EmployeeRow | undefined {
  return db
    .select()
    .from(employees)
    .where(and(eq(employees.id, id), eq(employees.bookable, true)))
    .get();
}

/** Schedules of every bookable employee, with the bookable services each performs. */
export function loadSchedules(db: Queryable): EmployeeSchedule[] {
  const rows = listEmployees(db);
  const links = db
    .select({ employeeId: employeeServices.employeeId, serviceId: employeeServices.serviceId })
    .from(employeeServices)
    .innerJoin(services, eq(services.id, employeeServices.serviceId))
    .where(bookableService)
    .all();
  const byEmployee = new Map<string, string[]>();
  for (const link of links) {
    const list = byEmployee.get(link.employeeId) ?? [];
    list.push(link.serviceId);
    byEmployee.set(link.employeeId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    weekly: row.weekly,
    breaks: row.breaks,
    serviceIds: byEmployee.get(row.id) ?? [],
  }));
}

export function upsertService(db: Queryable, service: NewService): void {
  const { id: _id, ...rest } = service;
  db.insert(services).values(service).onConflictDoUpdate({ target: services.id, set: rest }).run();
}

/** Inserts or updates an employee and replaces the set of services they perform. */
export function upsertEmployee(db: Queryable, employee: NewEmployee): void {
  const { serviceIds, ...row } = employee;
  const { id: _id, ...rest } = row;
  db.insert(employees).values(row).onConflictDoUpdate({ target: employees.id, set: rest }).run();
  db.delete(employeeServices).where(eq(employeeServices.employeeId, row.id)).run();
  for (const serviceId of serviceIds) {
    db.insert(employeeServices).values({ employeeId: row.id, serviceId }).run();
  }
}
