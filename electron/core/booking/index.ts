/**
 * Taking a booking or a visit, staff's booking actions, and the screens' holds on times.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { createBookingApi, createBookingSteps } from './booking';
export type { BookingDeps } from './booking';
export { createBookingAdmin } from './booking-admin';
export type { BookingAdminDeps } from './booking-admin';
export { createScreenHolds } from './screen-holds';
export type { HeldLookups } from './screen-holds';
export { createVisitApi } from './visit';
