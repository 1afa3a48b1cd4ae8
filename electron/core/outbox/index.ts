/**
 * Bookings as a pure state machine (transitions.ts), the store interface, the one send path
 * (send.ts), the replayer, full-disk holding and retention. No SQL: db/ stores it.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { createAppointmentTime } from './appointment-time';
export { entryMatches, erasePersonalData, toLocalBooking } from './entry';
export type { OutboxEntry, OutboxPatch } from './entry';
export { createHeldWrites } from './held-writes';
export type { HeldWrites } from './held-writes';
export type { Replayer } from './replayer';
export { createRetention } from './retention';
export type { RetainedStore, RetentionOptions } from './retention';
export type { CatalogKnowledge, SendPath } from './send';
export { slotFreeIn } from './slot-check';
export type { OutboxStore, WakeOptions } from './store';
export { recoverInterrupted, sentAgainToCheck, TAKEN_ONCE } from './transitions';
export type { CacheRefusal, ReplayPolicy, Told } from './transitions';
export type { OutboxEvents } from './events';
export { createQueue } from './queue';
