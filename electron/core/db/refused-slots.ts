/**
 * Times the API refused as taken (409) after a cached slot list was fetched (issue 28: a time
 * refused on replay was still offered from that list at the counter two minutes later). They
 * count as holds on a list fetched before the refusal, until a list fetched after it says
 * otherwise. Read straight from the outbox rows (the `outbox_hold` index's columns).
 */
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Hold } from '../../../shared/booking/holds';
import type { KioskDb } from './open';
import { outbox } from './schema';

/** A refused booking stays refused when staff discard it: the time was taken all the same. */
const REFUSED_STATES = ['rejected', 'discarded'] as const;

export function refusedAsTakenSince(db: KioskDb, date: string, since: number): Hold[] {
  return db
    .select({
      employeeId: outbox.employeeId,
      date: outbox.date,
      time: outbox.time,
      durationMinutes: outbox.durationMinutes,
    })
    .from(outbox)
    .where(
      and(
        eq(outbox.date, date),
        inArray(outbox.state, [...REFUSED_STATES]),
        eq(outbox.lastErrorStatus, 409),
        gte(outbox.updatedAt, since),
      ),
    )
    .all()
    .filter((hold) => typeof hold.time === 'string' && Number.isInteger(hold.durationMinutes));
}
