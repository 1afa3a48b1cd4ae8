/**
 * The one-time setup code of a kiosk that has a remote upstream but no staff PIN yet: printed at
 * start-up for whoever installs the machine, so that the first customer to tap "Staff" cannot
 * choose the PIN. Eight characters from an alphabet without look-alikes (no 0/O, 1/I/L):
 * 31^8 ≈ 8.5e11 codes, against 5 guesses a minute under the PIN lockout.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newSetupCode(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** Case, spaces and the hyphen do not matter: people type what they read. */
export function setupCodeMatches(typed: string, code: string): boolean {
  const normalise = (text: string): Buffer =>
    Buffer.from(text.toUpperCase().replace(/[\s-]/g, ''), 'utf8');
  const a = normalise(typed);
  const b = normalise(code);
  return a.length === b.length && timingSafeEqual(a, b);
}
