/**
 * Every SQL statement of the kiosk database: schema, repositories, start checks, backups, set-aside
 * rows, and the outbox store on SQLite.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { databaseHealth } from './database-health';
export type { DatabaseHealth } from './database-health';
export {
  countOpenFollowUps,
  eraseNoticesOfErasedBookings,
  getFollowUp,
  listFollowUps,
  openFollowUp,
  openFollowUpsSummary,
  setFollowUpState,
  trackFollowUp,
} from './follow-up-repo';
export { openKioskDbAtStart } from './integrity';
export { createSqliteJobStore } from './job-store';
export { openKioskOutbox } from './kiosk-outbox';
export type { KioskOutboxEvents } from './kiosk-outbox';
export { loadMirrorIndex } from './mirror-index';
export type { MirrorIndex } from './mirror-index';
export {
  catalogKnows,
  loadAvailableDays,
  loadCatalog,
  loadService,
  loadSlotDaysOfMonth,
  loadTimeSlots,
  pruneTimeSlotsBefore,
  saveAvailableDays,
  saveCatalog,
  saveEmployees,
  saveServices,
  saveTimeSlots,
} from './mirror-repo';
export type { Cached, SlotsKey } from './mirror-repo';
export { loadOfferedServices } from './mirror-staff-day';
export { checkpointKioskDb, durableTransaction, openKioskDb, purgeKioskWal } from './open';
export type { KioskDb } from './open';
export { createSqliteOutboxStore } from './outbox-store';
export type { RefusalWrites } from './outbox-store';
export { refusedAsTaken } from './refused-slots';
export { kioskBlockersOn, loadDayLists } from './day-lists';
export {
  findScreenByTokenHash,
  insertScreen,
  listScreens,
  removeScreen,
  touchScreen,
} from './screen-repo';
export type { ScreenRole, ScreenRow } from './screen-repo';
export { deleteSettingsWithPrefix, getSetting, setSetting, setSettings } from './settings-repo';
export {
  DEFAULT_SNAPSHOT_DAYS,
  listSnapshots,
  snapshotFolder,
  takeSnapshotIfDue,
} from './snapshots';
export { classifyStartError, freeBytesOf, KioskStartRefusal } from './start-refusal';
