/**
 * The job queue's store on SQLite (electron/core/jobs/store.ts says what each method must do;
 * test/support/core/job-store-contract.ts holds it to the memory store's behaviour). Claims
 * and settlements commit durably: a claim must be on disk before its run starts.
 */
import { and, asc, eq, gt, inArray, isNotNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { JobRecord, JobStore } from '../jobs';
import { durableTransaction, type KioskDb } from './open';
import { jobs } from './schema';

/** When a row falls due: queued at its runAt, running at its lease's end. */
const dueAtSql = sql<number>`CASE ${jobs.state} WHEN 'queued' THEN ${jobs.runAt} ELSE ${jobs.leaseUntil} END`;

function dueRows(types: readonly string[], now: number) {
  return and(
    inArray(jobs.type, [...types]),
    or(
      and(eq(jobs.state, 'queued'), lte(jobs.runAt, now)),
      and(eq(jobs.state, 'running'), isNotNull(jobs.leaseUntil), lte(jobs.leaseUntil, now)),
    ),
  );
}

export function createSqliteJobStore(db: KioskDb): JobStore {
  const get = (id: string): JobRecord | null =>
    db.select().from(jobs).where(eq(jobs.id, id)).get() ?? null;
  return {
    insert(job) {
      // Inside the caller's transaction when there is one (a refusal writes its e-mail with it).
      return durableTransaction(db, () => {
        const added = db
          .insert(jobs)
          .values({ ...job, state: 'queued', updatedAt: job.createdAt })
          .onConflictDoNothing()
          .run();
        return added.changes === 1;
      });
    },
    claimDue({ types, now, leaseMs, limit, skip }) {
      if (types.length === 0 || limit <= 0) return [];
      return durableTransaction(db, () => {
        const skipped = skip && skip.size > 0 ? notInArray(jobs.id, [...skip]) : undefined;
        const due = db
          .select({ id: jobs.id, state: jobs.state })
          .from(jobs)
          .where(and(dueRows(types, now), skipped))
          .orderBy(asc(dueAtSql), asc(jobs.createdAt), asc(sql`rowid`)) // rowid: as enqueued
          .limit(limit)
          .all();
        return due.flatMap(({ id, state }) => {
          db.update(jobs)
            .set({
              state: 'running',
              attempts: sql`${jobs.attempts} + 1`,
              interrupted: state === 'running' ? sql`${jobs.interrupted} + 1` : jobs.interrupted,
              leaseUntil: now + leaseMs,
              updatedAt: now,
            })
            .where(eq(jobs.id, id))
            .run();
          const claimed = get(id);
          return claimed ? [claimed] : [];
        });
      });
    },
    settle(id, attempt, settlement, now) {
      return durableTransaction(db, () => {
        const changed = db
          .update(jobs)
          .set({
            state: settlement.state,
            leaseUntil: null,
            updatedAt: now,
            ...(settlement.state === 'queued' ? { runAt: settlement.runAt } : {}),
            ...(settlement.state === 'failed' ? { reason: settlement.reason } : {}),
          })
          .where(and(eq(jobs.id, id), eq(jobs.state, 'running'), eq(jobs.attempts, attempt)))
          .run();
        return changed.changes === 1;
      });
    },
    nextDueAt(types) {
      if (types.length === 0) return null;
      const row = db
        .select({ at: sql<number | null>`min(${dueAtSql})` })
        .from(jobs)
        .where(and(inArray(jobs.type, [...types]), inArray(jobs.state, ['queued', 'running'])))
        .get();
      return row?.at ?? null;
    },
    expireLeases(now) {
      return durableTransaction(db, () => {
        const changed = db
          .update(jobs)
          .set({ leaseUntil: now, updatedAt: now })
          .where(and(eq(jobs.state, 'running'), gt(jobs.leaseUntil, now)))
          .run();
        return changed.changes;
      });
    },
    get,
    list(type, keys) {
      if (keys.length === 0) return [];
      return db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, type), inArray(jobs.key, [...keys])))
        .all();
    },
  };
}
