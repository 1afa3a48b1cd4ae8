/**
 * The kiosk contract's method names, without its schemas: a transport that loads the schemas
 * later (the renderer's HTTP client, off the first screen's load) still builds every method at
 * once. shared/kiosk-api.ts checks at compile time that this list and `kioskApi` agree.
 */
export const KIOSK_METHOD_NAMES = [
  'getCatalog',
  'getAvailableDays',
  'getTimeSlots',
  'createBooking',
  'getVisitTimes',
  'createVisit',
  'holdSlot',
  'releaseHold',
  'getSyncStatus',
  'getPublicSettings',
  'verifyStaffPin',
  'setupStaffPin',
  'checkSetupCode',
  'recoverStaffAccess',
  'endStaffSession',
  'listBookings',
  'retryBooking',
  'discardBooking',
  'restoreBooking',
  'linkRebooking',
  'resolveFollowUp',
  'syncNow',
  'getSettings',
  'updateSettings',
  'getAppInfo',
  'saveDiagnostics',
  'reportSpeechVoices',
  'listPrinters',
  'getDayGlance',
  'callStaff',
  'answerStaffCall',
  'getStaffCalls',
  'reportKioskFlow',
  'getKioskDay',
  'exportKioskDay',
] as const;
export type KioskMethodName = (typeof KIOSK_METHOD_NAMES)[number];
