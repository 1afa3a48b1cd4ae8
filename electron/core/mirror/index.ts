/**
 * Which lists of the API to fetch when, within the budget (plan.ts), and the loop that fetches them.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { overlayAvailableDays } from './derived-days';
export { createMirror } from './mirror';
export type { Mirror, OpeningHours } from './mirror';
export type { MirrorPolicy } from './plan';
export { staffDayServices } from './staff-day';
