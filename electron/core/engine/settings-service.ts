/**
 * Staff settings: non-secret values in the kiosk database, the API key in the SecretStore.
 * Every change needs the current staff PIN; on first run (no PIN yet) the given PIN becomes it.
 */
import {
  KioskMode,
  Language,
  type LockableSetting,
  type Settings,
  type SettingsUpdate,
  type StaffPinCheck,
} from '../../../shared/kiosk-api';
import { KioskFailure } from '../../../shared/result';
import type { KioskDb } from '../db/open';
import { getSetting, setSettings } from '../db/settings-repo';
import type { SecretStore } from '../settings/secret-store';
import { hashPin, verifyPin } from '../settings/pin';
import { createPinAttemptLimiter, type PinAttemptPolicy } from '../settings/pin-attempts';

const KEYS = {
  upstreamUrl: 'upstreamUrl',
  mode: 'mode',
  idleTimeoutSec: 'idleTimeoutSec',
  language: 'language',
  pinHash: 'pinHash',
} as const;

// Idle timeout: 60 s by issue 4 (the renderer's own fallback is 60 too).
const DEFAULTS = { mode: 'kiosk', idleTimeoutSec: 60, language: 'de' } as const;

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
  upstream(): UpstreamSettings;
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
   * Applies a staff change; needs the current PIN. A new upstreamUrl must be https (plain http
   * only for a loopback host). The stored API key belongs to the host it was entered for: when
   * upstreamUrl changes and the same update brings no apiKey, the stored key is cleared (never
   * sent to the new host), and the kiosk pauses with a configuration error until staff enter one.
   * A change to a field IT locked is refused ('invalid_input'), and so is an upstream move that
   * would drop a key IT set; sending a locked field's current value is no change.
   */
  update(update: SettingsUpdate): { settings: Settings; upstreamChanged: boolean };
  /** Not valid for a wrong PIN; while too many wrong PINs lock staff out, also says how long. */
  verifyPin(pin: string): StaffPinCheck;
}

export interface SettingsServiceOptions {
  /** The clock of the PIN lockout. */
  now: () => number;
  pinAttempts?: PinAttemptPolicy;
  /** Fields the machine config fixes (electron/core/config.ts): staff cannot change them. */
  locked?: readonly LockableSetting[];
}

export function createSettingsService(db: KioskDb, secrets: SecretStore, options: SettingsServiceOptions): SettingsService {
  const attempts = createPinAttemptLimiter(options.now, options.pinAttempts);
  const locked = new Set(options.locked ?? []);
  const read = (): Settings => {
    const mode = KioskMode.safeParse(getSetting(db, KEYS.mode));
    const language = Language.safeParse(getSetting(db, KEYS.language));
    const idle = Number(getSetting(db, KEYS.idleTimeoutSec));
    return {
      upstreamUrl: getSetting(db, KEYS.upstreamUrl),
      apiKeySet: secrets.get() !== null,
      mode: mode.success ? mode.data : DEFAULTS.mode,
      idleTimeoutSec: Number.isInteger(idle) && idle > 0 ? idle : DEFAULTS.idleTimeoutSec,
      language: language.success ? language.data : DEFAULTS.language,
      pinSet: getSetting(db, KEYS.pinHash) !== null,
      locked: [...locked],
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
    };
    return [...locked].find((field) => changes[field]) ?? null;
  };

  /** Every PIN check (verifyStaffPin and updateSettings alike) counts against the lockout. */
  const checkPin = (pin: string): boolean => {
    attempts.check();
    const hash = getSetting(db, KEYS.pinHash);
    const valid = hash !== null && verifyPin(pin, hash);
    attempts.record(valid);
    return valid;
  };

  return {
    get: read,
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
      const hash = getSetting(db, KEYS.pinHash);
      const firstRun = hash === null;
      if (!firstRun && !checkPin(update.pin)) throw new KioskFailure('unauthorized', 'wrong staff PIN');
      if (update.upstreamUrl !== undefined && update.upstreamUrl !== null) checkUpstreamUrl(update.upstreamUrl);
      const before = read();
      const beforeKey = secrets.get();
      const url = update.upstreamUrl === undefined ? undefined : normaliseUpstreamUrl(update.upstreamUrl);
      const refused = lockedChange(update, before, url);
      if (refused !== null) throw new KioskFailure('invalid_input', `${refused} is set by your IT department`);
      const values: Record<string, string | null> = {};
      if (firstRun) values[KEYS.pinHash] = hashPin(update.newPin ?? update.pin);
      else if (update.newPin !== undefined) values[KEYS.pinHash] = hashPin(update.newPin);
      if (url !== undefined) values[KEYS.upstreamUrl] = url;
      if (update.mode !== undefined) values[KEYS.mode] = update.mode;
      if (update.idleTimeoutSec !== undefined) values[KEYS.idleTimeoutSec] = String(update.idleTimeoutSec);
      if (update.language !== undefined) values[KEYS.language] = update.language;
      setSettings(db, values);
      if (update.apiKey !== undefined) secrets.set(update.apiKey);
      else if (url !== undefined && url !== before.upstreamUrl) secrets.set(null); // see update()'s comment
      const settings = read();
      return {
        settings,
        upstreamChanged: settings.upstreamUrl !== before.upstreamUrl || secrets.get() !== beforeKey,
      };
    },
    verifyPin(pin) {
      const waiting = attempts.retryAfterSec();
      if (waiting !== null) return { valid: false, retryAfterSec: waiting };
      if (checkPin(pin)) return { valid: true };
      // This wrong PIN may have started the lockout: say so now, not on the next try.
      const retryAfterSec = attempts.retryAfterSec();
      return retryAfterSec === null ? { valid: false } : { valid: false, retryAfterSec };
    },
  };
}
