/**
 * The staff settings, declared once (after VS Code's configuration contributions): each one's
 * value schema with its range, its default, whether IT may lock it, and whether IT may set it in
 * the machine file (its field is the setting's key) and an environment variable or flag. The
 * contract's `Settings`, `SettingsUpdate`, `PublicSettings` and `LockableSetting`, the machine
 * file's schema (electron/core/config/config.ts, docs/config.schema.json), the env and flag parser, the
 * renderer's form limits and the settings service's read / update / lock checks are derived from
 * this table, and so is the Settings screen's field of a setting that has none made by hand
 * (renderer/components/TableSettingFields.tsx, which asks only for its label): a new setting is
 * one entry here, and test/renderer/settings-fields.test.tsx fails while it has no field.
 *
 * What every entry means (the settings service applies it): IT's value is the default until staff
 * change it, and fixed while IT locks the setting; a locked IT value is also stored at start, so
 * it stays when IT later lifts the lock. Without either, `default` applies.
 *
 * The upstream URL, the API key and the shop profile are settings with handling of their own (a
 * new URL drops the key stored for the old host, the key is a secret, the profile is an object);
 * they are lockable too (LockableSetting) and declared where they are handled.
 */
import { z } from 'zod';
import { LANGUAGE_CODES } from './languages';
import { PHONE_COUNTRIES } from './phone-countries';

export const KioskMode = z.enum(['kiosk', 'counter']);
export type KioskMode = z.infer<typeof KioskMode>;

/**
 * The UI languages (ISO 639-1). Where a setting holds `null`, nobody chose one (neither staff
 * nor IT's machine config): the screen follows the browser/OS languages, else German.
 */
export const Language = z.enum(LANGUAGE_CODES);
export type Language = z.infer<typeof Language>;

/** A whole-number setting: the form and the error messages read `range`. */
function wholeNumber(min: number, max: number) {
  return { value: z.number().int().min(min).max(max), range: { min, max } } as const;
}

interface Declaration {
  /** The value's schema with its range: staff's updates, IT's file and environment are checked with it. */
  value: z.ZodType<string | number>;
  /** `null` is a value: nobody chose (staff send null to clear their choice). */
  nullable: boolean;
  /** What applies when neither staff nor IT chose. */
  default: string | number | null;
  /** IT may fix it (`locked` in the machine file); staff then see it read-only. */
  lockable: boolean;
  /**
   * IT may set it: in the machine file (field = key) and, when named, an environment variable
   * and a command-line flag. Absent: a staff setting only.
   */
  it?: { env?: `FRONTDESK_${string}`; flag?: string };
  /** The customer screen needs it before any staff session (PublicSettings). */
  public: boolean;
  range?: { min: number; max: number };
  /** What IT's text must look like, for the error when it does not (free text: a name). */
  format?: string;
  /** For the machine file's JSON Schema (what IT reads). */
  description: string;
}

