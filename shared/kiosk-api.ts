/**
 * The kiosk API: one contract, many transports (STYLE.md §2). The IPC handlers, the browser
 * shell's HTTP routes and the renderer's client are all built from `kioskApi`; each side
 * validates what it receives with these schemas. Method names are an interface used by tests
 * outside the repo: keep them.
 */
import { z } from 'zod';
import {
  AvailableDaysSchema,
  BookingRequestSchema,
  BookingResponseSchema,
  DateString,
  EmployeeSchema,
  ServiceSchema,
  TimeSlotsSchema,
} from './api/schemas';
import type { Result } from './result';

const Id = z.string().trim().min(1).max(100);

/** Where an answer came from: the API just now, or the local mirror (with its fetch time). */
export const Freshness = z.object({
  source: z.enum(['live', 'cache']),
  asOf: z.string().nullable(), // ISO instant of the fetch; null when never fetched
});

export const Catalog = z.object({
  services: z.array(ServiceSchema),
  employees: z.array(EmployeeSchema),
  ...Freshness.shape,
});
export type Catalog = z.infer<typeof Catalog>;

export const AvailableDaysResult = AvailableDaysSchema.extend(Freshness.shape);
export type AvailableDaysResult = z.infer<typeof AvailableDaysResult>;

export const TimeSlotsResult = TimeSlotsSchema.extend(Freshness.shape);
export type TimeSlotsResult = z.infer<typeof TimeSlotsResult>;

export const LocalBookingState = z.enum(['queued', 'sending', 'sent', 'rejected', 'unknown', 'discarded']);
export type LocalBookingState = z.infer<typeof LocalBookingState>;

export const LocalBookingError = z.object({
  status: z.number().int().nullable(), // HTTP status, null for a network failure
  message: z.string(),
});

