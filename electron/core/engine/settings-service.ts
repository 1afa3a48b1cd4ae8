/**
 * Staff settings: non-secret values in the kiosk database, the API key in the SecretStore, the
 * staff PIN as a scrypt hash (in the database, or IT's from the machine config). Who may call
 * what (staff sessions, the PIN lockout) is decided in staff-access.ts, not here.
 */
import {
  KioskMode,
  Language as LanguageSchema,
  type Language,
  ShopUpdate,
  type LockableSetting,
  type PublicSettings,
  type Settings,
  type SettingsUpdate,
  type ShopProfile,
} from '../../../shared/kiosk-api';
import { KioskFailure } from '../../../shared/result';
import type { KioskDb } from '../db/open';
import { getSetting, setSettings } from '../db/settings-repo';
import type { SecretStore } from '../settings/secret-store';
import { hashPin, verifyPin } from '../settings/pin';

const KEYS = {
  upstreamUrl: 'upstreamUrl',
  mode: 'mode',
  idleTimeoutSec: 'idleTimeoutSec',
  language: 'language',
  pinHash: 'pinHash',
  staffIdleTimeoutSec: 'staffIdleTimeoutSec',
  retentionDays: 'retentionDays',
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

// Idle timeout: 60 s by issue 4 (the renderer's own fallback is 60 too); staff 300 s and
// retention 14 days by issue 7.
// No default language here: without a staff or IT choice the screen follows the browser's
// languages, then German (renderer/i18n/languages.ts).
export const SETTING_DEFAULTS = {
  mode: 'kiosk',
  idleTimeoutSec: 60,
  staffIdleTimeoutSec: 300,
  retentionDays: 14,
} as const;

/** Loopback hosts, where plain http cannot be read or altered on the way. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
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
  if (parsed.protocol === 'https:') return;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return;
  throw new KioskFailure('invalid_input', 'upstreamUrl: https is required (plain http only for 127.0.0.1, localhost or [::1])');
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
   * runs the app.
   */
  override(values: {
    upstreamUrl?: string | null | undefined;
    apiKey?: string | null | undefined;
    mode?: Settings['mode'] | undefined;
  }): void;
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
  /** Fields the machine config fixes (electron/core/config.ts): staff cannot change them. */
  locked?: readonly LockableSetting[];
  /** IT's staff PIN hash (machine config `staffPinHash`): wins over a stored one, read-only. */
  itPinHash?: string | undefined;
  /** Values from the machine config: the default until staff change them, fixed when locked. */
  configured?: {
    staffIdleTimeoutSec?: number | undefined;
    retentionDays?: number | undefined;
    language?: Language | undefined;
  };
  /**
   * IT's shop profile from the machine config: each field is the default until staff change it,
   * and all of them are fixed when `shop` is locked.
   */
  shop?: Partial<ShopProfile> | undefined;
  /** IT named a logo file (the core reads it; staff cannot change it). */
  shopLogoSet?: boolean;
}

