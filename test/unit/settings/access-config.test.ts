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
    expect(publicAccess(undefined)).toEqual({ reachLinePercent: 50, largeText: false });
    expect(publicAccess({ largeText: true })).toEqual({ reachLinePercent: 50, largeText: true });
  });

  it('refuses a reach line outside 20-80 % or an unknown field, naming the field', () => {
    expect(loadError({ access: { reachLinePercent: 95 } })).toMatch(
      /^\/etc\/frontdesk\/config\.json: field access\.reachLinePercent: /,
    );
    expect(loadError({ access: { reachLinePercent: 50.5 } })).toMatch(/access\.reachLinePercent/);
    expect(loadError({ access: { zoom: 2 } })).toMatch(/unknown field "zoom"/);
  });
});
