/**
 * Times the API refused as taken (409), as blockers of the availability model: each counts
 * against a list fetched before the refusal (`since`), until a list fetched after it says
 * otherwise (issue 28: a time refused on replay was still offered from that list at the counter
 * two minutes later). Read straight from the outbox rows (the `outbox_hold` index's columns), in
 * the states whose slot fact is `refused` (shared/booking/booking-states.ts: a refused booking
 * stays refused when staff discard it, the time was taken all the same).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { REFUSED_STATES } from '../../../shared/booking/booking-states';
import type { Blocker } from '../../../shared/booking/free-times';
import type { KioskDb } from './open';
import { outbox } from './schema';

export function refusedAsTaken(db: KioskDb, date: string): Blocker[] {
  return db
    .select({
      employeeId: outbox.employeeId,
      date: outbox.date,
      time: outbox.time,
      durationMinutes: outbox.durationMinutes,
      since: outbox.updatedAt,
    })
    .from(outbox)
    .where(
      and(
        eq(outbox.date, date),
        inArray(outbox.state, [...REFUSED_STATES]),
        eq(outbox.lastErrorStatus, 409),
      ),
    )
    .all()
    .filter(
      (hold) =>
        typeof hold.time === 'string' &&
        Number.isInteger(hold.durationMinutes) &&
        typeof hold.since === 'number',
    );
}
