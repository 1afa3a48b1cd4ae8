/**
 * The kiosk API: one contract, many transports (STYLE.md §2). The IPC handlers, the browser
 * shell's HTTP routes and the renderer's client are all built from `kioskApi`; each side
 * validates what it receives with these schemas. Method names are an interface used by tests
 * outside the repo: keep them.
 */
import { z } from 'zod';
import { BookingRequestSchema, DateString } from './api/schemas';
import type { KioskMethodName } from './kiosk-methods';
import type { Result } from './result';
import {
  AvailableDaysResult,
  Catalog,
  CreateBookingResult,
  FollowUp,
  Id,
  LocalBooking,
  SyncReport,
  SyncStatus,
  TimeSlotsResult,
} from './kiosk-data';
import {
  AppInfo,
  Empty,
  Pin,
  PrinterList,
  PublicSettings,
  SavedDiagnostics,
  Settings,
  SettingsUpdate,
  StaffOnly,
  StaffPinCheck,
  StaffSessionToken,
} from './kiosk-staff';
import {
  CreateVisitInput,
  CreateVisitResult,
  VisitTimesInput,
  VisitTimesResult,
} from './kiosk-visit';
import { LANGUAGE_CODES } from './languages';
import { HoldSlotInput, HoldSlotResult } from './kiosk-holds';
import { DayGlance } from './kiosk-glance';
import { AnswerStaffCallInput, CallStaffInput, StaffCall, StaffCalls } from './kiosk-help';
import { Language } from './settings';
import { KioskDay, KioskDayCsv, KioskDayInput, KioskFlowAnswer, KioskFlowEvent } from './kiosk-day';

export * from './kiosk-data';
export * from './kiosk-glance';
export * from './kiosk-staff';
export * from './kiosk-visit';
export * from './kiosk-help';
export * from './kiosk-day';
// The staff settings are declared once, in shared/settings.ts; the contract takes them from there.
export { Language, LockableSetting } from './settings';
// The transports parse a Result's error with it (the renderer's client loads this module later).
export { KioskErrorSchema } from './result-schemas';

/**
 * Every method of the kiosk. `access: 'staff'` methods need a live staff session in their input
 * (`session`); the core refuses them with `unauthorized` otherwise, whatever the transport.
 */
