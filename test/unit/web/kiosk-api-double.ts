/**
 * A test double of the kiosk core's API: implements the real `KioskApi` with fixed data, records
 * the inputs it received, and lets a test replace any method (to throw, say). Shared by the
 * dispatcher unit tests and the web shell integration tests.
 */
import type {
  KioskApi,
  KioskEvent,
  LocalBooking,
  Settings,
  SyncStatus,
} from '../../../shared/kiosk-api';
import type { BookingResponse, Employee, Service } from '../../../shared/api/schemas';
import { silentLogger } from '../../../electron/core/platform/log';
import { SETTING_DEFAULTS } from '../../../shared/settings';
import { apiEmployee, apiService } from '../../support/api-fixtures';
import { emptyKioskDayCounts } from '../../../shared/kiosk-day';

export const service: Service = apiService('svc-cut', {
  title: 'Haircut',
  description: 'Wash, cut and dry',
});

export const employee: Employee = apiEmployee('emp-anna', {
  name: 'Anna',
  email: 'anna@example.com',
  phone: '+49 30 1234',
});

export const syncStatus: SyncStatus = {
  online: true,
  mode: 'enabled',
  lastSyncAt: '2026-03-02T09:00:00.000Z',
  queued: 0,
  unknown: 0,
  rateLimit: { limit: 60, remaining: 55, resetAt: '2026-03-02T09:01:00.000Z' },
  clockSkewMs: 0,
  lastError: null,
  upstream: 'remote',
};

export const bookingResponse: BookingResponse = {
  bookingId: 'b-1',
  appointmentNumber: 'A-000001',
  service: { title: 'Haircut', duration: 30 },
  employee: { name: 'Anna', email: 'anna@example.com' },
  appointment: { date: '2026-03-02', time: '10:00', endTime: '10:30' },
  customer: { name: 'Max', email: 'max@example.com', customerNumber: 'C-00001' },
  status: 'pending',
  emailSent: false,
};

export const localBooking: LocalBooking = {
  localId: 'loc-1',
  reference: 'LOC1',
  state: 'sent',
  request: {
    serviceId: 'svc-cut',
    employeeId: 'emp-anna',
    date: '2026-03-02',
    time: '10:00',
    customer: { name: 'Max', email: 'max@example.com', phone: '+49 30 999' },
  },
  booking: bookingResponse,
  lastError: null,
  attempts: 1,
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:01.000Z',
  erased: false,
};

const settings: Settings = {
  upstreamUrl: null,
  apiKeySet: false,
  apiKeyProtection: 'plain',
  ...SETTING_DEFAULTS, // the table's settings (shared/settings.ts)
  language: 'en',
  pinSet: true,
  pinSetByIt: false,
  locked: [],
  shop: { name: null, address: null, phone: null, accentColor: null, welcome: null },
  shopLogoSet: false,
};

export interface KioskApiDouble {
  api: KioskApi;
  /** Every call the double received, in order, with the (already parsed) input. */
  calls: { method: string; input: unknown }[];
  /** A minimal event hub with the core's `events` shape. */
  events: { subscribe(listener: (event: KioskEvent) => void): () => void; listeners(): number };
  emit(event: KioskEvent): void;
}

