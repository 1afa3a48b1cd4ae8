import { describe, expect, it } from 'vitest';
import { hashPin, verifyPin } from '../../../electron/core/staff/pin';

describe('hashPin / verifyPin', () => {
  const hash = hashPin('1234');

  it('verifies the right PIN and refuses a wrong one', () => {
    expect(verifyPin('1234', hash)).toBe(true);
    expect(verifyPin('1235', hash)).toBe(false);
    expect(verifyPin('', hash)).toBe(false);
  });

  it('salts: the same PIN hashes differently each time, and names its parameters', () => {
    const again = hashPin('1234');
    expect(again).not.toBe(hash);
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('1234$');
  });

  it.each([
    ['empty', ''],
    ['other algorithm', 'bcrypt$x'],
    ['too few parts', 'scrypt$16384$8$1$abc'],
    ['N not a power of two', hash.replace('$16384$', '$1000$')],
    ['absurd N', hash.replace('$16384$', '$1073741824$')],
    ['truncated hash', hash.slice(0, -10)],
  ])('refuses a stored value it cannot read (%s) without throwing', (_name, stored) => {
    expect(verifyPin('1234', stored)).toBe(false);
  });
});