// Defaults: idle 60 s by issue 4 (the renderer's own fallback is 60 too), staff 300 s and
// retention 14 days by issue 7; no default language (renderer/i18n/languages.ts chooses).
export const STAFF_SETTINGS = {
  mode: {
    value: KioskMode,
    nullable: false,
    default: 'kiosk',
    lockable: true,
    it: { env: 'FRONTDESK_MODE', flag: 'mode' },
    public: true,
    description: 'kiosk: full screen for walk-in customers; counter: a normal window for staff',
  },
  idleTimeoutSec: {
    ...wholeNumber(15, 600),
    nullable: false,
    default: 60,
    lockable: true,
    public: true,
    description:
      'seconds without a touch or key before the customer screen asks "Are you still there?" (doubled in audio and reach mode); it starts over 20 s later (30 s in audio mode) unless the customer continues',
  },
  language: {
    value: Language,
    nullable: true,
    default: null,
    lockable: true,
    it: { env: 'FRONTDESK_LANGUAGE' },
    public: true,
    description: "the screen's default language; absent: the browser's, else German",
  },
  contentLanguage: {
    value: z.string().regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$/),
    nullable: true,
    default: null,
    lockable: true,
    it: { env: 'FRONTDESK_CONTENT_LANGUAGE' },
    public: true,
    format: 'a language tag such as de or de-AT',
    description:
      "the language of the shop's texts from the booking API (service titles and descriptions, people's names), a BCP 47 tag such as de or de-AT: they are marked and spoken in it on every screen language; absent: the shop's language",
  },
  country: {
    value: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .refine((code) => PHONE_COUNTRIES.has(code), 'not a country with phone numbers'),
    nullable: true,
    default: null,
    lockable: true,
    it: { env: 'FRONTDESK_COUNTRY' },
    public: true,
    format: 'a country code (ISO 3166-1 alpha-2) such as DE or AT',
    description:
      "the shop's country (ISO 3166-1 alpha-2, such as DE or AT): a customer's phone number without + and a country code must be one of its numbers; absent: the country of the shop's time zone",
  },
  staffIdleTimeoutSec: {
    ...wholeNumber(30, 3600),
    nullable: false,
    default: 300,
    lockable: true,
    it: {},
    public: true,
    description: 'seconds without a staff action before the staff session ends',
  },
  retentionDays: {
    ...wholeNumber(1, 3650),
    nullable: false,
    default: 14,
    lockable: true,
    it: { env: 'FRONTDESK_RETENTION_DAYS' },
    public: false,
    description: "days after a booking ended that its customer's personal data is kept",
  },
  printer: {
    value: z.string().trim().min(1).max(200),
    nullable: true,
    default: null,
    lockable: true,
    it: { env: 'FRONTDESK_PRINTER' },
    public: false,
    description:
      "the receipt printer's name as the system lists it (receipts print on it silently); absent: the receipt stays on screen",
  },
} as const satisfies Record<string, Declaration>;

type Table = typeof STAFF_SETTINGS;
export type StaffSettingKey = keyof Table;
export const STAFF_SETTING_KEYS = Object.keys(STAFF_SETTINGS) as StaffSettingKey[];

/** A setting's value as IT or staff give it (never null). */
export type SettingValue<K extends StaffSettingKey> = z.output<Table[K]['value']>;
type SettingSchema<K extends StaffSettingKey> = Table[K]['nullable'] extends true
  ? z.ZodNullable<Table[K]['value']>
  : Table[K]['value'];
type KeysWhere<Flag extends string, V> = {
  [K in StaffSettingKey]: Table[K] extends Record<Flag, V> ? K : never;
}[StaffSettingKey];

export type ItSettingKey = KeysWhere<'it', object>;
export type LockableStaffSettingKey = KeysWhere<'lockable', true>;
export type PublicSettingKey = KeysWhere<'public', true>;
export type RangedSettingKey = KeysWhere<'range', object>;

/** The declaration of one setting, widened for code that walks the table. */
export function declarationOf(key: StaffSettingKey): Declaration {
  return STAFF_SETTINGS[key];
}

const keysWhere = <K extends StaffSettingKey>(test: (declaration: Declaration) => boolean): K[] =>
  STAFF_SETTING_KEYS.filter((key) => test(declarationOf(key))) as K[];
export const IT_SETTING_KEYS = keysWhere<ItSettingKey>((d) => d.it !== undefined);
export const RANGED_SETTING_KEYS = keysWhere<RangedSettingKey>((d) => d.range !== undefined);

/** The form's and messages' bounds of the whole-number settings. */
export const SETTING_RANGES = Object.fromEntries(
  RANGED_SETTING_KEYS.map((key) => [key, STAFF_SETTINGS[key].range]),
) as {
  [K in RangedSettingKey]: Table[K]['range'];
};

