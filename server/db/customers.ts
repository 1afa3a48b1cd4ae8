/** Customers, matched by trimmed lower-cased e-mail (decisions.md). */
import { count, eq } from 'drizzle-orm';
import type { Queryable } from './open';
import { customers } from './schema';

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function findCustomerByEmail(db: Queryable, email: string): CustomerRow | undefined {
  return db.select().from(customers).where(eq(customers.emailKey, emailKey(email))).get();
}

export function insertCustomer(db: Queryable, customer: NewCustomer): void {
  db.insert(customers).values(customer).run();
}

export function countCustomers(db: Queryable): number {
  return db.select({ n: count() }).from(customers).get()?.n ?? 0;
}
