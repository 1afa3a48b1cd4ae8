/**
 * Pairing screens with the hub. Staff (with a staff session, checked by the caller) ask for a
 * one-time code, valid 2 minutes; a screen that presents it gets its own credential: 256 random
 * bits, stored only as a SHA-256 (enough for a random secret of that size), sent back once for
 * the caller to set as an HttpOnly cookie. Wrong codes count towards a lockout of every pairing
 * (an attacker may change address): 5 wrong codes in a row lock pairing for 5 minutes, until staff
 * ask for a new code. Removing a screen ends its access at its next call.
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { KioskDb } from '../db/open';
import {
  findScreenByTokenHash,
  insertScreen,
  listScreens,
  removeScreen,
  touchScreen,
  type ScreenRole,
  type ScreenRow,
} from './screen-repo';

export const PAIRING_CODE_TTL_MS = 2 * 60_000;
export const PAIRING_MAX_WRONG = 5;
export const PAIRING_LOCKOUT_MS = 5 * 60_000;
/** A screen's last contact is written at most this often (each API call would otherwise write). */
const TOUCH_EVERY_MS = 30_000;

export interface PairingCode {
  code: string;
  expiresAt: number;
}

export type PairResult =
  | { ok: true; token: string; screen: ScreenRow }
  | { ok: false; reason: 'wrong_code' | 'locked'; retryAt?: number };

export type ScreenCheck =
  { state: 'paired'; screen: ScreenRow } | { state: 'removed' } | { state: 'unknown' };

export interface Pairing {
  createCode(): PairingCode;
  pair(input: { code: string; name: string; role: ScreenRole; address: string }): PairResult;
  /** The screen a credential belongs to; records its last contact and address. */
  check(token: string, address: string): ScreenCheck;
  list(): ScreenRow[];
  remove(id: string): boolean;
}

export function hashScreenToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function createPairing(db: KioskDb, now: () => number): Pairing {
  const codes = new Map<string, number>(); // code -> expiresAt
  let wrong = 0;
  let lockedUntil = 0;

  const dropExpired = (at: number): void => {
    for (const [code, expiresAt] of codes) if (expiresAt <= at) codes.delete(code);
  };

  return {
    createCode() {
      const at = now();
      dropExpired(at);
      // Staff are at a screen asking for a code: an earlier lockout is theirs to lift.
      wrong = 0;
      lockedUntil = 0;
      let code: string;
      do code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      while (codes.has(code));
      const expiresAt = at + PAIRING_CODE_TTL_MS;
      codes.set(code, expiresAt);
      return { code, expiresAt };
    },

    pair({ code, name, role, address }) {
      const at = now();
      if (at < lockedUntil) return { ok: false, reason: 'locked', retryAt: lockedUntil };
      dropExpired(at);
      if (!codes.delete(code)) {
        wrong += 1;
        if (wrong >= PAIRING_MAX_WRONG) {
          lockedUntil = at + PAIRING_LOCKOUT_MS;
          wrong = 0;
          return { ok: false, reason: 'locked', retryAt: lockedUntil };
        }
        return { ok: false, reason: 'wrong_code' };
      }
      wrong = 0;
      const token = randomBytes(32).toString('base64url');
      const screen: ScreenRow = {
        id: randomUUID(),
        name,
        role,
        address,
        pairedAt: at,
        lastSeenAt: at,
        removedAt: null,
      };
      insertScreen(db, { ...screen, tokenHash: hashScreenToken(token) });
      return { ok: true, token, screen };
    },

    check(token, address) {
      const screen = findScreenByTokenHash(db, hashScreenToken(token));
      if (screen === null) return { state: 'unknown' };
      if (screen.removedAt !== null) return { state: 'removed' };
      const at = now();
      if (at - screen.lastSeenAt >= TOUCH_EVERY_MS || screen.address !== address) {
        touchScreen(db, screen.id, at, address);
        return { state: 'paired', screen: { ...screen, lastSeenAt: at, address } };
      }
      return { state: 'paired', screen };
    },

    list: () => listScreens(db),
    remove: (id) => removeScreen(db, id, now()),
  };
}
