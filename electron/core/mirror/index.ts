/**
 * Which lists of the API to fetch when, within the budget (plan.ts), and the loop that fetches them.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { closedKnownAt, overlayAvailableDays } from './derived-days';
export { createMirror } from './mirror';
export type { Mirror, OpeningHours } from './mirror';
export { DEFAULT_MIRROR_POLICY } from './plan';
export type { MirrorPolicy } from './plan';
export { createListFreshness, monthsBetween } from './freshness';
export type { KeptList, MirrorRules } from './freshness';
export { staffDayServices } from './staff-day';
