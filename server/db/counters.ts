/** Monotonic named counters; a number handed out in a committed transaction is never reused. */
import { sql } from 'drizzle-orm';
import type { Queryable } from './open';
import { counters } from './schema';

export function nextCounter(db: Queryable, name: string): number {
  const row = db
    .insert(counters)
    .values({ name, value: 1 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value })
    .get();
  return row.value;
}
