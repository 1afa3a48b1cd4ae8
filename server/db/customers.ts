/** Customers, matched by trimmed lower-cased e-mail (decisions.md). */
import { eq, sql } from 'drizzle-orm';
import type { Queryable, ServerDb } from './open';
import { prepared } from './prepared';
import { customers } from './schema';

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function findCustomerByEmail(db: ServerDb, email: string): CustomerRow | undefined {
  return prepared(db, 'customerByEmail', () =>
    db
      .select()
      .from(customers)
      .where(eq(customers.emailKey, sql.placeholder('key')))
      .prepare(),
  ).get({ key: emailKey(email) });
}

export function insertCustomer(db: Queryable, customer: NewCustomer): void {
  db.insert(customers).values(customer).run();
}