/** What applies when neither staff nor IT chose. */
export const SETTING_DEFAULTS = Object.fromEntries(
  STAFF_SETTING_KEYS.map((key) => [key, STAFF_SETTINGS[key].default]),
) as {
  [K in StaffSettingKey]: Table[K]['default'];
};

// The mapped shapes below are built by walking the table; the casts say what the walk builds.
function schemaOf(key: StaffSettingKey): z.ZodType {
  const declaration = declarationOf(key);
  return declaration.nullable ? declaration.value.nullable() : declaration.value;
}
const shapeOf = <K extends StaffSettingKey>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, schemaOf(key)])) as { [P in K]: SettingSchema<P> };

/** The table's settings as staff see them (part of the contract's `Settings`). */
export const StaffSettingValues = z.object(shapeOf(STAFF_SETTING_KEYS));
/** The part of them the customer screen needs (part of `PublicSettings`). */
export const PUBLIC_SETTING_KEYS = keysWhere<PublicSettingKey>((d) => d.public);
export const PublicSettingValues = z.object(shapeOf(PUBLIC_SETTING_KEYS));
/** A staff change: every setting optional (part of `SettingsUpdate`). */
export const StaffSettingChanges = StaffSettingValues.partial();

/** IT's values of the table's settings (machine file, environment, flags); absent: IT says nothing. */
export type ItSettingValues = { [K in ItSettingKey]?: SettingValue<K> };

export const LOCKABLE_STAFF_SETTING_KEYS = keysWhere<LockableStaffSettingKey>((d) => d.lockable);

/** Settings the machine-wide config file can fix (`locked` in electron/core/config/config.ts). */
// The shop last, as the machine file's documentation always listed them.
export const LockableSetting = z.enum([
  'upstreamUrl',
  'apiKey',
  ...LOCKABLE_STAFF_SETTING_KEYS,
  'shop',
]);
export type LockableSetting = z.infer<typeof LockableSetting>;

/** The machine file's fields of the table's settings, each optional, described for IT. */
export function machineFileShape() {
  return Object.fromEntries(
    IT_SETTING_KEYS.map((key) => {
      const declaration = declarationOf(key);
      return [key, declaration.value.describe(declaration.description).optional()];
    }),
  ) as { [K in ItSettingKey]: z.ZodOptional<Table[K]['value']> };
}

/**
 * IT's text (an environment variable or flag) as the setting's value, or an error that says
 * what was expected. Numbers are whole decimal numbers; names are matched without case.
 */
export function parseSettingText<K extends StaffSettingKey>(
  key: K,
  text: string,
): { ok: true; value: SettingValue<K> } | { ok: false; expected: string } {
  const declaration = declarationOf(key);
  // Names of a closed set are matched without case; free text (a printer's name) is kept as is.
  const candidate = declaration.range
    ? /^\d{1,9}$/.test(text)
      ? Number(text)
      : NaN
    : declaration.value instanceof z.ZodEnum
      ? text.toLowerCase()
      : text;
  const parsed = declaration.value.safeParse(candidate);
  if (parsed.success) return { ok: true, value: parsed.data as SettingValue<K> };
  return { ok: false, expected: expectedText(declaration, text) };
}

function expectedText(declaration: Declaration, text: string): string {
  if (declaration.range)
    return `expected a whole number from ${declaration.range.min} to ${declaration.range.max}`;
  if (declaration.format)
    return `expected ${declaration.format}, got ${JSON.stringify(text.slice(0, 40))}`;
  if (!(declaration.value instanceof z.ZodEnum)) return 'expected a name of 1 to 200 characters';
  const options = declaration.value.options as string[];
  if (options.length === 2)
    return `expected ${options.map((o) => JSON.stringify(o)).join(' or ')}, got ${JSON.stringify(text.slice(0, 40))}`;
  return `expected one of ${options.join(', ')}`;
}

/** Loopback hosts, where plain http cannot be read or altered on the way (`localhost.` too). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** An upstream URL the API key may be sent to: https, or plain http to this machine. */
export function isSafeUpstreamUrl(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}
