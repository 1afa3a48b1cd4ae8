/**
 * The kiosk contract's staff side: setup, the shop profile, settings, PIN checks and app info.
 * The staff settings are declared once, in shared/settings.ts; these schemas take them from there.
 */
import { z } from 'zod';
import { PublicAccess } from './access-config';
import {
  Language,
  LockableSetting,
  PublicSettingValues,
  StaffSettingChanges,
  StaffSettingValues,
} from './settings';

/**
 * Where the staff PIN stands: `done` (a PIN exists), `demo` (none yet, embedded demo upstream:
 * customers may book) or `required` (none yet, remote upstream: the customer screen shows
 * "being set up"). Without a PIN, setupStaffPin always needs the code printed at start-up.
 */
export const StaffSetup = z.enum(['done', 'demo', 'required']);
export type StaffSetup = z.infer<typeof StaffSetup>;

/** `#rrggbb`: the shop's accent colour (the renderer darkens it where contrast needs it). */
export const AccentColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour like #0d5a54');

/** Limits of the shop profile's text fields (they are shown on screen, receipt and calendar). */
export const SHOP_LIMITS = { name: 80, address: 200, phone: 40, welcome: 160 } as const;

/**
 * The welcome line per language (issue 19): a customer sees theirs, else the shop language's
 * (shared/shop-welcome.ts). Languages without a text are left out; no text at all is null.
 */
export const WelcomeTexts = z.partialRecord(Language, z.string().min(1).max(SHOP_LIMITS.welcome));
export type WelcomeTexts = z.infer<typeof WelcomeTexts>;

/** The shop as customers see it: from IT's machine config and staff settings; null = not set. */
export const ShopProfile = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  accentColor: AccentColor.nullable(),
  welcome: WelcomeTexts.nullable(),
});
export type ShopProfile = z.infer<typeof ShopProfile>;

/** The public profile adds IT's logo, as a data: URL (PNG or SVG) that the renderer puts in an img. */
export const PublicShop = ShopProfile.extend({
  logo: z
    .string()
    .regex(/^data:image\/(png|svg\+xml);base64,[A-Za-z0-9+/=]+$/)
    .nullable(),
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
    /** The whole set: a language left out or '' has no text; null or {} clears them all. */
    welcome: z
      .partialRecord(Language, z.string().trim().max(SHOP_LIMITS.welcome).nullable())
      .transform((texts): WelcomeTexts | null => {
        const kept = Object.entries(texts).filter((entry): entry is [Language, string] =>
          Boolean(entry[1]),
        );
        return kept.length > 0 ? Object.fromEntries(kept) : null;
      })
      .nullable()
      .optional(),
    accentColor: z
      .union([AccentColor, z.literal('').transform(() => null)])
      .nullable()
      .optional(),
  })
  .strict();
export type ShopUpdate = z.infer<typeof ShopUpdate>;

/** What the customer screen needs before any staff session: no secrets, no customer data. */
export const PublicSettings = PublicSettingValues.extend({
  setup: StaffSetup,
  upstream: z.enum(['embedded', 'remote']),
  shop: PublicShop,
  /**
   * Whether "Print receipt" prints: the Electron app prints silently only on a configured
   * printer, else it just shows the slip. Absent where the host does not say (a browser, whose
   * print dialog opens).
   */
  receiptPrinter: z.boolean().optional(),
  /** IT configured a mail transport: a refused queued booking is e-mailed to the customer. */
  customerMail: z.boolean().optional(),
  /** The business's IANA zone, in which the API's dates and times are wall times. */
  timeZone: z.string().min(1).max(64).optional(),
  /** IT's reach line and larger-text default (shared/access-config.ts); absent: the defaults. */
  access: PublicAccess.optional(),
});
export type PublicSettings = z.infer<typeof PublicSettings>;

/** Settings that staff see. The API key is write-only: only whether one is set comes back. */
export const Settings = StaffSettingValues.extend({
  upstreamUrl: z.string().nullable(),
  apiKeySet: z.boolean(),
  /**
   * `plain`: the key is stored without an OS keychain (a 0600 file, or Linux basic_text);
   * `itFile`: the key is IT's, read from their protected file (the core logs where its copy is).
   */
  apiKeyProtection: z.enum(['keychain', 'plain', 'itFile']),
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

export const Pin = z.string().regex(/^\d{4,12}$/, '4 to 12 digits');

/** An opaque staff session from verifyStaffPin or setupStaffPin (>= 128 random bits). */
export const StaffSessionToken = z.string().min(16).max(200);
export const StaffOnly = z.object({ session: StaffSessionToken });

export const SettingsUpdate = StaffOnly.extend({
  /** The current PIN: needed (only) to change the PIN with newPin. */
  pin: Pin.optional(),
  newPin: Pin.optional(),
  upstreamUrl: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .optional(),
  apiKey: z.string().trim().min(1).max(500).optional(),
  shop: ShopUpdate.optional(),
  // A nullable setting's null clears the staff's choice: IT's value, else the default, applies.
}).extend(StaffSettingChanges.shape);
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
  /** With a right PIN: wrong PINs and setup codes entered at this screen since the last right one. */
  failedAttempts: z.number().int().nonnegative().optional(),
  session: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type StaffPinCheck = z.infer<typeof StaffPinCheck>;

export const Empty = z.object({}).strict().optional();

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

/** A printer as the system lists it (Electron's getPrintersAsync): `name` is what prints. */
export const Printer = z.object({
  name: z.string().min(1).max(200),
  displayName: z.string().max(200),
});
export type Printer = z.infer<typeof Printer>;

/**
 * The printers staff may choose for receipts. `system: false`: this screen has no system
 * printers to offer (a browser, which prints with its own dialog); the list is then empty.
 */
export const PrinterList = z.object({ system: z.boolean(), printers: z.array(Printer) });
export type PrinterList = z.infer<typeof PrinterList>;
