import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  defaultConfigPath,
  loadKioskConfig,
} from '../../../electron/core/config/config';
import type { LoadKioskConfigOptions } from '../../../electron/core/config/config';

const LINUX_FILE = '/etc/frontdesk/config.json';

function load(
  overrides: Partial<LoadKioskConfigOptions> & { files?: Record<string, string> } = {},
) {
  const { files = {}, ...rest } = overrides;
  return loadKioskConfig({
    argv: [],
    env: {},
    platform: 'linux',
    defaultDataDir: '/home/shop/.frontdesk',
    readFile: (path) => files[path] ?? null,
    ...rest,
  });
}

function loadError(overrides: Parameters<typeof load>[0]): string {
  try {
    load(overrides);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadKioskConfig', () => {
  it('defaults to the embedded server, kiosk mode and the default data folder', () => {
    expect(load()).toEqual({
      dataDir: '/home/shop/.frontdesk',
      upstreamUrl: null,
      apiKey: null,
      mode: 'kiosk',
      locked: [],
      configFile: null,
      updateUrl: null,
      openAtLogin: false,
      hub: null,
      hubScreen: null,
      metrics: null,
    });
  });

  it('reads the machine file, then env, then flags (later wins)', () => {
    const files = {
      [LINUX_FILE]: JSON.stringify({
        upstreamUrl: 'https://file.example.com/',
        apiKey: 'file-key',
        dataDir: '/var/lib/frontdesk',
        mode: 'counter',
        locked: ['upstreamUrl', 'mode'],
        updateUrl: 'https://updates.example.com/frontdesk',
        openAtLogin: true,
      }),
    };
    expect(load({ files })).toEqual({
      dataDir: '/var/lib/frontdesk',
      upstreamUrl: 'https://file.example.com',
      apiKey: 'file-key',
      mode: 'counter',
      locked: ['upstreamUrl', 'mode'],
      configFile: LINUX_FILE,
      updateUrl: 'https://updates.example.com/frontdesk',
      openAtLogin: true,
      hub: null,
      hubScreen: null,
      metrics: null,
    });
    const env = {
      FRONTDESK_UPSTREAM_URL: 'http://env.example.com',
      FRONTDESK_API_KEY: 'env-key',
      FRONTDESK_MODE: 'kiosk',
    };
    expect(load({ files, env })).toMatchObject({
      upstreamUrl: 'http://env.example.com',
      apiKey: 'env-key',
      mode: 'kiosk',
      dataDir: '/var/lib/frontdesk',
    });
    const argv = [
      '--upstream',
      'https://flag.example.com',
      '--api-key=flag-key',
      '--data',
      './data/kiosk',
      '--port',
      '0',
    ];
    expect(load({ files, env, argv })).toMatchObject({
      upstreamUrl: 'https://flag.example.com',
      apiKey: 'flag-key',
      dataDir: './data/kiosk',
      mode: 'kiosk',
      locked: ['upstreamUrl', 'mode'],
    });
  });

  it('treats empty values as unset and "embedded" as the embedded server', () => {
    const files = { [LINUX_FILE]: '{"upstreamUrl":"https://file.example.com"}' };
    expect(load({ files, env: { FRONTDESK_UPSTREAM_URL: ' ' } }).upstreamUrl).toBe(
      'https://file.example.com',
    );
    expect(load({ files, argv: ['--upstream', 'embedded'] }).upstreamUrl).toBeNull();
  });

  it('reads the file named by FRONTDESK_CONFIG instead of the default, and requires it to exist', () => {
    const files = { '/tmp/fd.json': '\uFEFF{"mode":"counter"}', [LINUX_FILE]: '{"mode":"kiosk"}' };
    expect(load({ files, env: { FRONTDESK_CONFIG: '/tmp/fd.json' } })).toMatchObject({
      mode: 'counter',
      configFile: '/tmp/fd.json',
    });
    expect(loadError({ env: { FRONTDESK_CONFIG: '/tmp/missing.json' } })).toBe(
      '/tmp/missing.json: file not found (named by FRONTDESK_CONFIG)',
    );
  });

  it.each([
    ['{ not json', /^\/etc\/frontdesk\/config\.json: not valid JSON/],
    [
      '{"upstreamUrl":"ftp://x"}',
      /^\/etc\/frontdesk\/config\.json: field upstreamUrl: expected an http\(s\) URL$/,
    ],
    ['{"mode":"tablet"}', /^\/etc\/frontdesk\/config\.json: field mode: /],
    ['{"locked":["pin"]}', /^\/etc\/frontdesk\/config\.json: field locked\.0: /],
    [
      '{"upstreamURL":"https://x"}',
      /^\/etc\/frontdesk\/config\.json: unknown field "upstreamURL"$/,
    ],
    ['[]', /^\/etc\/frontdesk\/config\.json: field \(top level\): /],
    [
      '{"updateUrl":"file:///srv/updates"}',
      /^\/etc\/frontdesk\/config\.json: field updateUrl: expected an https URL \(updates are code\)$/,
    ],
    [
      '{"updateUrl":"http://updates.example.com/frontdesk"}',
      /^\/etc\/frontdesk\/config\.json: field updateUrl: expected an https URL \(updates are code\)$/,
    ],
    ['{"openAtLogin":"yes"}', /^\/etc\/frontdesk\/config\.json: field openAtLogin: /],
  ])('names the file and field of a bad machine file: %s', (text, message) => {
    expect(loadError({ files: { [LINUX_FILE]: text } })).toMatch(message);
  });

  it.each([
    [
      { env: { FRONTDESK_UPSTREAM_URL: 'not a url' } },
      'environment variable FRONTDESK_UPSTREAM_URL: expected an http(s) URL or "embedded"',
    ],
    [
      { env: { FRONTDESK_MODE: 'tablet' } },
      'environment variable FRONTDESK_MODE: expected "kiosk" or "counter", got "tablet"',
    ],
    [{ argv: ['--mode', 'x'] }, 'flag --mode: expected "kiosk" or "counter", got "x"'],
    [{ argv: ['--upstream'] }, 'flag --upstream needs a value'],
  ])('rejects bad env and flags with one clear line', (overrides, message) => {
    expect(loadError(overrides)).toBe(message);
  });

  it('reads the default language from the file, then FRONTDESK_LANGUAGE; none configured is undefined', () => {
    const files = { [LINUX_FILE]: '{"language":"ar","locked":["language"]}' };
    expect(load().language).toBeUndefined();
    expect(load({ files })).toMatchObject({ language: 'ar', locked: ['language'] });
    expect(load({ files, env: { FRONTDESK_LANGUAGE: 'TR' } }).language).toBe('tr');
    expect(loadError({ env: { FRONTDESK_LANGUAGE: 'fr' } })).toBe(
      'environment variable FRONTDESK_LANGUAGE: expected one of de, en, tr, pl, uk, ar',
    );
    expect(loadError({ files: { [LINUX_FILE]: '{"language":"fr"}' } })).toMatch(
      /config\.json: field language: /,
    );
  });

  it("issue 38 item 7: reads the shop's content language from the file, then FRONTDESK_CONTENT_LANGUAGE", () => {
    const files = { [LINUX_FILE]: '{"language":"en","contentLanguage":"de"}' };
    expect(load().contentLanguage).toBeUndefined();
    expect(load({ files })).toMatchObject({ language: 'en', contentLanguage: 'de' });
    expect(load({ files, env: { FRONTDESK_CONTENT_LANGUAGE: 'de-AT' } }).contentLanguage).toBe(
      'de-AT',
    );
    expect(loadError({ env: { FRONTDESK_CONTENT_LANGUAGE: 'Deutsch' } })).toBe(
      'environment variable FRONTDESK_CONTENT_LANGUAGE: expected a language tag such as de or de-AT, got "Deutsch"',
    );
  });

  it("issue 38 item 13: reads the shop's country from the file, then FRONTDESK_COUNTRY; only a country code", () => {
    const files = { [LINUX_FILE]: '{"country":"AT"}' };
    expect(load().country).toBeUndefined();
    expect(load({ files }).country).toBe('AT');
    expect(load({ files, env: { FRONTDESK_COUNTRY: 'CH' } }).country).toBe('CH');
    expect(loadError({ env: { FRONTDESK_COUNTRY: 'Austria' } })).toBe(
      'environment variable FRONTDESK_COUNTRY: expected a country code (ISO 3166-1 alpha-2) such as DE or AT, got "Austria"',
    );
    expect(loadError({ files: { [LINUX_FILE]: '{"country":"XX"}' } })).toMatch(
      /config\.json: field country: /,
    );
  });

  it('never puts the API key in an error message', () => {
    const message = loadError({ files: { [LINUX_FILE]: '{"apiKey":"sk_secret_1","mode":"x"}' } });
    expect(message).not.toContain('sk_secret_1');
  });
});

