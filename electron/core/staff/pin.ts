/**
 * Staff PIN hashing. A PIN has few digits, so the hash must be slow (scrypt) and salted; the
 * stored string names its algorithm and parameters so they can be raised later without breaking
 * PINs already set: `scrypt$N$r$p$<salt base64>$<hash base64>`.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const N = 16_384; // 2^14: about 30 ms here, and 16 MiB of memory
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_N = 1_048_576; // refuse absurd parameters from a tampered settings row

export function hashPin(pin: string): string {
  const salt = randomBytes(SALT_LENGTH);
  const hash = scryptSync(pin.normalize('NFKC'), salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** False for a wrong PIN and for a hash it cannot read (never throws). */
export function verifyPin(pin: string, stored: string): boolean {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, nText, rText, pText, saltText, hashText] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const n = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  if (
    ![n, r, p].every(Number.isSafeInteger) ||
    n < 2 ||
    n > MAX_N ||
    (n & (n - 1)) !== 0 ||
    r < 1 ||
    p < 1
  ) {
    return false;
  }
  const salt = Buffer.from(saltText, 'base64');
  const expected = Buffer.from(hashText, 'base64');
  // A shorter hash would be a prefix of the real one: accept only the full length.
  if (salt.length < SALT_LENGTH || expected.length !== KEY_LENGTH) return false;
  try {
    const actual = scryptSync(pin.normalize('NFKC'), salt, expected.length, {
      N: n,
      r,
      p,
      maxmem: 256 * n * r + 1024 * 1024,
    });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
