/**
 * The customer's lookups (services, people, days, times) from the mirror or live, and the day view.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { createDayGlanceApi } from './day-glance';
export type { DayGlanceDeps } from './day-glance';
export { createLookups } from './lookups';
export type { Lookups, LookupsDeps } from './lookups';
