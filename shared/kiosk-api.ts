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

export const AvailableDaysResult = AvailableDaysSchema.extend({
  ...Freshness.shape,
  /**
   * Days of the month (service given) whose time slots this kiosk has stored with a free slot:
   * the days a customer can book while the API cannot be reached.
   */
  bookableOffline: z.array(z.number().int().min(1).max(31)).optional(),
});
export type AvailableDaysResult = z.infer<typeof AvailableDaysResult>;

export const TimeSlotsResult = TimeSlotsSchema.extend(Freshness.shape);
export type TimeSlotsResult = z.infer<typeof TimeSlotsResult>;

export const LocalBookingState = z.enum(['queued', 'sending', 'sent', 'rejected', 'unknown', 'discarded']);
export type LocalBookingState = z.infer<typeof LocalBookingState>;

export const LocalBookingError = z.object({
  status: z.number().int().nullable(), // HTTP status, null for a network failure
  message: z.string(),
});

/** The short code the customer was shown (bookingReference in shared/booking/reference.ts). */
export const BookingReference = z.string().min(1).max(32);

export const LocalBooking = z.object({
  localId: z.string(),
  reference: BookingReference,
  state: LocalBookingState,
  request: BookingRequestSchema,
  booking: BookingResponseSchema.nullable(),
  lastError: LocalBookingError.nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The customer's personal data was erased after the retention period (placeholders remain). */
  erased: z.boolean(),
  /** A rejected booking staff booked again (linkRebooking): the new booking's localId. */
  rebookedAs: z.string().nullable().optional(),
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
  reference: BookingReference,
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
  /**
   * While offline, why the last try failed, for the UI to say in plain words: `connect` (no
   * connection), `timeout` (no answer in time), `reset` (connection cut), `other`.
   */
  offlineReason: z.enum(['connect', 'timeout', 'reset', 'other']).optional(),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

/** What one "Sync now" did: the UI says it in the staff's language. */
export const SyncReport = z.object({
  /** online: the API answered; offline: it cannot be reached; key_refused: 401/403. */
  result: z.enum(['online', 'offline', 'key_refused']),
  /** Bookings this sync sent. */
  sent: z.number().int(),
  /** Bookings still waiting to be sent afterwards. */
  stillQueued: z.number().int(),
});
export type SyncReport = z.infer<typeof SyncReport>;

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
  'shop',
]);
export type LockableSetting = z.infer<typeof LockableSetting>;

/**
 * Where the staff PIN stands: `done` (a PIN exists), `demo` (none yet, embedded demo upstream:
 * the first setupStaffPin needs no code) or `required` (none yet, remote upstream: the customer
 * screen shows "being set up" and setupStaffPin needs the code printed at start-up).
 */
export const StaffSetup = z.enum(['done', 'demo', 'required']);
export type StaffSetup = z.infer<typeof StaffSetup>;

/** `#rrggbb`: the shop's accent colour (the renderer darkens it where contrast needs it). */
export const AccentColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour like #0d5a54');

/** Limits of the shop profile's text fields (they are shown on screen, receipt and calendar). */
export const SHOP_LIMITS = { name: 80, address: 200, phone: 40, welcome: 160 } as const;

/** The shop as customers see it: from IT's machine config and staff settings; null = not set. */
export const ShopProfile = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  accentColor: AccentColor.nullable(),
  welcome: z.string().nullable(),
});
export type ShopProfile = z.infer<typeof ShopProfile>;

/** The public profile adds IT's logo, as a data: URL (PNG or SVG) that the renderer puts in an img. */
export const PublicShop = ShopProfile.extend({
  logo: z.string().regex(/^data:image\/(png|svg\+xml);base64,[A-Za-z0-9+/=]+$/).nullable(),
});
export type PublicShop = z.infer<typeof PublicShop>;

/** A staff change to the profile: a field left out stays, null or an empty string clears it. */
const ShopText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
export const ShopUpdate = z
  .object({
    name: ShopText(SHOP_LIMITS.name),
    address: ShopText(SHOP_LIMITS.address),
    phone: ShopText(SHOP_LIMITS.phone),
    welcome: ShopText(SHOP_LIMITS.welcome),
    accentColor: z.union([AccentColor, z.literal('').transform(() => null)]).nullable().optional(),
  })
  .strict();
export type ShopUpdate = z.infer<typeof ShopUpdate>;

/** What the customer screen needs before any staff session: no secrets, no customer data. */
export const PublicSettings = z.object({
  mode: KioskMode,
  /** null: no explicit default language (see Language). */
  language: Language.nullable(),
  idleTimeoutSec: z.number().int(),
  staffIdleTimeoutSec: z.number().int(),
  setup: StaffSetup,
  upstream: z.enum(['embedded', 'remote']),
  shop: PublicShop,
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
  shop: ShopProfile,
  /** IT named a logo file in the machine config (staff cannot change it). */
  shopLogoSet: z.boolean(),
});
export type Settings = z.infer<typeof Settings>;

/** How long after a discard staff can undo it (restoreBooking). */
export const UNDO_DISCARD_MS = 10_000;

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
  shop: ShopUpdate.optional(),
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
  /**
   * This kiosk's bookings, newest first. `query` (case-insensitive prefix) keeps those whose
   * reference, appointment number or customer name (or a word of it) starts with it.
   */
  listBookings: {
    access: 'staff',
    input: StaffOnly.extend({ query: z.string().max(100).optional() }),
    output: z.array(LocalBooking),
  },
  retryBooking: { access: 'staff', input: StaffOnly.extend({ localId: Id }), output: LocalBooking },
  discardBooking: { access: 'staff', input: StaffOnly.extend({ localId: Id }), output: LocalBooking },
  /**
   * Undoes a discard within UNDO_DISCARD_MS of it (while the kiosk runs): the booking returns
   * to the state it had. Later, or for a booking that is not discarded: `invalid_request`.
   */
  restoreBooking: { access: 'staff', input: StaffOnly.extend({ localId: Id }), output: LocalBooking },
  /**
   * Records that staff booked a rejected booking again as `rebookedAs` (a booking of this
   * kiosk): the rejected one then links to it and can no longer be retried, discarded or
   * rebooked.
   */
  linkRebooking: { access: 'staff', input: StaffOnly.extend({ localId: Id, rebookedAs: Id }), output: LocalBooking },
  syncNow: { access: 'staff', input: StaffOnly, output: SyncStatus.extend({ report: SyncReport }) },
  getSettings: { access: 'staff', input: StaffOnly, output: Settings },
  updateSettings: { access: 'staff', input: SettingsUpdate, output: Settings },
  getAppInfo: { access: 'staff', input: StaffOnly, output: AppInfo },
  saveDiagnostics: { access: 'staff', input: StaffOnly, output: SavedDiagnostics },
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
/**
 * A listener of the page starts (`watching: true`) or stops watching booking events for its staff
 * session. Main sends each booking event with the session it was sent for, as a second argument.
 */
export const IPC_EVENT_SESSION_CHANNEL = 'kiosk:event-session';
export const EventSessionInput = z.object({ session: StaffSessionToken, watching: z.boolean() });