export const kioskApi = {
  getCatalog: { access: 'public', input: Empty, output: Catalog },
  /**
   * `ahead` (here and in getTimeSlots): asked ahead of what the screen shows (a day strip's later
   * months, the people of a day), not by a customer waiting for it. It asks the API only while
   * the kiosk's requests of the last minutes leave room for it (issue 37: a start's prefetching
   * waits, a customer's lookups go first); else the kiosk's copy at any age, or `unavailable`.
   */
  getAvailableDays: {
    access: 'public',
    input: z.object({
      year: z.number().int().min(1970).max(9999),
      month: z.number().int().min(1).max(12),
      serviceId: Id.optional(),
      employeeId: Id.optional(),
      ahead: z.boolean().optional(),
      /**
       * The services after `serviceId` in one visit (issue 38): only days where the whole visit
       * fits, one service after another (as getVisitTimes fits it), are available.
       */
      then: z.array(Id).max(2).optional(),
    }),
    output: AvailableDaysResult,
  },
  getTimeSlots: {
    access: 'public',
    input: z.object({
      date: DateString,
      serviceId: Id,
      employeeId: Id.optional(),
      fresh: z.boolean().optional(),
      ahead: z.boolean().optional(),
    }),
    output: TimeSlotsResult,
  },
  /** `language`: the screen's language, for a later message about this booking. */
  createBooking: {
    access: 'public',
    input: BookingRequestSchema.extend({ language: Language.optional() }),
    output: CreateBookingResult,
  },
  /** Start times of a day where several services follow each other (one visit, issue 19). */
  getVisitTimes: { access: 'public', input: VisitTimesInput, output: VisitTimesResult },
  /**
   * Books the services of one visit one after another (each a booking, linked by `visitId`).
   * The first refused: fails as createBooking does (nothing booked). A later one refused: the
   * earlier ones stay booked and the result says which was not.
   */
  createVisit: { access: 'public', input: CreateVisitInput, output: CreateVisitResult },
  /**
   * Holds a time for the calling screen while its customer books it (issue 28): other screens
   * are not offered it, and cannot hold or book it, until this screen books, calls releaseHold
   * or the hold runs out (`heldUntil`, SCREEN_HOLD_MS). A screen holds one time (or one visit):
   * a new hold replaces its last; holding it again renews it. Holds live in the core's memory
   * (a restart drops them) and never reach the API. `slot_taken`: another screen holds it.
   */
  holdSlot: { access: 'public', input: HoldSlotInput, output: HoldSlotResult },
  /** Ends the calling screen's hold (back, idle reset, a new customer). */
  releaseHold: { access: 'public', input: Empty, output: z.object({ released: z.boolean() }) },
  getSyncStatus: { access: 'public', input: Empty, output: SyncStatus },
  getPublicSettings: { access: 'public', input: Empty, output: PublicSettings },
  verifyStaffPin: { access: 'public', input: z.object({ pin: Pin }), output: StaffPinCheck },
  setupStaffPin: {
    access: 'public',
    input: z.object({ setupCode: z.string().trim().max(40).optional(), pin: Pin }),
    output: StaffPinCheck,
  },
  /**
   * Checks the setup code before the first PIN is chosen (setupStaffPin checks it again). A wrong
   * code counts towards the screen's PIN lockout; a right one is not counted. With a PIN set:
   * `invalid_request`.
   */
  checkSetupCode: {
    access: 'public',
    input: z.object({ setupCode: z.string().trim().max(40) }),
    output: StaffPinCheck.pick({ valid: true, retryAfterSec: true }),
  },
  /**
   * A locked PIN pad's way in (issue 30): IT's recovery code (the data folder's
   * staff-recovery-code.secret) or, while no PIN is set, the printed setup code. Its own limit,
   * apart from the PIN lockout; a right code ends this screen's PIN lockout and, with a PIN set,
   * opens a staff session (without one, staff choose the first PIN next).
   */
  recoverStaffAccess: {
    access: 'public',
    input: z.object({ code: z.string().trim().min(1).max(80) }),
    output: StaffPinCheck,
  },
  endStaffSession: {
    access: 'public',
    input: z.object({ session: z.string().max(200) }),
    output: z.object({ ended: z.boolean() }),
  },
  /**
   * This kiosk's bookings, newest first. `query` keeps those whose reference, appointment
   * number, customer name or e-mail contains it, case and accents folded, or whose phone has
   * its digits (shared/booking/reference.ts).
   */
  listBookings: {
    access: 'staff',
    input: StaffOnly.extend({ query: z.string().max(100).optional() }),
    output: z.array(LocalBooking),
  },
  retryBooking: { access: 'staff', input: StaffOnly.extend({ localId: Id }), output: LocalBooking },
  discardBooking: {
    access: 'staff',
    input: StaffOnly.extend({ localId: Id }),
    output: LocalBooking,
  },
  /**
   * Undoes a discard within UNDO_DISCARD_MS of it (while the kiosk runs): the booking returns
   * to the state it had. Later, or for a booking that is not discarded: `invalid_request`.
   */
  restoreBooking: {
    access: 'staff',
    input: StaffOnly.extend({ localId: Id }),
    output: LocalBooking,
  },
  /**
   * Records that staff booked a rejected booking again as `rebookedAs` (a booking of this
   * kiosk): the rejected one then links to it and can no longer be retried, discarded or
   * rebooked. Only a booking for the same customer (shared/booking/same-customer.ts: the same
   * name and e-mail or phone) is its rebooking: another is `invalid_request`.
   */
  linkRebooking: {
    access: 'staff',
    input: StaffOnly.extend({ localId: Id, rebookedAs: Id }),
    output: LocalBooking,
  },
  /** Staff contacted the customer of a refused booking, or dismiss it: no longer counted. */
  resolveFollowUp: {
    access: 'staff',
    input: StaffOnly.extend({ localId: Id, action: z.enum(['contacted', 'dismissed']) }),
    output: FollowUp.extend({ localId: z.string() }),
  },
  syncNow: { access: 'staff', input: StaffOnly, output: SyncStatus.extend({ report: SyncReport }) },
  getSettings: { access: 'staff', input: StaffOnly, output: Settings },
  updateSettings: { access: 'staff', input: SettingsUpdate, output: Settings },
  getAppInfo: { access: 'staff', input: StaffOnly, output: AppInfo },
  saveDiagnostics: { access: 'staff', input: StaffOnly, output: SavedDiagnostics },
  /**
   * The kiosk screen says which UI languages its browser has a speech voice for (public: it
   * names no one). The core keeps the last report for diagnostics and IT's /metrics.
   */
  reportSpeechVoices: {
    access: 'public',
    input: z
      .object({
        voices: z
          .array(z.object({ language: Language, available: z.boolean() }).strict())
          .max(LANGUAGE_CODES.length * 2),
      })
      .strict(),
    output: z.null(),
  },
  /** The system's printers for the receipt printer setting (empty in a browser). */
  listPrinters: { access: 'staff', input: StaffOnly, output: PrinterList },
  /**
   * A day at a glance: each employee's day from the mirror, this kiosk's bookings named. `date`:
   * today (absent) or one of the next GLANCE_DAYS - 1 days; another is `invalid_request`.
   */
  getDayGlance: {
    access: 'staff',
    input: StaffOnly.extend({ date: DateString.optional() }),
    output: DayGlance,
  },
  /**
   * A customer asks for a person (issue 31). A screen with a call still open gets that call back
   * (no new event); a screen that called in the last 10 s, or more than 30 open calls in the
   * shop, is refused with `invalid_request`, so a customer cannot flood the staff screens.
   */
  callStaff: { access: 'public', input: CallStaffInput, output: StaffCall },
  /** Staff answer a call: it clears on every screen. `answered: false`: it was already gone. */
  answerStaffCall: {
    access: 'public',
    input: AnswerStaffCallInput,
    output: z.object({ answered: z.boolean() }),
  },
  /** The open calls, oldest first (a screen that connects later; then the `staffCalls` events). */
  getStaffCalls: { access: 'public', input: Empty, output: StaffCalls },
  /**
   * The screen says where its customer is in the walk-in flow (issue 41 part 3): counts only,
   * from closed sets (no free text). Each screen's session adds each thing at most once, and a
   * screen opens at most one session per few seconds (`counted: false` otherwise).
   */
  reportKioskFlow: { access: 'public', input: KioskFlowEvent, output: KioskFlowAnswer },
  /** The kiosk day's counts per hour and day, `from` to `to` in the shop's time zone. */
  getKioskDay: { access: 'staff', input: KioskDayInput, output: KioskDay },
  /** The same as CSV, one line per day and per hour (the counter saves it as a file). */
  exportKioskDay: { access: 'staff', input: KioskDayInput, output: KioskDayCsv },
} as const satisfies Record<
  KioskMethodName,
  { access: 'public' | 'staff'; input: z.ZodType; output: z.ZodType }
