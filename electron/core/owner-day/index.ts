/**
 * The owner's kiosk day (issue 41 part 3): counts of the customers' walk through the flow per
 * hour and day, never who they were. Owns its tables (schema.ts) and their SQL.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { createKioskDay } from './owner-day';
export type { KioskDayMethod } from './owner-day';
