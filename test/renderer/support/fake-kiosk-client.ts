/* eslint-disable @typescript-eslint/require-await -- an in-memory double answers at once but keeps the async interface */
/**
 * A test double of the kiosk that implements the real `KioskClient` interface in memory:
 * a small catalog, every weekday open 09:00-18:00, and switches for the booking outcome.
 */
import type { BookingRequest, Employee, Service, TimeSlot } from '../../../shared/api/schemas';
import type {
  AppInfo,
  CreateBookingResult,
  DayGlance,
  EventOptions,
  KioskClient,
  KioskEvent,
  KioskInput,
  LocalBooking,
  Printer,
  PublicSettings,
  Settings,
  StaffPinCheck,
  SyncReport,
  SyncStatus,
  TimeSlotsResult,
  StaffCall,
} from '../../../shared/kiosk-api';
import { ShopUpdate } from '../../../shared/kiosk-api';
import { fakeCreateVisit, fakeVisitTimes } from './fake-visit';
import { emptyKioskDay } from './fake-kiosk-day';
import { bookingReference, matchesBookingQuery } from '../../../shared/booking/reference';
import { fail, ok, type Result } from '../../../shared/result';
import { SETTING_DEFAULTS } from '../../../shared/settings';
import type { PublicAccess } from '../../../shared/access-config';
import { apiService } from '../../support/api-fixtures';

export const services: Service[] = [
  apiService('svc-cut', {
    title: 'Haircut',
    description: 'Wash, cut and style',
    pricing: { price: 32, currency: 'EUR', taxRate: 19 },
  }),
  apiService('svc-colour', {
    title: 'Colour',
    description: 'Full colour with care',
    pricing: { price: 79.5, currency: 'EUR', taxRate: 19 },
    duration: { value: 1.5, unit: 'hours' },
    sortOrder: 2,
  }),
  apiService('svc-nails', {
    title: 'Manicure',
    description: 'Shape and polish',
    category: 'Nails',
    pricing: { price: 25, currency: 'EUR', taxRate: 19 },
    duration: { value: 45, unit: 'minutes' },
    sortOrder: 3,
  }),
];

export const employees: Employee[] = [
  {
    _id: 'emp-anna',
    name: 'Anna Berg',
    email: 'anna@example.com',
    phone: '1',
    role: 'Stylist',
    available: true,
  },
  {
    _id: 'emp-ben',
    name: 'Ben Roth',
    email: 'ben@example.com',
    phone: '2',
    role: 'Stylist',
    available: true,
  },
];

export type BookingMode = 'sent' | 'queued' | 'slot_taken' | 'unavailable';

export interface FakeKioskOptions {
  settings?: Partial<Settings>;
  pin?: string | null;
  /** Where the upstream is ('remote' and no PIN: customers see "being set up"); the first PIN needs SETUP_CODE. */
  upstream?: 'embedded' | 'remote';
  /** The API key the kiosk starts with (IT's machine config). */
  apiKey?: string;
  /** What the host says about a receipt printer (absent: it says nothing, as a browser). */
  receiptPrinter?: boolean;
  /** The printers the host lists (absent: a browser, which has none to choose). */
  printers?: Printer[];
  /** IT's access defaults (absent: the core sends none and the screen takes its own). */
  access?: PublicAccess;
}

export const SETUP_CODE = 'ABCD-2345';
/** The last bookable day: 90 days after Monday 23 November 2026 (render-app.tsx's NOW). */
const FAKE_HORIZON_END = Date.UTC(2027, 1, 21);

export const FAKE_RECOVERY_CODE = 'RCVR-2345-6789-ABCD-EFGH-JKMN';

export class FakeKioskClient implements KioskClient {
  bookingMode: BookingMode = 'sent';
  /** Slot times (HH:mm) that a fresh lookup reports as gone. */
  goneOnFresh = new Set<string>();
  readonly calls: { method: string; input: unknown }[] = [];
  readonly bookings: LocalBooking[] = [];
  settings: Settings;
  pin: string | null;
  /** Like the core: 5 wrong PINs in a row lock staff out; set back to null to end the lockout. */
  pinLockoutSec: number | null = null;
  private wrongPins = 0;
  /** Wrong PINs and setup codes since the last right one (the core's failedAttempts). */
  failedSinceLogin = 0;
  private listeners = new Map<(event: KioskEvent) => void, EventOptions | undefined>();
  private sequence = 0;
  /** Live staff sessions; a test deletes one to play an expiry in the core. */
  readonly sessions = new Set<string>();
  readonly upstream: 'embedded' | 'remote';
  private apiKey: string | null;
  private readonly receiptPrinter: boolean | undefined;
  private readonly printers: Printer[] | undefined;
  /** What getDayGlance answers (a test sets it; the core builds it from the mirror). */
  dayGlance: DayGlance = { date: '2026-11-24', times: [], employees: [] };