export const LocalBooking = z.object({
  localId: z.string(),
  state: LocalBookingState,
  request: BookingRequestSchema,
  booking: BookingResponseSchema.nullable(),
  lastError: LocalBookingError.nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LocalBooking = z.infer<typeof LocalBooking>;

export const CreateBookingResult = z.object({
  localId: z.string(),
  state: LocalBookingState,
  booking: BookingResponseSchema.nullable(),
});
export type CreateBookingResult = z.infer<typeof CreateBookingResult>;

export const RateLimitState = z.object({
  limit: z.number(),
  remaining: z.number(),
  resetAt: z.string(), // ISO instant
});

export const SyncStatus = z.object({
  online: z.boolean(),
  mode: z.enum(['enabled', 'offline', 'paused']), // paused: the API refused our key (401/403)
  lastSyncAt: z.string().nullable(),
  queued: z.number().int(),
  unknown: z.number().int(), // bookings staff must check by hand
  rateLimit: RateLimitState.nullable(),
  clockSkewMs: z.number().nullable(), // API Date header minus our clock
  lastError: z.string().nullable(),
  upstream: z.enum(['embedded', 'remote']),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

export const KioskMode = z.enum(['kiosk', 'counter']);
export const Language = z.enum(['en', 'de']);

/** Settings the machine-wide config file can fix (`locked` in electron/core/config.ts). */
export const LockableSetting = z.enum(['upstreamUrl', 'apiKey', 'mode', 'idleTimeoutSec', 'language']);
export type LockableSetting = z.infer<typeof LockableSetting>;

/** Settings that staff see. The API key is write-only: only whether one is set comes back. */
export const Settings = z.object({
  upstreamUrl: z.string().nullable(),
  apiKeySet: z.boolean(),
  mode: KioskMode,
  idleTimeoutSec: z.number().int(),
  language: Language,
  pinSet: z.boolean(),
  /** Fields fixed by IT: updateSettings refuses a change to them, the UI shows them read-only. */
  locked: z.array(LockableSetting),
});
export type Settings = z.infer<typeof Settings>;

const Pin = z.string().regex(/^\d{4,12}$/, '4 to 12 digits');

export const SettingsUpdate = z.object({
  pin: Pin, // the current staff PIN authorises every change; on first run it sets it
  upstreamUrl: z.url({ protocol: /^https?$/ }).nullable().optional(),
  apiKey: z.string().trim().min(1).max(500).optional(),
  mode: KioskMode.optional(),
  idleTimeoutSec: z.number().int().min(15).max(600).optional(),
  language: Language.optional(),
  newPin: Pin.optional(),
});
export type SettingsUpdate = z.infer<typeof SettingsUpdate>;

/**
 * A PIN check. While too many wrong PINs lock staff out, every PIN (the right one too) comes back
 * not valid with the whole seconds to wait; the PIN that starts the lockout says so at once.
 */
export const StaffPinCheck = z.object({
  valid: z.boolean(),
  retryAfterSec: z.number().int().positive().optional(),
});
export type StaffPinCheck = z.infer<typeof StaffPinCheck>;

const Empty = z.object({}).strict().optional();

/** The app's own updates (electron-updater): off unless IT set an update URL. */
export const UpdateStatus = z.object({
  state: z.enum(['off', 'checking', 'idle', 'downloading', 'ready', 'error']),
  version: z.string().nullable(), // the update's version once known
});
export type UpdateStatus = z.infer<typeof UpdateStatus>;

export const AppInfo = z.object({ version: z.string(), update: UpdateStatus });
export type AppInfo = z.infer<typeof AppInfo>;

/** Where "Save diagnostics" wrote its file (readable by the app's user only). */
export const SavedDiagnostics = z.object({ path: z.string() });

export const kioskApi = {
  getCatalog: { input: Empty, output: Catalog },
  getAvailableDays: {
    input: z.object({
      year: z.number().int().min(1970).max(9999),
      month: z.number().int().min(1).max(12),
      serviceId: Id.optional(),
      employeeId: Id.optional(),
    }),
    output: AvailableDaysResult,
  },
  getTimeSlots: {
    input: z.object({
      date: DateString,
      serviceId: Id,
      employeeId: Id.optional(),
      fresh: z.boolean().optional(),
    }),
    output: TimeSlotsResult,
  },
  createBooking: { input: BookingRequestSchema, output: CreateBookingResult },
  listBookings: { input: Empty, output: z.array(LocalBooking) },
  retryBooking: { input: z.object({ localId: Id }), output: LocalBooking },
  discardBooking: { input: z.object({ localId: Id }), output: LocalBooking },
  getSyncStatus: { input: Empty, output: SyncStatus },
  syncNow: { input: Empty, output: SyncStatus },
  getSettings: { input: Empty, output: Settings },
  updateSettings: { input: SettingsUpdate, output: Settings },
  verifyStaffPin: { input: z.object({ pin: Pin }), output: StaffPinCheck },
  getAppInfo: { input: Empty, output: AppInfo },
  saveDiagnostics: { input: Empty, output: SavedDiagnostics },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

export type KioskMethod = keyof typeof kioskApi;
export const kioskMethods = Object.keys(kioskApi) as KioskMethod[];

export type KioskInput<M extends KioskMethod> = z.input<(typeof kioskApi)[M]['input']>;
export type KioskOutput<M extends KioskMethod> = z.output<(typeof kioskApi)[M]['output']>;

/** Server-sent / IPC events: status changes and booking state changes. */
export const KioskEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), status: SyncStatus }),
  z.object({ type: z.literal('booking'), booking: LocalBooking }),
]);
export type KioskEvent = z.infer<typeof KioskEvent>;

/** What the core implements (throwing KioskFailure) and what every transport adapts. */
export type KioskApi = {
  [M in KioskMethod]: (input: KioskInput<M>) => Promise<KioskOutput<M>>;
};

/** What the renderer calls: every method returns a Result, never throws across the boundary. */
export type KioskClient = {
  [M in KioskMethod]: (input: KioskInput<M>) => Promise<Result<KioskOutput<M>>>;
} & {
  onEvent(listener: (event: KioskEvent) => void): () => void;
};

/** IPC channel names, derived so that the preload and main agree. */
export const ipcChannel = (method: KioskMethod): string => `kiosk:${method}`;
export const IPC_EVENT_CHANNEL = 'kiosk:event';
