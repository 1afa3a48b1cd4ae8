/** The outbox store on the kiosk database (SQL stays in db/outbox-repo). */
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
import type { KioskDb } from './open';
import type { OutboxStore } from '../outbox';

export function createSqliteOutboxStore(db: KioskDb): OutboxStore {
  return {
    insert: (entry) => insertOutboxEntry(db, entry),
    insertIfFree: (entry, check) => insertOutboxEntryIfFree(db, entry, check),
    get: (localId) => getOutboxEntry(db, localId),
    list: () => listOutboxEntries(db),
    due: (now, limit) => dueOutboxEntries(db, now, limit),
    nextDueAt: () => nextOutboxDueAt(db),
    holding: () => holdingOutboxEntries(db),
    holdsOn: (date, sentSince) => holdsOnDate(db, date, sentSince),
    update: (localId, patch) => updateOutboxEntry(db, localId, patch),
    count: (state) => countOutboxEntries(db, state),
    remove: (localId) => deleteOutboxEntry(db, localId),
    wakeAll: (now, options) => wakeQueuedEntries(db, now, options),
    eraseEnded: (endedBefore, now) => eraseEndedOutboxEntries(db, endedBefore, now),
  };
}