  constructor(options: FakeKioskOptions = {}) {
    this.pin = options.pin === undefined ? '1234' : options.pin;
    this.upstream = options.upstream ?? 'embedded';
    this.receiptPrinter = options.receiptPrinter;
    this.printers = options.printers;
    this.access = options.access;
    this.apiKey = options.apiKey ?? null;
    this.settings = {
      upstreamUrl: null,
      apiKeySet: this.apiKey !== null,
      apiKeyProtection: 'plain',
      ...SETTING_DEFAULTS, // the table's settings (shared/settings.ts)
      language: 'en',
      pinSet: this.pin !== null,
      pinSetByIt: false,
      locked: [],
      shop: { name: null, address: null, phone: null, accentColor: null, welcome: null },
      shopLogoSet: false,
      ...options.settings,
    };
  }

  private readonly access: PublicAccess | undefined;

  private openSession(): StaffPinCheck {
    const session = `session-${++this.sequence}-0123456789abcdef`;
    this.sessions.add(session);
    return { valid: true, session, expiresAt: new Date(0).toISOString() };
  }

  /** Like the core: a staff method without a live session is refused. */
  private refused(input: { session: string }): Result<never> | null {
    return this.sessions.has(input.session)
      ? null
      : fail('unauthorized', 'staff session missing or expired');
  }

  private record(method: string, input: unknown): void {
    this.calls.push({ method, input });
  }

  /** Booking events reach only listeners that named a live session, as in the core. */
  emit(event: KioskEvent): void {
    for (const [listener, options] of this.listeners) {
      if (
        event.type !== 'booking' ||
        (options?.session !== undefined && this.sessions.has(options.session))
      )
        listener(event);
    }
  }

  onEvent(listener: (event: KioskEvent) => void, options?: EventOptions): () => void {
    this.listeners.set(listener, options);
    return () => this.listeners.delete(listener);
  }

  getPublicSettings: KioskClient['getPublicSettings'] = async (
    input: KioskInput<'getPublicSettings'>,
  ) => {
    this.record('getPublicSettings', input);
    const { mode, language, contentLanguage, country, idleTimeoutSec, staffIdleTimeoutSec, shop } =
      this.settings;
    const setup: PublicSettings['setup'] =
      this.pin !== null ? 'done' : this.upstream === 'embedded' ? 'demo' : 'required';
    const printer =
      this.receiptPrinter === undefined ? {} : { receiptPrinter: this.receiptPrinter };
    return ok({
      mode,
      language,
      contentLanguage,
      country,
      idleTimeoutSec,
      staffIdleTimeoutSec,
      setup,
      upstream: this.upstream,
      shop: { ...shop, logo: null },
      timeZone: 'Europe/Berlin', // the core's default business zone
      ...printer,
      ...(this.access ? { access: this.access } : {}),
    });
  };

  getCatalog: KioskClient['getCatalog'] = async (input: KioskInput<'getCatalog'>) => {
    this.record('getCatalog', input);
    return ok({ services, employees, source: 'live' as const, asOf: new Date(0).toISOString() });
  };

  /** Offline play: days with stored times per month ('2026-11'), as the core's bookableOffline. */
  bookableOffline: Record<string, number[]> | null = null;
  /** Months ('2026-12') and dates neither live nor cached: refused as unavailable. */
  readonly uncachedMonths = new Set<string>();
  readonly uncachedDates = new Set<string>();

