/**
 * What a paired screen may do, by the role chosen when it was paired (issue 30): the hub checks
 * it on every kiosk method, every hub route and the event stream, whatever the screen sends.
 * - `counter`: everything the contract offers (staff methods still need a live staff session).
 * - `kiosk`: the customer's methods only. No staff PIN, no setup code, no staff method, no
 *   booking events, no pairing or screen list: a customer at a tablet cannot reach staff data
 *   even with the right PIN. Staff work at a counter screen or the hub's own window.
 * One table over every method, so that a new method of the contract is a compile error here
 * until someone decides what a kiosk tablet may do with it.
 */
import type { KioskMethod } from '../../../shared/kiosk-api';
import type { ScreenRole } from '../db';

const KIOSK_SCREEN_MAY_CALL = {
  getCatalog: true,
  getAvailableDays: true,
  getTimeSlots: true,
  createBooking: true,
  getVisitTimes: true,
  createVisit: true,
  // A customer's own hold on the time they are booking (issue 28), for this screen only.
  holdSlot: true,
  releaseHold: true,
  // What the screen's browser can speak (issue 29): no one's data, only the voices it has.
  reportSpeechVoices: true,
  // A customer calls for help and sees that it is open; staff answer it at a counter screen.
  callStaff: true,
  getStaffCalls: true,
  answerStaffCall: false,
  getSyncStatus: true,
  getPublicSettings: true,
  // Ending a session takes nothing from anyone; the customer's page calls it when it goes idle.
  endStaffSession: true,
  verifyStaffPin: false,
  setupStaffPin: false,
  checkSetupCode: false,
  recoverStaffAccess: false,
  listBookings: false,
  retryBooking: false,
  discardBooking: false,
  restoreBooking: false,
  linkRebooking: false,
  resolveFollowUp: false,
  syncNow: false,
  getSettings: false,
  updateSettings: false,
  getAppInfo: false,
  saveDiagnostics: false,
  listPrinters: false,
  getDayGlance: false,
  // Where the customer is in the walk-in flow, from closed sets: counts, no one's data.
  reportKioskFlow: true,
  getKioskDay: false,
  exportKioskDay: false,
} as const satisfies Record<KioskMethod, boolean>;

export const KIOSK_SCREEN_REFUSED =
  'this screen was paired for customers (kiosk): staff work at a counter screen';

export function screenMayCall(role: ScreenRole, method: KioskMethod): boolean {
  return role === 'counter' || KIOSK_SCREEN_MAY_CALL[method];
}

/** Booking events carry customer data: only for screens that may list bookings. */
export function screenGetsStaffEvents(role: ScreenRole): boolean {
  return screenMayCall(role, 'listBookings');
}

/** Pairing codes, the screen list and removing screens. */
export function screenMayManageScreens(role: ScreenRole): boolean {
  return role === 'counter';
}