export function createKioskApiDouble(overrides: Partial<KioskApi> = {}): KioskApiDouble {
  const calls: { method: string; input: unknown }[] = [];
  const listeners = new Set<(event: KioskEvent) => void>();
  const reply = <T>(method: string, input: unknown, value: T): Promise<T> => {
    calls.push({ method, input });
    return Promise.resolve(value);
  };
  const base: KioskApi = {
    getCatalog: (input) =>
      reply('getCatalog', input, {
        services: [service],
        employees: [employee],
        source: 'live',
        asOf: '2026-03-02T09:00:00.000Z',
      }),
    getAvailableDays: (input) =>
      reply('getAvailableDays', input, {
        year: input.year,
        month: input.month,
        availableDays: [2, 3],
        totalDays: 31,
        source: 'cache',
        asOf: null,
      }),
    getTimeSlots: (input) =>
      reply('getTimeSlots', input, {
        date: input.date,
        timeSlots: [
          { time: '10:00', available: true, employeeId: 'emp-anna', employeeName: 'Anna' },
        ],
        source: 'live',
        asOf: '2026-03-02T09:00:00.000Z',
      }),
    createBooking: (input) =>
      reply('createBooking', input, {
        localId: 'loc-1',
        reference: 'LOC1',
        state: 'sent',
        booking: { ...bookingResponse, customer: { name: 'Max', email: 'max@example.com' } },
      }),
    getVisitTimes: (input) =>
      reply('getVisitTimes', input, { date: input.date, offers: [], source: 'live', asOf: null }),
    createVisit: (input) =>
      reply('createVisit', input, {
        visitId: 'visit-1',
        parts: input.parts.map((part) => ({
          outcome: 'not_tried' as const,
          serviceId: part.serviceId,
        })),
      }),
    holdSlot: (input) =>
      reply('holdSlot', input, { heldUntil: '2026-03-02T09:05:00.000Z', heldForMs: 300_000 }),
    releaseHold: (input) => reply('releaseHold', input, { released: true }),
    listBookings: (input) => reply('listBookings', input, [localBooking]),
    retryBooking: (input) => reply('retryBooking', input, localBooking),
    discardBooking: (input) =>
      reply('discardBooking', input, { ...localBooking, state: 'discarded' }),
    restoreBooking: (input) => reply('restoreBooking', input, localBooking),
    linkRebooking: (input) =>
      reply('linkRebooking', input, { ...localBooking, rebookedAs: input.rebookedAs }),
    resolveFollowUp: (input) =>
      reply('resolveFollowUp', input, {
        localId: input.localId,
        state: input.action,
        mail: 'none' as const,
      }),
    getSyncStatus: (input) => reply('getSyncStatus', input, syncStatus),
    syncNow: (input) =>
      reply('syncNow', input, {
        ...syncStatus,
        report: { result: 'online', sent: 0, stillQueued: 0 },
      }),
    getSettings: (input) => reply('getSettings', input, settings),
    updateSettings: (input) =>
      reply('updateSettings', input, { ...settings, mode: input.mode ?? settings.mode }),
    verifyStaffPin: (input) => reply('verifyStaffPin', input, { valid: input.pin === '1234' }),
    setupStaffPin: (input) => reply('setupStaffPin', input, { valid: false }),
    checkSetupCode: (input) => reply('checkSetupCode', input, { valid: false }),
    recoverStaffAccess: (input) => reply('recoverStaffAccess', input, { valid: false }),
    endStaffSession: (input) => reply('endStaffSession', input, { ended: false }),
    getPublicSettings: (input) =>
      reply('getPublicSettings', input, {
        mode: settings.mode,
        language: settings.language,
        contentLanguage: settings.contentLanguage,
        country: settings.country,
        idleTimeoutSec: settings.idleTimeoutSec,
        staffIdleTimeoutSec: settings.staffIdleTimeoutSec,
        setup: 'done' as const,
        upstream: 'embedded' as const,
        shop: { ...settings.shop, logo: null },
      }),
    getAppInfo: (input) =>
      reply('getAppInfo', input, { version: '1.2.3', update: { state: 'off', version: null } }),
    saveDiagnostics: (input) =>
      reply('saveDiagnostics', input, { path: '/tmp/frontdesk-diagnostics.json' }),
    reportSpeechVoices: (input) => reply('reportSpeechVoices', input, null),
    listPrinters: (input) => reply('listPrinters', input, { system: false, printers: [] }),
    getDayGlance: (input) =>
      reply('getDayGlance', input, { date: '2026-03-02', times: [], employees: [] }),
    callStaff: (input) =>
      reply('callStaff', input, {
        id: '00000000-0000-4000-8000-000000000001',
        screen: input.screen ?? null,
        calledAt: 0,
      }),
    answerStaffCall: (input) => reply('answerStaffCall', input, { answered: true }),
    getStaffCalls: (input) => reply('getStaffCalls', input, []),
    reportKioskFlow: (input) => reply('reportKioskFlow', input, { counted: true }),
    getKioskDay: (input) =>
      reply('getKioskDay', input, {
        from: input.from,
        to: input.to,
        hours: [],
        days: [],
        total: emptyKioskDayCounts(),
      }),
    exportKioskDay: (input) => reply('exportKioskDay', input, { fileName: 'd.csv', csv: '' }),
  };
  return {
    api: { ...base, ...overrides },
    calls,
    events: {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      listeners: () => listeners.size,
    },
    emit(event) {
      for (const listener of listeners) listener(event);
    },
  };
}

/** Web-shell options around a double: port 0, no renderer, no log lines; spread to override. */
export function shellOptions(double: KioskApiDouble, token: string) {
  return {
    api: double.api,
    events: double.events,
    port: 0,
    token,
    rendererDir: null,
    log: silentLogger,
  };
}
