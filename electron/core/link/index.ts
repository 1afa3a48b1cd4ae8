/**
 * The link to the configured API: which target (embedded or remote), its client and governor with
 * the saved budget, and what the kiosk learned about it (booked times kept free).
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { watchBookedTimes } from './booked-times-watch';
export type { BookedTimesReport } from './booked-times-watch';
export { openUpstreamLinkAtStart } from './upstream-link';
export type { UpstreamLink } from './upstream-link';
