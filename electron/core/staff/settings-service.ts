/**
 * Staff settings: non-secret values in the kiosk database, the API key in the SecretStore, the
 * staff PIN as a scrypt hash (in the database, or IT's from the machine config). Who may call
 * what (staff sessions, the PIN lockout) is decided in staff-access.ts, not here.
 */
import {
  ShopUpdate,
  type PublicSettings,
  type Settings,
  type SettingsUpdate,
  type ShopProfile,
} from '../../../shared/kiosk-api';
import {
  LOCKABLE_STAFF_SETTING_KEYS,
  PUBLIC_SETTING_KEYS,
  STAFF_SETTING_KEYS,
  declarationOf,
  isSafeUpstreamUrl,
  type LockableSetting,
  type PublicSettingKey,
  type StaffSettingKey,
} from '../../../shared/settings';
import { KioskFailure } from '../../../shared/result';
import { readWelcome } from '../../../shared/shop-welcome';
import type { ItConfig } from '../config';
import { type KioskDb, getSetting, setSettings } from '../db';
import type { SecretStore } from './secret-store';
import { hashPin, verifyPin } from './pin';

// The table's settings are stored under their own keys (shared/settings.ts); these have their own.
const KEYS = {
  upstreamUrl: 'upstreamUrl',
  pinHash: 'pinHash',
} as const;

/** The shop profile's fields and their keys in the settings table. */
const SHOP_KEYS = {
  name: 'shopName',
  address: 'shopAddress',
  phone: 'shopPhone',
  accentColor: 'shopAccentColor',
  welcome: 'shopWelcome',
} as const satisfies Record<keyof ShopProfile, string>;
const SHOP_FIELDS = Object.keys(SHOP_KEYS) as (keyof ShopProfile)[];
/** The profile's one-text fields; the welcome line is a text per language (stored as JSON). */
type ShopTextField = Exclude<keyof ShopProfile, 'welcome'>;
const SHOP_TEXT_FIELDS = SHOP_FIELDS.filter((f): f is ShopTextField => f !== 'welcome');

type StaffValues = Pick<Settings, StaffSettingKey>;

/** A stored text as the setting's value, or undefined when none is stored or it no longer fits. */
function storedValue(key: StaffSettingKey, text: string | null): string | number | undefined {
  if (text === null) return undefined;
  const declaration = declarationOf(key);
  const parsed = declaration.value.safeParse(declaration.range ? Number(text) : text);
  return parsed.success ? parsed.data : undefined;
}

/** The URL as stored: trailing slashes dropped, so `https://x/` and `https://x` are one host. */
function normaliseUpstreamUrl(url: string | null): string | null {
  return url === null ? null : url.replace(/\/+$/, '');
}

/** Refuses a URL the API key must not be sent to: not http(s), or plain http to another machine. */
function checkUpstreamUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new KioskFailure('invalid_input', 'upstreamUrl: not a URL');
  }
  if (isSafeUpstreamUrl(parsed)) return;
  throw new KioskFailure(
    'invalid_input',
    'upstreamUrl: https is required (plain http only for 127.0.0.1, localhost or [::1])',
  );
}

export interface UpstreamSettings {
  upstreamUrl: string | null;
  apiKey: string | null;
}

export interface SettingsService {
  get(): Settings;
  /** The settings the customer screen needs (mode, language, idle times). */
  publicPart(): Omit<PublicSettings, 'setup' | 'upstream' | 'shop'> & { shop: ShopProfile };
  upstream(): UpstreamSettings;
  /** Whether a staff PIN exists (stored, or IT's hash). */
  hasPin(): boolean;
  /** Whether `pin` is the staff PIN. Counts nothing: the caller applies the lockout. */
  pinMatches(pin: string): boolean;
  /** Sets the first staff PIN; refused when one exists. */
  setFirstPin(pin: string): void;
  /**
   * Applies start-up overrides (machine config, CLI flags) without a PIN: they come from whoever
   * runs the app. The upstream and key always; a setting of the table when IT locks it, so that
   * it stays when IT lifts the lock.
   */
  override(values: Pick<ItConfig, 'upstreamUrl' | 'apiKey'>): void;
  /**
   * Applies a staff change (the caller checked the staff session, and the current PIN when
   * `newPin` is given). A new upstreamUrl must be https (plain http
   * only for a loopback host). The stored API key belongs to the host it was entered for: when
   * upstreamUrl changes and the same update brings no apiKey, the stored key is cleared (never
   * sent to the new host), and the kiosk pauses with a configuration error until staff enter one.
   * A change to a field IT locked is refused ('invalid_input'), and so is an upstream move that
   * would drop a key IT set; sending a locked field's current value is no change.
   */
  update(update: SettingsUpdate): { settings: Settings; upstreamChanged: boolean };
}

