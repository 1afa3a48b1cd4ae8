/**
 * The outbox store on the kiosk database (SQL stays in db/outbox-repo). A refusal found later
 * (an update to `rejected` of a booking that had not ended, which the customer did not hear at
 * the screen: `toldAtOnce`, transitions.ts) runs `refusal.write` in the same durable
 * transaction as the entry's update: a crash or a full disk between them must not lose the
 * customer's follow-up. That is a hook and not a domain event because its failure must fail
 * the write (a bus listener's is only logged); what it wrote is announced after the commit as
 * `booking.refused`.
 */
import {
  countOutboxEntries,
  dueOutboxEntries,
  getOutboxEntry,
  holdingOutboxEntries,
  holdsOnDate,
  wakeQueuedEntries,
  insertOutboxEntry,
  insertOutboxEntryIfFree,
  listOutboxEntries,
  deleteOutboxEntry,
  eraseEndedOutboxEntries,
  nextOutboxDueAt,
  updateOutboxEntry,
} from './outbox-repo';
import { BOOKING_STATES } from '../../../shared/booking/booking-states';
import { durableTransaction, type KioskDb } from './open';
import type { DomainEmitter } from '../platform';
import type { OutboxEntry, OutboxStore } from '../outbox';

/** The domain events of the outbox store on SQLite (platform/domain-events.ts). */
export interface SqliteOutboxEvents {
  /** A queued booking was refused and its follow-up written (`mailed`: an e-mail with it). */
  'booking.refused': { entry: OutboxEntry; mailed: boolean };
}

export interface RefusalWrites {
  /** Writes what a refusal opens (notify/follow-ups.ts), inside the entry's transaction. */
  write: (entry: OutboxEntry) => { mailed: boolean };
  events: DomainEmitter<SqliteOutboxEvents>;
}

export function createSqliteOutboxStore(db: KioskDb, refusal?: RefusalWrites): OutboxStore {
  return {
    insert: (entry) => insertOutboxEntry(db, entry),
    insertIfFree: (entry, check) => insertOutboxEntryIfFree(db, entry, check),
    get: (localId) => getOutboxEntry(db, localId),
    list: () => listOutboxEntries(db),
    due: (now, limit) => dueOutboxEntries(db, now, limit),
    nextDueAt: () => nextOutboxDueAt(db),
    holding: () => holdingOutboxEntries(db),
    holdsOn: (date, sentSince) => holdsOnDate(db, date, sentSince),
    update(localId, { toldAtOnce, ...patch }) {
      if (!refusal || patch.state !== 'rejected' || toldAtOnce)
        return updateOutboxEntry(db, localId, patch);
      const { entry, opened } = durableTransaction(db, () => {
        // Only a booking that had not ended is newly refused: staff's Undo of a discard writes
        // `rejected` again, which reopens nothing (nor mails a customer told at the screen).
        const before = getOutboxEntry(db, localId);
        const updated = updateOutboxEntry(db, localId, patch);
        const refusedNow = before !== null && !BOOKING_STATES[before.state].ended;
        return { entry: updated, opened: refusedNow ? refusal.write(updated) : null };
      });
      if (opened) refusal.events.emit('booking.refused', { entry, mailed: opened.mailed });
      return entry;
    },
    count: (state) => countOutboxEntries(db, state),
    remove: (localId) => deleteOutboxEntry(db, localId),
    wakeAll: (now, options) => wakeQueuedEntries(db, now, options),
    eraseEnded: (endedBefore, now) => eraseEndedOutboxEntries(db, endedBefore, now),
  };
}
