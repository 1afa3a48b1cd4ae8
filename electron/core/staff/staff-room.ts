/**
 * The staff room as the composition builds it: at the start, the settings over the stored ones
 * and IT's (with the shop's logo and the key's secret store); once the link is open, the staff
 * sessions, the start's setup and recovery codes and the access guard.
 */
import { join } from 'node:path';
import type { Clock, Logger } from '../platform';
import { clearPinAttempts, createSqlitePinAttemptStore } from './pin-attempts-store';
import type { PinAttemptPolicy } from './pin-attempts';
import { STAFF_UNLOCK_FILE, staffCodesAtStart, takeStaffUnlock } from './recovery-code';
import { createFileSecretStore, keyCopyNote, type SecretStore } from './secret-store';
import { createSettingsService, type SettingsService } from './settings-service';
import { readShopLogo } from './shop-logo';
import { createStaffAccess, type StaffAccess } from './staff-access';
import { createStaffSessions, type StaffSessions } from './staff-sessions';
import type { KioskDb } from '../db';
import type { ItConfig } from '../config';

export interface StartSettings {
  settings: SettingsService;
  /** The shop's logo as a data URL; null: none named, or one the kiosk cannot use. */
  logoUrl: string | null;
}

/** IT's values at the start, as the core's options carry them. */
export type StartSettingsOptions = ItConfig & {
  dataDir: string;
  secretStore?: SecretStore;
};

export function openStartSettings(
  db: KioskDb,
  options: StartSettingsOptions,
  log: Logger,
): StartSettings {
  const secrets =
    options.secretStore ?? createFileSecretStore(join(options.dataDir, 'api-key.secret'));
  // A logo IT named but the kiosk cannot use is logged, not fatal: the shop runs without one.
  const logoFile = options.shop?.logoFile;
  const logo = logoFile === undefined ? null : readShopLogo(logoFile);
  if (logo && !logo.ok) log.warn('shop logo not used', { path: logoFile, reason: logo.reason });
  const logoUrl = logo?.ok ? logo.dataUrl : null;
  const settings = createSettingsService(db, secrets, { it: options, shopLogoSet: !!logoUrl });
  settings.override(options);
  if (options.apiKeyFile !== undefined && options.apiKey) {
    const note = keyCopyNote(options.apiKeyFile, secrets);
    if (note !== null) log.info(note);
  }
  return { settings, logoUrl };
}

export interface StaffRoom {
  sessions: StaffSessions;
  access: StaffAccess;
  /** The start's setup code (no PIN yet); null when a PIN is set. */
  setupCode: string | null;
}

export function createStaffRoom(deps: {
  db: KioskDb;
  settings: SettingsService;
  clock: Clock;
  dataDir: string;
  upstreamKind: () => 'embedded' | 'remote';
  pinAttempts?: PinAttemptPolicy;
  log: Logger;
}): StaffRoom {
  const { settings, clock, log } = deps;
  const sessions = createStaffSessions({
    now: () => clock.now(),
    idleMs: () => settings.get().staffIdleTimeoutSec * 1000,
  });
  const { setupCode, recoveryCode } = staffCodesAtStart(settings.hasPin(), deps.dataDir, log);
  if (takeStaffUnlock(deps.dataDir, log)) {
    const cleared = clearPinAttempts(deps.db);
    log.warn(
      `${STAFF_UNLOCK_FILE} found in the data folder: every screen's PIN and recovery lockout cleared`,
      { cleared },
    );
  }
  const access = createStaffAccess({
    settings,
    sessions,
    now: () => clock.now(),
    upstreamKind: deps.upstreamKind,
    setupCode: () => setupCode,
    recoveryCode: () => recoveryCode,
    pinAttempts: deps.pinAttempts,
    pinAttemptStore: createSqlitePinAttemptStore(deps.db),
    log,
  });
  return { sessions, access, setupCode };
}
