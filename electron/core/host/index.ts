/**
 * The kiosk's own methods: app info, diagnostics, public settings, Sync now and settings, and
 * the housekeeping loop (retention, checkpoints, snapshots).
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export type { OutboxCounts } from './diagnostics';
export { createHostApi, defaultHost, outboxCounts } from './host-api';
export type { KioskHost } from './host-api';
export { createMaintenance } from './maintenance';
export { createSyncApi } from './sync';
export type { SyncDeps } from './sync';