export interface SettingsServiceOptions {
  /**
   * IT's values (electron/core/config/config.ts): the table's settings and the shop profile are the
   * default until staff change them, fixed when locked; `locked` fields refuse staff changes;
   * `staffPinHash` wins over a stored PIN and is read-only. The shop's logoFile is the core's.
   */
  it?: ItConfig;
  /** IT named a logo file that the core could read (staff cannot change it). */
  shopLogoSet?: boolean;
}

export function createSettingsService(
  db: KioskDb,
  secrets: SecretStore,
  options: SettingsServiceOptions = {},
): SettingsService {
  const it = options.it ?? {};
  const locked = new Set(it.locked ?? []);
  const itPinHash = it.staffPinHash ?? null;
  const pinHash = (): string | null => itPinHash ?? getSetting(db, KEYS.pinHash);
  /** IT's value of a table setting, when IT gave one. */
  const itValue = (key: StaffSettingKey): string | number | undefined =>
    (it as Partial<Record<StaffSettingKey, string | number>>)[key];
  /** IT's value when locked; else the staff's stored one; else IT's; else the table's default. */
  const staffValues = (): StaffValues => {
    const values: Partial<Record<StaffSettingKey, string | number | null>> = {};
    for (const key of STAFF_SETTING_KEYS) {
      const fromIt = itValue(key);
      const stored =
        locked.has(key) && fromIt !== undefined ? undefined : storedValue(key, getSetting(db, key));
      values[key] = stored ?? fromIt ?? declarationOf(key).default;
    }
    return values as StaffValues;
  };
  const shop = (): ShopProfile => {
    const fromIt = it.shop ?? {};
    const stored = (field: keyof ShopProfile): string | null =>
      locked.has('shop') ? null : getSetting(db, SHOP_KEYS[field]);
    const profile = {} as ShopProfile;
    for (const field of SHOP_TEXT_FIELDS) {
      const value = stored(field);
      // An empty stored string is a staff "clear": it wins over IT's default.
      profile[field] = value !== null ? value || null : (fromIt[field] ?? null);
    }
    const welcome = stored('welcome');
    profile.welcome = readWelcome(welcome ?? fromIt.welcome, staffValues().language ?? null);
    return profile;
  };
  // Issue 19: a welcome stored as one text (before it was per language) becomes the shop
  // language's, once, so that a later change of the shop language does not move it.
  const storedWelcome = getSetting(db, SHOP_KEYS.welcome);
  if (storedWelcome && !storedWelcome.startsWith('{')) {
    const texts = readWelcome(storedWelcome, staffValues().language ?? null);
    setSettings(db, { [SHOP_KEYS.welcome]: JSON.stringify(texts) });
  }

  const read = (): Settings => ({
    ...staffValues(),
    upstreamUrl: getSetting(db, KEYS.upstreamUrl),
    apiKeySet: secrets.get() !== null,
    apiKeyProtection:
      it.apiKeyFile !== undefined && it.apiKey && secrets.get() === it.apiKey
        ? 'itFile'
        : (secrets.protection ?? 'plain'),
    pinSet: pinHash() !== null,
    pinSetByIt: itPinHash !== null,
    locked: [...locked],
    shop: shop(),
    shopLogoSet: options.shopLogoSet ?? false,
  });

  /** The first locked field this update would change, or null. */
  const lockedChange = (
    update: SettingsUpdate,
    before: Settings,
    url: string | null | undefined,
  ): LockableSetting | null => {
    const changes: Record<LockableSetting, boolean> = {
      ...(Object.fromEntries(
        LOCKABLE_STAFF_SETTING_KEYS.map((key) => [
          key,
          update[key] !== undefined && update[key] !== before[key],
        ]),
      ) as Record<(typeof LOCKABLE_STAFF_SETTING_KEYS)[number], boolean>),
      upstreamUrl: url !== undefined && url !== before.upstreamUrl,
      // A new URL without a key would drop the stored one (see update()).
      apiKey:
        (update.apiKey !== undefined && update.apiKey !== secrets.get()) ||
        (update.apiKey === undefined &&
          url !== undefined &&
          url !== before.upstreamUrl &&
          secrets.get() !== null),
      shop: SHOP_FIELDS.some(
        (field) =>
          update.shop?.[field] !== undefined &&
          JSON.stringify(update.shop[field]) !== JSON.stringify(before.shop[field]),
      ),
    };
    return [...locked].find((field) => changes[field]) ?? null;
  };

  const pinMatches = (pin: string): boolean => {
    const hash = pinHash();
    return hash !== null && verifyPin(pin, hash);
  };

  return {
    get: read,
    publicPart() {
      const settings = read();
      const values = Object.fromEntries(
        PUBLIC_SETTING_KEYS.map((key) => [key, settings[key]]),
      ) as Pick<Settings, PublicSettingKey>;
      return { ...values, shop: settings.shop };
    },
    hasPin: () => pinHash() !== null,
    pinMatches,
    setFirstPin(pin) {
      if (pinHash() !== null)
        throw new KioskFailure('invalid_request', 'a staff PIN is already set');
      setSettings(db, { [KEYS.pinHash]: hashPin(pin) });
    },
    upstream: () => ({ upstreamUrl: getSetting(db, KEYS.upstreamUrl), apiKey: secrets.get() }),
    override(values) {
      if (values.upstreamUrl !== undefined) {
        const url = normaliseUpstreamUrl(values.upstreamUrl);
        const moved = url !== getSetting(db, KEYS.upstreamUrl);
        setSettings(db, { [KEYS.upstreamUrl]: url });
        // As in update(): a key stored for another host is not carried over to this one.
        if (moved && values.apiKey === undefined) secrets.set(null);
      }
      if (values.apiKey !== undefined) secrets.set(values.apiKey);
      const fixed: Record<string, string> = {};
      for (const key of STAFF_SETTING_KEYS) {
        const fromIt = itValue(key);
        if (locked.has(key) && fromIt !== undefined) fixed[key] = String(fromIt);
      }
      setSettings(db, fixed);
    },
    update(update) {
      if (update.newPin !== undefined && itPinHash !== null) {
        throw new KioskFailure(
          'invalid_input',
          'newPin: the staff PIN is set by your IT department',
        );
      }
      if (update.upstreamUrl !== undefined && update.upstreamUrl !== null)
        checkUpstreamUrl(update.upstreamUrl);
      // Parsed here too, not only by the transports: trimmed, '' as "clear", colours checked.
      if (update.shop !== undefined) {
        const shopUpdate = ShopUpdate.safeParse(update.shop);
        if (!shopUpdate.success) {
          const issue = shopUpdate.error.issues[0];
          throw new KioskFailure(
            'invalid_input',
            `shop.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
          );
        }
        update = { ...update, shop: shopUpdate.data };
      }
      const before = read();
      const beforeKey = secrets.get();
      const url =
        update.upstreamUrl === undefined ? undefined : normaliseUpstreamUrl(update.upstreamUrl);
      const refused = lockedChange(update, before, url);
      if (refused !== null)
        throw new KioskFailure('invalid_input', `${refused} is set by your IT department`);
      const values: Record<string, string | null> = {};
      if (update.newPin !== undefined) values[KEYS.pinHash] = hashPin(update.newPin);
      if (url !== undefined) values[KEYS.upstreamUrl] = url;
      for (const key of STAFF_SETTING_KEYS) {
        const value = update[key];
        if (value !== undefined) values[key] = value === null ? null : String(value); // null clears it
      }
      for (const field of SHOP_TEXT_FIELDS) {
        const value = update.shop?.[field];
        if (value !== undefined) values[SHOP_KEYS[field]] = value ?? '';
      }
      const welcome = update.shop?.welcome;
      if (welcome !== undefined) values[SHOP_KEYS.welcome] = welcome ? JSON.stringify(welcome) : '';
      setSettings(db, values);
      if (update.apiKey !== undefined) secrets.set(update.apiKey);
      else if (url !== undefined && url !== before.upstreamUrl) secrets.set(null); // see update()'s comment
      const settings = read();
      return {
        settings,
        upstreamChanged: settings.upstreamUrl !== before.upstreamUrl || secrets.get() !== beforeKey,
      };
    },
  };
}