describe('defaultConfigPath', () => {
  it.each([
    ['linux', {}, '/etc/frontdesk/config.json'],
    ['darwin', {}, '/Library/Application Support/Frontdesk/config.json'],
    ['win32', { ProgramData: 'D:\\PD' }, 'D:\\PD\\Frontdesk\\config.json'],
    ['win32', {}, 'C:\\ProgramData\\Frontdesk\\config.json'],
  ] as const)('%s', (platform, env, expected) => {
    expect(defaultConfigPath(platform, env)).toBe(expected);
  });

  it("reads IT's shop profile and refuses a bad colour or logo file type, naming the field", () => {
    const shop = {
      name: 'Salon Lindenhof',
      accentColor: '#0d5a54',
      logoFile: '/etc/frontdesk/logo.svg',
    };
    expect(
      load({ files: { [LINUX_FILE]: JSON.stringify({ shop, locked: ['shop'] }) } }),
    ).toMatchObject({ shop, locked: ['shop'] });
    expect(
      loadError({ files: { [LINUX_FILE]: JSON.stringify({ shop: { accentColor: 'purple' } }) } }),
    ).toBe(`${LINUX_FILE}: field shop.accentColor: expected a colour like #0d5a54`);
    expect(
      loadError({
        files: { [LINUX_FILE]: JSON.stringify({ shop: { logoFile: '/etc/frontdesk/logo.gif' } }) },
      }),
    ).toBe(`${LINUX_FILE}: field shop.logoFile: expected a .png or .svg file`);
    expect(
      loadError({ files: { [LINUX_FILE]: JSON.stringify({ shop: { slogan: 'x' } }) } }),
    ).toMatch(/unknown field "slogan"/);
  });

  it('takes the welcome line as one text or a text per language (issue 19), and refuses another language', () => {
    const file = (welcome: unknown) => ({
      files: { [LINUX_FILE]: JSON.stringify({ shop: { welcome } }) },
    });
    expect(load(file('Willkommen')).shop).toEqual({ welcome: 'Willkommen' });
    expect(load(file({ de: 'Willkommen', en: 'Welcome' })).shop).toEqual({
      welcome: { de: 'Willkommen', en: 'Welcome' },
    });
    expect(loadError(file({ fr: 'Bienvenue' }))).toMatch(/unknown field "fr"|shop\.welcome/);
    expect(loadError(file({ de: 'x'.repeat(161) }))).toMatch(/shop\.welcome/);
  });
});