export function createSettingsService(db: KioskDb, secrets: SecretStore, options: SettingsServiceOptions = {}): SettingsService {
  const locked = new Set(options.locked ?? []);
  const itPinHash = options.itPinHash ?? null;
  const pinHash = (): string | null => itPinHash ?? getSetting(db, KEYS.pinHash);
  /** A positive whole number of the settings table; IT's value when locked, else its default. */
  const count = (key: 'staffIdleTimeoutSec' | 'retentionDays'): number => {
    const configured = options.configured?.[key];
    if (locked.has(key) && configured !== undefined) return configured;
    const stored = Number(getSetting(db, KEYS[key]));
    if (Number.isInteger(stored) && stored > 0) return stored;
    return configured ?? SETTING_DEFAULTS[key];
  };
  const shop = (): ShopProfile => {
    const it = options.shop ?? {};
    const profile = {} as ShopProfile;
    for (const field of SHOP_FIELDS) {
      const stored = locked.has('shop') ? null : getSetting(db, SHOP_KEYS[field]);
      // An empty stored string is a staff "clear": it wins over IT's default.
      profile[field] = stored !== null ? stored || null : (it[field] ?? null);
    }
    return profile;
  };

  /** The staff's stored choice, else IT's configured one (IT's alone when locked), else null. */
  const language = (): Language | null => {
    const configured = options.configured?.language;
    if (locked.has('language') && configured !== undefined) return configured;
    const stored = LanguageSchema.safeParse(getSetting(db, KEYS.language));
    return stored.success ? stored.data : (configured ?? null);
  };
  const read = (): Settings => {
    const mode = KioskMode.safeParse(getSetting(db, KEYS.mode));
    const idle = Number(getSetting(db, KEYS.idleTimeoutSec));
    return {
      upstreamUrl: getSetting(db, KEYS.upstreamUrl),
      apiKeySet: secrets.get() !== null,
      apiKeyProtection: secrets.protection ?? 'plain',
      mode: mode.success ? mode.data : SETTING_DEFAULTS.mode,
      idleTimeoutSec: Number.isInteger(idle) && idle > 0 ? idle : SETTING_DEFAULTS.idleTimeoutSec,
      staffIdleTimeoutSec: count('staffIdleTimeoutSec'),
      retentionDays: count('retentionDays'),
      language: language(),
      pinSet: pinHash() !== null,
      pinSetByIt: itPinHash !== null,
      locked: [...locked],
      shop: shop(),
      shopLogoSet: options.shopLogoSet ?? false,
    };
  };

  /** The first locked field this update would change, or null. */
  const lockedChange = (update: SettingsUpdate, before: Settings, url: string | null | undefined): LockableSetting | null => {
    const changes: Record<LockableSetting, boolean> = {
      upstreamUrl: url !== undefined && url !== before.upstreamUrl,
      // A new URL without a key would drop the stored one (see update()).
      apiKey:
        (update.apiKey !== undefined && update.apiKey !== secrets.get()) ||
        (update.apiKey === undefined && url !== undefined && url !== before.upstreamUrl && secrets.get() !== null),
      mode: update.mode !== undefined && update.mode !== before.mode,
      idleTimeoutSec: update.idleTimeoutSec !== undefined && update.idleTimeoutSec !== before.idleTimeoutSec,
      language: update.language !== undefined && update.language !== before.language,
      staffIdleTimeoutSec:
        update.staffIdleTimeoutSec !== undefined && update.staffIdleTimeoutSec !== before.staffIdleTimeoutSec,
      retentionDays: update.retentionDays !== undefined && update.retentionDays !== before.retentionDays,
      shop: SHOP_FIELDS.some((field) => update.shop?.[field] !== undefined && update.shop[field] !== before.shop[field]),
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
      const { mode, language, idleTimeoutSec, staffIdleTimeoutSec, shop: profile } = read();
      return { mode, language, idleTimeoutSec, staffIdleTimeoutSec, shop: profile };
    },
    hasPin: () => pinHash() !== null,
    pinMatches,
    setFirstPin(pin) {
      if (pinHash() !== null) throw new KioskFailure('invalid_request', 'a staff PIN is already set');
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
      if (values.mode !== undefined) setSettings(db, { [KEYS.mode]: values.mode });
    },
    update(update) {
      if (update.newPin !== undefined && itPinHash !== null) {
        throw new KioskFailure('invalid_input', 'newPin: the staff PIN is set by your IT department');
      }
      if (update.upstreamUrl !== undefined && update.upstreamUrl !== null) checkUpstreamUrl(update.upstreamUrl);
      // Parsed here too, not only by the transports: trimmed, '' as "clear", colours checked.
      if (update.shop !== undefined) {
        const shopUpdate = ShopUpdate.safeParse(update.shop);
        if (!shopUpdate.success) {
          const issue = shopUpdate.error.issues[0];
          throw new KioskFailure('invalid_input', `shop.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
        }
        update = { ...update, shop: shopUpdate.data };
      }
      const before = read();
      const beforeKey = secrets.get();
      const url = update.upstreamUrl === undefined ? undefined : normaliseUpstreamUrl(update.upstreamUrl);
      const refused = lockedChange(update, before, url);
      if (refused !== null) throw new KioskFailure('invalid_input', `${refused} is set by your IT department`);
      const values: Record<string, string | null> = {};
      if (update.newPin !== undefined) values[KEYS.pinHash] = hashPin(update.newPin);
      if (url !== undefined) values[KEYS.upstreamUrl] = url;
      if (update.mode !== undefined) values[KEYS.mode] = update.mode;
      if (update.idleTimeoutSec !== undefined) values[KEYS.idleTimeoutSec] = String(update.idleTimeoutSec);
      if (update.language !== undefined) values[KEYS.language] = update.language; // null clears it
      if (update.staffIdleTimeoutSec !== undefined) values[KEYS.staffIdleTimeoutSec] = String(update.staffIdleTimeoutSec);
      if (update.retentionDays !== undefined) values[KEYS.retentionDays] = String(update.retentionDays);
      for (const field of SHOP_FIELDS) {
        const value = update.shop?.[field];
        if (value !== undefined) values[SHOP_KEYS[field]] = value ?? '';
      }
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
