/**
 * What the kiosk API's features share: the part of the API they answer, the freshness limits
 * and the live gate.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { coalescedReads } from './coalesced-reads';
export { createLiveGate } from './live-gate';
export type { EngineApi, EngineFreshness, HostKioskMethod, LiveGate } from './live-gate';