describe("the machine file's hub", () => {
  it('issue 39 item 10: announce: false turns the mDNS announcement off; absent or true announces on the LAN', () => {
    const hub = (extra: Record<string, unknown>) =>
      load({
        files: { [LINUX_FILE]: JSON.stringify({ hub: { listen: '0.0.0.0:8443', ...extra } }) },
      }).hub;
    expect(hub({ announce: false })?.announce).toBe('off');
    expect(hub({ announce: true })?.announce).toBe('lan');
    expect(hub({})?.announce).toBe('lan');
    expect(
      loadError({
        files: {
          [LINUX_FILE]: JSON.stringify({ hub: { listen: '0.0.0.0:8443', announce: 'no' } }),
        },
      }),
    ).toMatch(/hub/);
  });

  it('reads listen, names and the certificate pair', () => {
    const files = {
      [LINUX_FILE]: JSON.stringify({
        hub: {
          listen: '0.0.0.0:8443',
          names: ['Frontdesk.Shop.LAN.', 'frontdesk.shop.lan'],
          tlsCertFile: '/etc/frontdesk/hub.crt',
          tlsKeyFile: '/etc/frontdesk/hub.key',
        },
      }),
    };
    expect(load({ files }).hub).toEqual({
      listen: { host: '0.0.0.0', port: 8443 },
      announce: 'lan',
      names: ['frontdesk.shop.lan'],
      tls: { certFile: '/etc/frontdesk/hub.crt', keyFile: '/etc/frontdesk/hub.key' },
    });
    expect(load({ files: { [LINUX_FILE]: '{"hub":{"listen":"[::]:443"}}' } }).hub).toEqual({
      listen: { host: '::', port: 443 },
      announce: 'lan',
      names: [],
      tls: null,
    });
  });

  it.each([
    [
      '{"hub":{"listen":"shop.lan:8443"}}',
      /field hub\.listen: expected HOST:PORT with an IP address/,
    ],
    ['{"hub":{"listen":"0.0.0.0:70000"}}', /field hub\.listen: the port must be 0 to 65535/],
    [
      '{"hub":{"listen":"0.0.0.0:8443","names":["bad name"]}}',
      /field hub\.names\.0: expected a host name/,
    ],
    [
      '{"hub":{"listen":"0.0.0.0:8443","tlsCertFile":"/a.crt"}}',
      /give tlsCertFile and tlsKeyFile together/,
    ],
    ['{"hub":{"listen":"0.0.0.0:8443","port":1}}', /unknown field "port"/],
  ])('refuses %s', (text, message) => {
    expect(loadError({ files: { [LINUX_FILE]: text } })).toMatch(message);
  });
});
