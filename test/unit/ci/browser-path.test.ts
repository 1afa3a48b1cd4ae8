import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureTools, testTools, type TestTool } from '../../../scripts/ensure-test-tools';
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

describe('ensureTools', () => {
  const tool = (name: string, present: () => boolean, variable?: string): TestTool => ({
    found: present,
    variable,
    debianPackage: name,
    missing: `${name} is missing`,
  });

  it('installs what is missing in one go where it can, and says nothing when that worked', () => {
    const installed = new Set<string>();
    const installs: string[][] = [];
    const tools = [
      tool('chromium', () => installed.has('chromium')),
      tool('prometheus', () => installed.has('prometheus')),
    ];
    const lines = ensureTools(tools, {
      canInstall: true,
      install: (packages) => {
        installs.push(packages);
        for (const name of packages) installed.add(name);
        return true;
      },
    });
    expect(installs).toEqual([['chromium', 'prometheus']]);
    expect(lines).toEqual([]);
  });

  it('says one line per missing tool where it cannot install, and never installs over a named one', () => {
    const installs: string[][] = [];
    const lines = ensureTools(
      [
        tool('chromium', () => false, 'CHROME_PATH=/x'),
        tool('prometheus', () => false),
        tool('other', () => true),
      ],
      { canInstall: false, install: (packages) => installs.push(packages) > 0 },
    );
    expect(installs).toEqual([]);
    expect(lines).toEqual([
      'npm test: CHROME_PATH=/x: not found',
      'npm test: prometheus is missing',
    ]);
    ensureTools([tool('chromium', () => false, 'CHROME_PATH=/x')], {
      canInstall: true,
      install: (packages) => installs.push(packages) > 0,
    });
    expect(installs).toEqual([]);
  });

  it('names the variables a developer set', () => {
    const named = testTools({ CHROME_PATH: '/opt/chrome', PROMTOOL: '/opt/promtool' });
    expect(named.map((t) => t.variable)).toEqual([
      'CHROME_PATH=/opt/chrome',
      expect.stringContaining('PROMTOOL='),
    ]);
    expect(testTools({}).map((t) => t.variable)).toEqual([undefined, undefined]);
  });
});
