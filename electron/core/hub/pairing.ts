/**
 * Pairing screens with the hub. Staff (with a staff session, checked by the caller) ask for a
 * one-time code, valid 2 minutes; a screen that presents it gets its own credential: 256 random
 * bits, stored only as a SHA-256 (enough for a random secret of that size), sent back once for
 * the caller to set as an HttpOnly cookie. Removing a screen ends its access at its next call.
 *
 * Wrong codes are limited so that a stranger on the LAN can neither guess a code nor keep staff
 * from pairing (issues 30, 39):
 * - one code lives at a time: issuing a code ends the earlier one, and staff asking for one lift
 *   every address's lockout, so a fresh code is usable for its two minutes whatever happened
 *   before it (its budget is its own);
 * - per source address: 5 wrong codes lock that address for 5 minutes; other addresses, the
 *   tablet staff are pairing among them, are not affected;
 * - per code: once the live code has taken 25 wrong codes, no address that guessed wrong during
 *   its life may try again while it lives, so that many addresses together get little further
 *   than one patient one (on an IPv4 LAN of 254 addresses, about 3 chances in 10,000 over the
 *   code's 2 minutes). The code itself stays valid: a screen that types it right, from an address
 *   that did not guess, pairs. When its guessers are too many to remember (MAX_ADDRESSES, a flood
 *   of IPv6 sources), the rule fails closed: the code ends, and staff ask for a new one.
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  type KioskDb,
  findScreenByTokenHash,
  insertScreen,
  listScreens,
  removeScreen,
  touchScreen,
  type ScreenRole,
  type ScreenRow,
} from '../db';

export const PAIRING_CODE_TTL_MS = 2 * 60_000;
/** Wrong codes from one address before that address is locked out. */
export const PAIRING_MAX_WRONG = 5;
export const PAIRING_LOCKOUT_MS = 5 * 60_000;
/** Wrong codes, from all addresses together, after which those addresses may not try again. */
export const PAIRING_CODE_MAX_WRONG = 25;
/**
 * Addresses remembered at most, per table (a flood of IPv6 sources must not grow memory); a code
 * whose guessers no longer fit ends.
 */
export const MAX_ADDRESSES = 10_000;
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

interface LiveCode {
  code: string;
  expiresAt: number;
  wrong: number;
  /** The addresses that sent a wrong code while this one lived. */
  guessers: Set<string>;
}

interface AddressState {
  wrong: number;
  lastWrongAt: number;
  lockedUntil: number;
}

export function createPairing(db: KioskDb, now: () => number): Pairing {
  let live: LiveCode | null = null;
  const addresses = new Map<string, AddressState>();

  const dropExpired = (at: number): void => {
    if (live !== null && live.expiresAt <= at) live = null;
    for (const [address, state] of addresses)
      if (state.lockedUntil <= at && at - state.lastWrongAt >= PAIRING_LOCKOUT_MS)
        addresses.delete(address);
  };

  /** One wrong code from `address`: counts against it and against the live code. */
  const countWrong = (address: string, at: number): PairResult => {
    if (live !== null) {
      live.wrong += 1;
      if (live.guessers.size < MAX_ADDRESSES) live.guessers.add(address);
      // Full: a guesser the code cannot remember could go on guessing past the per-code rule,
      // so the code's total (far over PAIRING_CODE_MAX_WRONG by now) ends it.
      else if (!live.guessers.has(address)) live = null;
    }
    let state = addresses.get(address);
    if (!state) {
      // Full: the oldest entry goes (Map keeps insertion order).
      if (addresses.size >= MAX_ADDRESSES) {
        const oldest = addresses.keys().next().value;
        if (oldest !== undefined) addresses.delete(oldest);
      }
      state = { wrong: 0, lastWrongAt: at, lockedUntil: 0 };
      addresses.set(address, state);
    }
    state.wrong += 1;
    state.lastWrongAt = at;
    if (state.wrong < PAIRING_MAX_WRONG) return { ok: false, reason: 'wrong_code' };
    state.wrong = 0;
    state.lockedUntil = at + PAIRING_LOCKOUT_MS;
    return { ok: false, reason: 'locked', retryAt: state.lockedUntil };
  };

  return {
    createCode() {
      const at = now();
      dropExpired(at);
      // Staff are at a screen asking for a code: earlier lockouts are theirs to lift.
      addresses.clear();
      // A new code ends the earlier one: what was guessed against that one is not this one's.
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = at + PAIRING_CODE_TTL_MS;
      live = { code, expiresAt, wrong: 0, guessers: new Set() };
      return { code, expiresAt };
    },

    pair({ code, name, role, address }) {
      const at = now();
      const lockedUntil = addresses.get(address)?.lockedUntil ?? 0;
      if (at < lockedUntil) return { ok: false, reason: 'locked', retryAt: lockedUntil };
      dropExpired(at);
      if (live !== null && live.wrong >= PAIRING_CODE_MAX_WRONG && live.guessers.has(address))
        return { ok: false, reason: 'locked', retryAt: live.expiresAt };
      if (live === null || live.code !== code) return countWrong(address, at);
      live = null;
      addresses.delete(address);
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
