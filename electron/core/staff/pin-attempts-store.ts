/** Where the staff PIN lockout of each screen is kept: a settings row per screen. */
import type { PinAttemptStore } from './pin-attempts';
import { type KioskDb, getSetting, setSetting } from '../db';

const key = (screen: string): string => `pinAttempts:${screen}`;

export function createSqlitePinAttemptStore(db: KioskDb): PinAttemptStore {
  return {
    read: (screen) => getSetting(db, key(screen)),
    write: (screen, value) => setSetting(db, key(screen), value),
  };
}
