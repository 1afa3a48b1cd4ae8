/** Monotonic named counters; a number handed out in a committed transaction is never reused. */
import { sql } from 'drizzle-orm';
import type { ServerDb } from './open';
import { prepared } from './prepared';
import { counters } from './schema';

export function nextCounter(db: ServerDb, name: string): number {
  const row = prepared(db, 'nextCounter', () =>
    db
      .insert(counters)
      .values({ name: sql.placeholder('name'), value: 1 })
      .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
      .returning({ value: counters.value })
      .prepare(),
  ).get({ name });
  return row.value;
}
