/**
 * Staff settings: non-secret values in the kiosk database, the API key in the SecretStore.
 * Every change needs the current staff PIN; on first run (no PIN yet) the given PIN becomes it.
 */
import { KioskMode, Language, type Settings, type SettingsUpdate } from '../../../shared/kiosk-api';
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
} as const;

// Idle timeout: 60 s by issue 4 (the renderer's own fallback is 60 too).
const DEFAULTS = { mode: 'kiosk', idleTimeoutSec: 60, language: 'de' } as const;

export interface UpstreamSettings {
  upstreamUrl: string | null;
  apiKey: string | null;
}

export interface SettingsService {
  get(): Settings;
  upstream(): UpstreamSettings;
  /** Applies start-up overrides (CLI flags) without a PIN: they come from whoever runs the app. */
  override(values: { upstreamUrl?: string | null | undefined; apiKey?: string | null | undefined }): void;
  update(update: SettingsUpdate): { settings: Settings; upstreamChanged: boolean };
  verifyPin(pin: string): boolean;
}

export function createSettingsService(db: KioskDb, secrets: SecretStore): SettingsService {
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
    };
  };

  const checkPin = (pin: string): boolean => {
    const hash = getSetting(db, KEYS.pinHash);
    return hash !== null && verifyPin(pin, hash);
  };

  return {
    get: read,
    upstream: () => ({ upstreamUrl: getSetting(db, KEYS.upstreamUrl), apiKey: secrets.get() }),
    override(values) {
      if (values.upstreamUrl !== undefined) setSettings(db, { [KEYS.upstreamUrl]: values.upstreamUrl });
      if (values.apiKey !== undefined) secrets.set(values.apiKey);
    },
    update(update) {
      const hash = getSetting(db, KEYS.pinHash);
      const firstRun = hash === null;
      if (!firstRun && !checkPin(update.pin)) throw new KioskFailure('unauthorized', 'wrong staff PIN');
      const before = read();
      const beforeKey = secrets.get();
      const values: Record<string, string | null> = {};
      if (firstRun) values[KEYS.pinHash] = hashPin(update.newPin ?? update.pin);
      else if (update.newPin !== undefined) values[KEYS.pinHash] = hashPin(update.newPin);
      if (update.upstreamUrl !== undefined) values[KEYS.upstreamUrl] = update.upstreamUrl;
      if (update.mode !== undefined) values[KEYS.mode] = update.mode;
      if (update.idleTimeoutSec !== undefined) values[KEYS.idleTimeoutSec] = String(update.idleTimeoutSec);
      if (update.language !== undefined) values[KEYS.language] = update.language;
      setSettings(db, values);
      if (update.apiKey !== undefined) secrets.set(update.apiKey);
      const settings = read();
      return {
        settings,
        upstreamChanged: settings.upstreamUrl !== before.upstreamUrl || secrets.get() !== beforeKey,
      };
    },
    verifyPin: checkPin,
  };
}