  getAvailableDays: KioskClient['getAvailableDays'] = async (
    input: KioskInput<'getAvailableDays'>,
  ) => {
    this.record('getAvailableDays', input);
    const month = `${input.year}-${String(input.month).padStart(2, '0')}`;
    if (this.uncachedMonths.has(month))
      return fail('unavailable', 'these days are neither live nor cached');
    const stored = this.bookableOffline
      ? { bookableOffline: this.bookableOffline[month] ?? [] }
      : {};
    const days: number[] = [];
    const total = new Date(Date.UTC(input.year, input.month, 0)).getUTCDate();
    for (let day = 1; day <= total; day++) {
      const date = new Date(Date.UTC(input.year, input.month - 1, day));
      // Like the reference server: nothing beyond its 90-day horizon (from the tests' NOW).
      if (date.getUTCDay() !== 0 && date.getTime() <= FAKE_HORIZON_END) days.push(day);
    }
    return ok({
      year: input.year,
      month: input.month,
      availableDays: days,
      totalDays: days.length,
      source: 'live' as const,
      asOf: null,
      ...stored,
    });
  };

  getTimeSlots: KioskClient['getTimeSlots'] = async (input: KioskInput<'getTimeSlots'>) => {
    this.record('getTimeSlots', input);
    return this.daySlots(input);
  };

  /** A visit's services after the first are refused (the "first booked, second not" path). */
  laterVisitServicesRefused = false;

  /** Times (HH:mm) another screen holds: holdSlot refuses them as the core would. */
  readonly heldElsewhere = new Set<string>();
  /** How long a hold lasts (the core's SCREEN_HOLD_MS unless a test shortens it). */
  holdMs = 300_000;

  holdSlot: KioskClient['holdSlot'] = async (input: KioskInput<'holdSlot'>) => {
    this.record('holdSlot', input);
    if (input.parts.some((part) => this.heldElsewhere.has(part.time)))
      return fail('slot_taken', 'another screen is booking this time right now');
    return ok({ heldUntil: new Date(this.holdMs).toISOString(), heldForMs: this.holdMs });
  };

  releaseHold: KioskClient['releaseHold'] = async (input: KioskInput<'releaseHold'>) => {
    this.record('releaseHold', input);
    return ok({ released: true });
  };

  getVisitTimes: KioskClient['getVisitTimes'] = async (input: KioskInput<'getVisitTimes'>) => {
    this.record('getVisitTimes', input);
    return fakeVisitTimes(input, (query) => this.daySlots(query));
  };

  createVisit: KioskClient['createVisit'] = async (input: KioskInput<'createVisit'>) => {
    this.record('createVisit', input);
    const visitId = `visit-${this.sequence + 1}`;
    return fakeCreateVisit(input, {
      refuseLater: this.laterVisitServicesRefused,
      book: (request) => this.createBooking(request),
      link: (localId) => {
        const stored = this.bookings.find((b) => b.localId === localId);
        if (stored) stored.visitId = visitId;
      },
      visitId,
    });
  };

