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
  /** The customer's personal data was erased after the retention period (placeholders remain). */
  erased: z.boolean(),
});
export type LocalBooking = z.infer<typeof LocalBooking>;

/**
 * The booking as the customer screen may show it: the customer is what they typed (name,
 * e-mail), never the API's stored record of a returning customer (their number, an older name).
 */
export const CustomerBooking = BookingResponseSchema.extend({
  customer: z.object({ name: z.string(), email: z.string() }),
});
export type CustomerBooking = z.infer<typeof CustomerBooking>;

export const CreateBookingResult = z.object({
  localId: z.string(),
  state: LocalBookingState,
  booking: CustomerBooking.nullable(),
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
/**
 * The UI languages (ISO 639-1). Where a setting holds `null`, nobody chose one (neither staff
 * nor IT's machine config): the screen follows the browser/OS languages, else German.
 */
export const Language = z.enum(['de', 'en', 'tr', 'pl', 'uk', 'ar']);
export type Language = z.infer<typeof Language>;

/** Settings the machine-wide config file can fix (`locked` in electron/core/config.ts). */
export const LockableSetting = z.enum([
  'upstreamUrl',
  'apiKey',
  'mode',
  'idleTimeoutSec',
  'language',
  'staffIdleTimeoutSec',
  'retentionDays',
]);
export type LockableSetting = z.infer<typeof LockableSetting>;

/**
 * Where the staff PIN stands: `done` (a PIN exists), `demo` (none yet, embedded demo upstream:
 * the first setupStaffPin needs no code) or `required` (none yet, remote upstream: the customer
 * screen shows "being set up" and setupStaffPin needs the code printed at start-up).
 */
export const StaffSetup = z.enum(['done', 'demo', 'required']);
export type StaffSetup = z.infer<typeof StaffSetup>;

/** What the customer screen needs before any staff session: no secrets, no customer data. */
export const PublicSettings = z.object({
  mode: KioskMode,
  /** null: no explicit default language (see Language). */
  language: Language.nullable(),
  idleTimeoutSec: z.number().int(),
  staffIdleTimeoutSec: z.number().int(),
  setup: StaffSetup,
  upstream: z.enum(['embedded', 'remote']),
});
export type PublicSettings = z.infer<typeof PublicSettings>;

/** Settings that staff see. The API key is write-only: only whether one is set comes back. */
export const Settings = z.object({
  upstreamUrl: z.string().nullable(),
  apiKeySet: z.boolean(),
  /** `plain`: the key is stored without an OS keychain (a 0600 file, or Linux basic_text). */
  apiKeyProtection: z.enum(['keychain', 'plain']),
  mode: KioskMode,
  idleTimeoutSec: z.number().int(),
  /** A staff session ends after this long without a staff call. */
  staffIdleTimeoutSec: z.number().int(),
  /** Personal data of ended bookings is erased this many days after they ended. */
  retentionDays: z.number().int(),
  /** null: no explicit default language (see Language). */
  language: Language.nullable(),
  pinSet: z.boolean(),
  /** The PIN hash comes from the machine config: staff cannot change the PIN. */
  pinSetByIt: z.boolean(),
  /** Fields fixed by IT: updateSettings refuses a change to them, the UI shows them read-only. */
  locked: z.array(LockableSetting),
});
export type Settings = z.infer<typeof Settings>;

const Pin = z.string().regex(/^\d{4,12}$/, '4 to 12 digits');

/** An opaque staff session from verifyStaffPin or setupStaffPin (>= 128 random bits). */
export const StaffSessionToken = z.string().min(16).max(200);
const StaffOnly = z.object({ session: StaffSessionToken });

export const SettingsUpdate = StaffOnly.extend({
  /** The current PIN: needed (only) to change the PIN with newPin. */
  pin: Pin.optional(),
  newPin: Pin.optional(),
  upstreamUrl: z.url({ protocol: /^https?$/ }).nullable().optional(),
  apiKey: z.string().trim().min(1).max(500).optional(),
  mode: KioskMode.optional(),
  idleTimeoutSec: z.number().int().min(15).max(600).optional(),
  staffIdleTimeoutSec: z.number().int().min(30).max(3600).optional(),
  retentionDays: z.number().int().min(1).max(3650).optional(),
  /** null clears the staff's choice: IT's configured language, else the browser's, applies. */
  language: Language.nullable().optional(),
});
export type SettingsUpdate = z.infer<typeof SettingsUpdate>;

/**
 * A PIN check. A right PIN opens a staff session (`session`, expiring at `expiresAt` unless a
 * staff call renews it). While too many wrong PINs (or setup codes) lock staff out, every PIN
 * (the right one too) comes back not valid with the whole seconds to wait; the attempt that
 * starts the lockout says so at once.
 */
export const StaffPinCheck = z.object({
  valid: z.boolean(),
  retryAfterSec: z.number().int().positive().optional(),
  session: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type StaffPinCheck = z.infer<typeof StaffPinCheck>;

const Empty = z.object({}).strict().optional();

/**
 * Every method of the kiosk. `access: 'staff'` methods need a live staff session in their input
 * (`session`); the core refuses them with `unauthorized` otherwise, whatever the transport.
 */
export const kioskApi = {
  getCatalog: { access: 'public', input: Empty, output: Catalog },
  getAvailableDays: {
    access: 'public',
    input: z.object({
      year: z.number().int().min(1970).max(9999),
      month: z.number().int().min(1).max(12),
      serviceId: Id.optional(),
      employeeId: Id.optional(),
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
    }),
    output: TimeSlotsResult,
  },
  createBooking: { access: 'public', input: BookingRequestSchema, output: CreateBookingResult },
  getSyncStatus: { access: 'public', input: Empty, output: SyncStatus },
  getPublicSettings: { access: 'public', input: Empty, output: PublicSettings },
  verifyStaffPin: { access: 'public', input: z.object({ pin: Pin }), output: StaffPinCheck },
  setupStaffPin: {
    access: 'public',
    input: z.object({ setupCode: z.string().trim().max(40).optional(), pin: Pin }),
    output: StaffPinCheck,
  },
  endStaffSession: {
    access: 'public',
    input: z.object({ session: z.string().max(200) }),
    output: z.object({ ended: z.boolean() }),
  },
  listBookings: { access: 'staff', input: StaffOnly, output: z.array(LocalBooking) },
  retryBooking: { access: 'staff', input: StaffOnly.extend({ localId: Id }), output: LocalBooking },
  discardBooking: { access: 'staff', input: StaffOnly.extend({ localId: Id }), output: LocalBooking },
  syncNow: { access: 'staff', input: StaffOnly, output: SyncStatus },
  getSettings: { access: 'staff', input: StaffOnly, output: Settings },
  updateSettings: { access: 'staff', input: SettingsUpdate, output: Settings },
} as const satisfies Record<
  string,
  { access: 'public' | 'staff'; input: z.ZodType; output: z.ZodType }
>;

export type KioskMethod = keyof typeof kioskApi;
export const kioskMethods = Object.keys(kioskApi) as KioskMethod[];
export type StaffMethod = {
  [M in KioskMethod]: (typeof kioskApi)[M]['access'] extends 'staff' ? M : never;
}[KioskMethod];
export const staffMethods = kioskMethods.filter((m) => kioskApi[m].access === 'staff') as StaffMethod[];

export type KioskInput<M extends KioskMethod> = z.input<(typeof kioskApi)[M]['input']>;
export type KioskOutput<M extends KioskMethod> = z.output<(typeof kioskApi)[M]['output']>;

/**
 * Server-sent / IPC events: status changes (public) and booking state changes, which carry
 * customer data and reach only a subscriber that presents a live staff session.
 */
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
  /** `session`: a live staff session; without one, booking events are withheld. */
  onEvent(listener: (event: KioskEvent) => void, options?: EventOptions): () => void;
};

export interface EventOptions {
  session?: string;
}

/** IPC channel names, derived so that the preload and main agree. */
export const ipcChannel = (method: KioskMethod): string => `kiosk:${method}`;
export const IPC_EVENT_CHANNEL = 'kiosk:event';
/** The renderer names the staff session its booking events belong to (null: none). */
export const IPC_EVENT_SESSION_CHANNEL = 'kiosk:event-session';
export const EventSessionInput = z.object({ session: StaffSessionToken.nullable() });
