import { describe, expect, it } from 'vitest';
import { ConfigError, loadKioskConfig } from '../../../electron/core/config/config';
import { publicAccess } from '../../../shared/access-config';

const LINUX_FILE = '/etc/frontdesk/config.json';

function load(file: unknown) {
  return loadKioskConfig({
    argv: [],
    env: {},
    platform: 'linux',
    defaultDataDir: '/home/shop/.frontdesk',
    readFile: (path) => (path === LINUX_FILE ? JSON.stringify(file) : null),
  });
}

function loadError(file: unknown): string {
  try {
    load(file);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe("the machine file's access defaults (issue 31)", () => {
  it('reads the reach line and larger text; absent, the screen gets the lower half and normal text', () => {
    expect(load({ access: { reachLinePercent: 60, largeText: true } }).access).toEqual({
      reachLinePercent: 60,
      largeText: true,
    });
    expect(load({}).access).toBeUndefined();
    expect(publicAccess(undefined)).toEqual({
      reachLinePercent: 50,
      largeText: false,
      tapGuardMs: 800,
    });
    expect(publicAccess({ largeText: true })).toEqual({
      reachLinePercent: 50,
      largeText: true,
      tapGuardMs: 800,
    });
  });

  it('reads how long a new screen ignores taps: 0 turns the guard off, over 3 s is refused', () => {
    expect(load({ access: { tapGuardMs: 1500 } }).access).toEqual({ tapGuardMs: 1500 });
    expect(publicAccess({ tapGuardMs: 0 }).tapGuardMs).toBe(0);
    expect(loadError({ access: { tapGuardMs: 5000 } })).toMatch(/field access\.tapGuardMs: /);
    expect(loadError({ access: { tapGuardMs: -1 } })).toMatch(/access\.tapGuardMs/);
  });

  it('refuses a reach line outside 20-80 % or an unknown field, naming the field', () => {
    expect(loadError({ access: { reachLinePercent: 95 } })).toMatch(
      /^\/etc\/frontdesk\/config\.json: field access\.reachLinePercent: /,
    );
    expect(loadError({ access: { reachLinePercent: 50.5 } })).toMatch(/access\.reachLinePercent/);
    expect(loadError({ access: { zoom: 2 } })).toMatch(/unknown field "zoom"/);
  });
});
