/**
 * The sync status and its events, what an outcome tells it, the probe and the reachability watch.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { subscribeWithSession } from './events';
export { watchUpstream } from './reachability-watch';
export { probeUpstream } from './recovery-probe';
export type { RecoveryProbe } from './recovery-probe';
export type { StatusEvents } from './status-events';
export { SyncStatusTracker } from './sync-status';
export { createStatusRoom } from './status-room';
export type { StatusRoomEvents } from './status-room';