  private daySlots(input: KioskInput<'getTimeSlots'>): Result<TimeSlotsResult> {
    if (this.uncachedDates.has(input.date))
      return fail('unavailable', 'these time slots are neither live nor cached');
    const timeSlots: TimeSlot[] = [];
    for (let minutes = 9 * 60; minutes < 18 * 60; minutes += 30) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const gone = input.fresh === true && this.goneOnFresh.has(time);
      const available = time !== '10:00' && !gone;
      const employee = input.employeeId
        ? employees.find((e) => e._id === input.employeeId)
        : employees[0];
      timeSlots.push(
        available && employee
          ? { time, available, employeeId: employee._id, employeeName: employee.name }
          : { time, available: false, reason: 'booked' },
      );
    }
    return ok({ date: input.date, timeSlots, source: 'live' as const, asOf: null });
  }

  createBooking = async (input: BookingRequest): Promise<Result<CreateBookingResult>> => {
    this.record('createBooking', input);
    if (this.bookingMode === 'slot_taken') return fail('slot_taken', 'The slot is taken.');
    if (this.bookingMode === 'unavailable') return fail('unavailable', 'Down.');
    const localId = `local-${++this.sequence}-abcdef`;
    const booking =
      this.bookingMode === 'sent'
        ? {
            bookingId: `b-${this.sequence}`,
            appointmentNumber: `A-${String(this.sequence).padStart(6, '0')}`,
            service: {
              title: services.find((s) => s._id === input.serviceId)?.title ?? '',
              duration: 30,
            },
            employee: {
              name: employees.find((e) => e._id === input.employeeId)?.name ?? '',
              email: 'x@example.com',
            },
            appointment: { date: input.date, time: input.time, endTime: '10:30' },
            customer: { name: input.customer.name, email: input.customer.email },
            status: 'pending' as const,
            emailSent: true,
          }
        : null;
    const now = new Date(0).toISOString();
    this.bookings.unshift({
      localId,
      reference: bookingReference(localId),
      state: this.bookingMode === 'sent' ? 'sent' : 'queued',
      request: input,
      booking: booking && {
        ...booking,
        customer: { ...booking.customer, customerNumber: 'C-00001' },
      },
      lastError: null,
      attempts: 1,
      createdAt: now,
      updatedAt: now,
      erased: false,
    });
    return ok({
      localId,
      reference: bookingReference(localId),
      state: this.bookingMode === 'sent' ? 'sent' : 'queued',
      booking,
    });
  };

  listBookings: KioskClient['listBookings'] = async (input: KioskInput<'listBookings'>) => {
    this.record('listBookings', input);
    const query = input.query ?? '';
    const matching = this.bookings.filter((b) =>
      matchesBookingQuery(
        {
          reference: b.reference,
          appointmentNumber: b.booking?.appointmentNumber ?? null,
          customerName: b.erased ? null : b.request.customer.name,
          customerEmail: b.erased ? null : b.request.customer.email,
          customerPhone: b.erased ? null : b.request.customer.phone,
        },
        query,
      ),
    );
    return this.refused(input) ?? ok(matching);
  };

  retryBooking = async (input: KioskInput<'retryBooking'>) =>
    this.refused(input) ?? this.change(input.localId, 'queued');
  discardBooking = async (input: KioskInput<'discardBooking'>) => {
    const before = this.bookings.find((b) => b.localId === input.localId)?.state;
    const result = this.refused(input) ?? this.change(input.localId, 'discarded');
    if (result.ok && before) this.discardedFrom.set(input.localId, before);
    return result;
  };
  /** The state each discarded booking had, for restoreBooking. */
  readonly discardedFrom = new Map<string, LocalBooking['state']>();
  restoreBooking = async (input: KioskInput<'restoreBooking'>) => {
    this.record('restoreBooking', input);
    const refused = this.refused(input);
    if (refused) return refused;
    const booking = this.bookings.find((b) => b.localId === input.localId);
    const before = this.discardedFrom.get(input.localId);
    if (!booking || booking.state !== 'discarded' || !before)
      return fail('invalid_request', 'too late');
    booking.state = before;
    this.discardedFrom.delete(input.localId);
    return ok(booking);
  };
  linkRebooking = async (input: KioskInput<'linkRebooking'>) => {
    this.record('linkRebooking', input);
    const refused = this.refused(input);
    if (refused) return refused;
    const booking = this.bookings.find((b) => b.localId === input.localId);
    if (!booking) return fail('not_found', 'No such booking.');
    booking.rebookedAs = input.rebookedAs;
    return ok(booking);
  };

  resolveFollowUp = async (input: KioskInput<'resolveFollowUp'>) => {
    this.record('resolveFollowUp', input);
    const refused = this.refused(input);
    if (refused) return refused;
    const booking = this.bookings.find((b) => b.localId === input.localId);
    if (!booking?.followUp) return fail('invalid_request', 'this booking was not refused');
    booking.followUp = { ...booking.followUp, state: input.action };
    return ok({ localId: booking.localId, ...booking.followUp });
  };

  private change(localId: string, state: LocalBooking['state']): Result<LocalBooking> {
    this.record(state === 'queued' ? 'retryBooking' : 'discardBooking', { localId });
    const booking = this.bookings.find((b) => b.localId === localId);
    if (!booking) return fail('not_found', 'No such booking.');
    booking.state = state;
    return ok(booking);
  }

  status: SyncStatus = {
    online: true,
    mode: 'enabled',
    lastSyncAt: null,
    queued: 0,
    unknown: 0,
    rateLimit: { limit: 60, remaining: 42, resetAt: new Date(0).toISOString() },
    clockSkewMs: 0,
    lastError: null,
    upstream: 'embedded',
  };

  getSyncStatus: KioskClient['getSyncStatus'] = async (input: KioskInput<'getSyncStatus'>) => {
    this.record('getSyncStatus', input);
    return ok(this.status);
  };
  syncNow: KioskClient['syncNow'] = async (input: KioskInput<'syncNow'>) => {
    this.record('syncNow', input);
    return this.refused(input) ?? ok({ ...this.status, report: this.syncReport });
  };
  /** What the next syncNow reports. */
  syncReport: SyncReport = { result: 'online', sent: 0, stillQueued: 0 };
  getSettings: KioskClient['getSettings'] = async (input: KioskInput<'getSettings'>) => {
    this.record('getSettings', input);
    return this.refused(input) ?? ok({ ...this.settings });
  };
  updateSettings = async (input: KioskInput<'updateSettings'>): Promise<Result<Settings>> => {
    this.record('updateSettings', { ...input, pin: '***' });
    const noSession = this.refused(input);
    if (noSession) return noSession;
    if (input.newPin !== undefined && input.pin !== this.pin)
      return fail('unauthorized', 'pin: enter the current staff PIN to change it');
    const {
      pin: _pin,
      newPin: _newPin,
      session: _session,
      apiKey,
      shop: shopUpdate,
      ...rest
    } = input;
    const refused = this.settings.locked.find((field) =>
      field === 'apiKey'
        ? apiKey !== undefined && apiKey !== this.apiKey
        : field === 'shop'
          ? shopUpdate !== undefined
          : rest[field] !== undefined && rest[field] !== this.settings[field],
    );
    if (refused) return fail('invalid_input', `${refused} is set by your IT department`);
    if (input.newPin) this.pin = input.newPin;
    if (apiKey !== undefined) this.apiKey = apiKey;
    const shop = { ...this.settings.shop };
    // Parsed as the core does: trimmed, '' as "clear", blank welcome texts dropped.
    const shopChange = shopUpdate === undefined ? {} : ShopUpdate.parse(shopUpdate);
    for (const [field, value] of Object.entries(shopChange))
      if (value !== undefined) (shop as Record<string, unknown>)[field] = value || null;
    this.settings = {
      ...this.settings,
      ...rest,
      shop,
      upstreamUrl: rest.upstreamUrl ?? this.settings.upstreamUrl,
      apiKeySet: this.apiKey !== null,
      pinSet: true,
    };
    return ok({ ...this.settings });
  };
  verifyStaffPin: KioskClient['verifyStaffPin'] = async (input: KioskInput<'verifyStaffPin'>) => {
    this.record('verifyStaffPin', { pin: '***' });
    if (this.pinLockoutSec !== null) return ok({ valid: false, retryAfterSec: this.pinLockoutSec });
    const valid = this.pin !== null && input.pin === this.pin;
    this.wrongPins = valid ? 0 : this.wrongPins + 1;
    if (valid) return ok(this.unlocked());
    this.failedSinceLogin += 1;
    if (this.wrongPins < 5) return ok({ valid });
    this.wrongPins = 0;
    this.pinLockoutSec = 60;
    return ok({ valid: false, retryAfterSec: 60 });
  };
  setupStaffPin: KioskClient['setupStaffPin'] = async (input: KioskInput<'setupStaffPin'>) => {
    this.record('setupStaffPin', { pin: '***', setupCode: input.setupCode });
    if (this.pin !== null) return fail('invalid_request', 'a staff PIN is already set');
    // The first PIN always needs the printed code, the embedded demo's too.
    if (input.setupCode !== SETUP_CODE) {
      this.failedSinceLogin += 1;
      return ok({ valid: false });
    }
    this.pin = input.pin;
    this.settings = { ...this.settings, pinSet: true };
    return ok(this.unlocked());
  };
  checkSetupCode: KioskClient['checkSetupCode'] = async (input: KioskInput<'checkSetupCode'>) => {
    this.record('checkSetupCode', { setupCode: input.setupCode });
    if (this.pin !== null) return fail('invalid_request', 'a staff PIN is already set');
    // Codes count towards the same lockout as PINs (the core's pin-attempts.ts).
    if (this.pinLockoutSec !== null) return ok({ valid: false, retryAfterSec: this.pinLockoutSec });
    if (input.setupCode === SETUP_CODE) return ok({ valid: true });
    this.failedSinceLogin += 1;
    return ok({ valid: false });
  };
  /** IT's recovery code (the real one is in the data folder): opens the staff area. */
  recoverStaffAccess: KioskClient['recoverStaffAccess'] = async (
    input: KioskInput<'recoverStaffAccess'>,
  ) => {
    this.record('recoverStaffAccess', { code: input.code });
    if (input.code !== FAKE_RECOVERY_CODE) return ok({ valid: false });
    this.pinLockoutSec = null;
    this.wrongPins = 0;
    return ok(this.pin === null ? { valid: true } : { ...this.unlocked(), valid: true });
  };
  private unlocked() {
    const failedAttempts = this.failedSinceLogin;
    this.failedSinceLogin = 0;
    return { ...this.openSession(), failedAttempts };
  }
  endStaffSession: KioskClient['endStaffSession'] = async (
    input: KioskInput<'endStaffSession'>,
  ) => {
    this.record('endStaffSession', {});
    return ok({ ended: this.sessions.delete(input.session) });
  };

  appInfo: AppInfo = { version: '1.2.3', update: { state: 'off', version: null } };
  getAppInfo: KioskClient['getAppInfo'] = async (input: KioskInput<'getAppInfo'>) => {
    this.record('getAppInfo', input);
    return this.refused(input) ?? ok(this.appInfo);
  };

  saveDiagnostics: KioskClient['saveDiagnostics'] = async (
    input: KioskInput<'saveDiagnostics'>,
  ) => {
    this.record('saveDiagnostics', input);
    return this.refused(input) ?? ok({ path: '/var/log/frontdesk/frontdesk-diagnostics.json' });
  };

  /** The last speech voices the screen reported (null: none yet). */
  speechVoices: KioskInput<'reportSpeechVoices'>['voices'] | null = null;
  reportSpeechVoices: KioskClient['reportSpeechVoices'] = async (
    input: KioskInput<'reportSpeechVoices'>,
  ) => {
    this.record('reportSpeechVoices', input);
    this.speechVoices = input.voices;
    return ok(null);
  };

  /** What the walk-in flow reported of its customer's walk (issue 41 part 3), in order. */
  flowReports: KioskInput<'reportKioskFlow'>[] = [];
  reportKioskFlow: KioskClient['reportKioskFlow'] = async (
    input: KioskInput<'reportKioskFlow'>,
  ) => {
    this.record('reportKioskFlow', input);
    this.flowReports.push(input);
    return ok({ counted: true });
  };
  getKioskDay: KioskClient['getKioskDay'] = async (input: KioskInput<'getKioskDay'>) => {
    this.record('getKioskDay', input);
    return this.refused(input) ?? ok(emptyKioskDay(input.from, input.to));
  };
  exportKioskDay: KioskClient['exportKioskDay'] = async (input: KioskInput<'exportKioskDay'>) => {
    this.record('exportKioskDay', input);
    return this.refused(input) ?? ok({ fileName: 'kiosk-day.csv', csv: '' });
  };

  listPrinters: KioskClient['listPrinters'] = async (input: KioskInput<'listPrinters'>) => {
    this.record('listPrinters', input);
    return (
      this.refused(input) ??
      ok(
        this.printers
          ? { system: true, printers: this.printers }
          : { system: false, printers: [] as Printer[] },
      )
    );
  };

  getDayGlance: KioskClient['getDayGlance'] = async (input: KioskInput<'getDayGlance'>) => {
    this.record('getDayGlance', input);
    return this.refused(input) ?? ok(this.dayGlance);
  };

  /** Calls for help, as the core keeps them: one open call for this screen, cleared by an answer. */
  staffCalls: StaffCall[] = [];
  callStaff: KioskClient['callStaff'] = async (input: KioskInput<'callStaff'>) => {
    this.record('callStaff', input);
    const open = this.staffCalls[0];
    if (open) return ok(open);
    const call = { id: crypto.randomUUID(), screen: input.screen ?? null, calledAt: Date.now() };
    this.staffCalls = [call];
    this.emit({ type: 'staffCalls', calls: this.staffCalls });
    return ok(call);
  };
  answerStaffCall: KioskClient['answerStaffCall'] = async (
    input: KioskInput<'answerStaffCall'>,
  ) => {
    this.record('answerStaffCall', input);
    const before = this.staffCalls.length;
    this.staffCalls = this.staffCalls.filter((call) => call.id !== input.id);
    const answered = this.staffCalls.length < before;
    if (answered) this.emit({ type: 'staffCalls', calls: this.staffCalls });
    return ok({ answered });
  };
  getStaffCalls: KioskClient['getStaffCalls'] = async (input: KioskInput<'getStaffCalls'>) => {
    this.record('getStaffCalls', input);
    return ok(this.staffCalls);
  };
}
