import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserCandidates, findBrowser } from '../../support/browser-path';

const onlyThese =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe('findBrowser (issue 30: npm test finds a browser by itself)', () => {
  it("takes Debian's Chromium on Linux when it is there", () => {
    expect(
      findBrowser({
        platform: 'linux',
        env: {},
        exists: onlyThese('/usr/bin/chromium', '/usr/bin/google-chrome'),
      }),
    ).toBe('/usr/bin/chromium');
  });

  it('falls back to an installed Chrome on Linux', () => {
    expect(
      findBrowser({ platform: 'linux', env: {}, exists: onlyThese('/usr/bin/google-chrome') }),
    ).toBe('/usr/bin/google-chrome');
  });

  it('finds Chrome on macOS and Edge on Windows', () => {
    const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    expect(findBrowser({ platform: 'darwin', env: {}, exists: onlyThese(chrome) })).toBe(chrome);
    const env = { PROGRAMFILES: 'C:\\Program Files' };
    const edge = browserCandidates({ platform: 'win32', env }).find((path) =>
      path.endsWith('msedge.exe'),
    );
    expect(edge).toBeDefined();
    expect(findBrowser({ platform: 'win32', env, exists: onlyThese(edge ?? '') })).toBe(edge);
  });

  it('CHROME_PATH wins, and one that does not exist is reported, not skipped', () => {
    const env = { CHROME_PATH: '/opt/my/chrome' };
    expect(
      findBrowser({
        platform: 'linux',
        env,
        exists: onlyThese('/opt/my/chrome', '/usr/bin/chromium'),
      }),
    ).toBe('/opt/my/chrome');
    expect(
      findBrowser({ platform: 'linux', env, exists: onlyThese('/usr/bin/chromium') }),
    ).toBeNull();
  });

  it('is null where there is no browser', () => {
    expect(findBrowser({ platform: 'linux', env: {}, exists: () => false })).toBeNull();
  });
});

describe('scripts/ensure-test-tools.ts', () => {
  it('stops at once with one line that says what to install when CHROME_PATH names nothing', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, '../../../scripts/ensure-test-tools.ts')],
      { env: { ...process.env, CHROME_PATH: '/nowhere/chrome' }, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      'npm test: CHROME_PATH=/nowhere/chrome: not found',
    ]);
  });
});
