/**
 * Refusal e-mails and follow-ups, in the booking's language.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { createCustomerNotice } from './customer-notice';
export type { CustomerNotice, NotifyEvents } from './customer-notice';
