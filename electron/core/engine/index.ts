/**
 * The context the kiosk API's features share (their dependencies and the live gate).
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { createEngineContext } from './context';
export type {
  EngineApi,
  EngineContext,
  EngineDeps,
  EngineFreshness,
  HostKioskMethod,
} from './context';
