/**
 * The rate budget: minute and day counts, limits learned from 429s, priorities (bookings first).
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { budgetLeft } from './budget-left';
export { LearnedState } from './learned-limit';
export { RateGovernor } from './rate-governor';
export type { GovernorOptions, GovernorSnapshot, Priority } from './rate-governor';
export { plausibleRateLimit } from './rate-limit-answers';