>;

export type KioskMethod = keyof typeof kioskApi;
export const kioskMethods = Object.keys(kioskApi) as KioskMethod[];
export type StaffMethod = {
  [M in KioskMethod]: (typeof kioskApi)[M]['access'] extends 'staff' ? M : never;
}[KioskMethod];

export type KioskInput<M extends KioskMethod> = z.input<(typeof kioskApi)[M]['input']>;
export type KioskOutput<M extends KioskMethod> = z.output<(typeof kioskApi)[M]['output']>;

/**
 * Server-sent / IPC events: status changes (public) and booking state changes, which carry
 * customer data and reach only a subscriber that presents a live staff session.
 */
export const KioskEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), status: SyncStatus }),
  z.object({ type: z.literal('booking'), booking: LocalBooking }),
  /** Every open call for help, after each change (no staff session needed: issue 31). */
  z.object({ type: z.literal('staffCalls'), calls: StaffCalls }),
]);
export type KioskEvent = z.infer<typeof KioskEvent>;

/** A method's input once the transport has parsed it with the contract: what the core takes. */
export type KioskParsedInput<M extends KioskMethod> = z.output<(typeof kioskApi)[M]['input']>;

/**
 * What the core implements (throwing KioskFailure) and what every transport adapts. It takes
 * the parsed input: the transport validates once (kiosk-dispatch.ts), the core not again.
 */
export type KioskApi = {
  [M in KioskMethod]: (input: KioskParsedInput<M>) => Promise<KioskOutput<M>>;
};

/** What the renderer calls: every method returns a Result, never throws across the boundary. */
export type KioskClient = {
  [M in KioskMethod]: (input: KioskInput<M>) => Promise<Result<KioskOutput<M>>>;
} & {
  /** `session`: a live staff session; without one, booking events are withheld. */
  onEvent(listener: (event: KioskEvent) => void, options?: EventOptions): () => void;
};

export interface EventOptions {
  session?: string;
}

/** IPC channel names, derived so that the preload and main agree. */
export const ipcChannel = (method: KioskMethod): string => `kiosk:${method}`;
export const IPC_EVENT_CHANNEL = 'kiosk:event';
/**
 * A listener of the page starts (`watching: true`) or stops watching booking events for its staff
 * session. Main sends each booking event with the session it was sent for, as a second argument.
 */
export const IPC_EVENT_SESSION_CHANNEL = 'kiosk:event-session';
export const EventSessionInput = z.object({ session: StaffSessionToken, watching: z.boolean() });
