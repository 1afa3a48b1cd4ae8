/** Where the staff PIN lockout of each screen is kept: a settings row per screen. */
import type { PinAttemptStore } from './pin-attempts';
import { type KioskDb, deleteSettingsWithPrefix, getSetting, setSetting } from '../db';

const PREFIX = 'pinAttempts:';
const key = (screen: string): string => `${PREFIX}${screen}`;

export function createSqlitePinAttemptStore(db: KioskDb): PinAttemptStore {
  return {
    read: (screen) => getSetting(db, key(screen)),
    write: (screen, value) => setSetting(db, key(screen), value),
  };
}

/** Ends every screen's PIN lockout and recovery budget (IT's staff-unlock file); how many. */
export function clearPinAttempts(db: KioskDb): number {
  return deleteSettingsWithPrefix(db, PREFIX);
}
