import { getCountries } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { PHONE_COUNTRIES } from '../../../shared/phone-countries';
import { MachineFile } from '../../../electron/core/config/config';
import { PublicSettings, Settings, SettingsUpdate } from '../../../shared/kiosk-api';
import {
  IT_SETTING_KEYS,
  LockableSetting,
  RANGED_SETTING_KEYS,
  SETTING_DEFAULTS,
  SETTING_RANGES,
  STAFF_SETTINGS,
  STAFF_SETTING_KEYS,
  isLoopbackHost,
  parseSettingText,
} from '../../../shared/settings';

const SESSION = 'session-token-0123456789';

describe('the settings table (shared/settings.ts)', () => {
  it.each(RANGED_SETTING_KEYS)(
    '%s: the contract and the machine file share one range (the form: test/renderer/settings-validation)',
    (key) => {
      const { min, max } = SETTING_RANGES[key];
      expect(SettingsUpdate.safeParse({ session: SESSION, [key]: min }).success).toBe(true);
      expect(SettingsUpdate.safeParse({ session: SESSION, [key]: max }).success).toBe(true);
      expect(SettingsUpdate.safeParse({ session: SESSION, [key]: min - 1 }).success).toBe(false);
      expect(SettingsUpdate.safeParse({ session: SESSION, [key]: max + 1 }).success).toBe(false);
      if (IT_SETTING_KEYS.some((itKey) => itKey === key)) {
        expect(MachineFile.safeParse({ [key]: max }).success).toBe(true);
        expect(MachineFile.safeParse({ [key]: max + 1 }).success).toBe(false);
      }
    },
  );

  it('every setting is in Settings and SettingsUpdate, the lockable ones in LockableSetting, the public ones in PublicSettings', () => {
    for (const key of STAFF_SETTING_KEYS) {
      const declaration = STAFF_SETTINGS[key];
      expect(Settings.shape).toHaveProperty(key);
      expect(SettingsUpdate.shape).toHaveProperty(key);
      expect(LockableSetting.options.includes(key as LockableSetting)).toBe(declaration.lockable);
      expect(key in PublicSettings.shape).toBe(declaration.public);
      expect(key in MachineFile.shape).toBe('it' in declaration);
    }
    expect(LockableSetting.options).toEqual(
      expect.arrayContaining(['upstreamUrl', 'apiKey', 'shop']),
    );
  });

  it('the defaults fit their own schemas', () => {
    for (const key of STAFF_SETTING_KEYS) {
      expect(Settings.shape[key].safeParse(SETTING_DEFAULTS[key]).success).toBe(true);
    }
  });

  it.each([
    ['retentionDays', '30', { ok: true, value: 30 }],
    ['retentionDays', '3651', { ok: false, expected: 'expected a whole number from 1 to 3650' }],
    ['retentionDays', '1.5', { ok: false, expected: 'expected a whole number from 1 to 3650' }],
    ['language', 'TR', { ok: true, value: 'tr' }],
    ['language', 'fr', { ok: false, expected: 'expected one of de, en, tr, pl, uk, ar' }],
    ['mode', 'Counter', { ok: true, value: 'counter' }],
    ['mode', 'tablet', { ok: false, expected: 'expected "kiosk" or "counter", got "tablet"' }],
    ['contentLanguage', 'de-AT', { ok: true, value: 'de-AT' }],
    [
      'contentLanguage',
      'German',
      { ok: false, expected: 'expected a language tag such as de or de-AT, got "German"' },
    ],
  ] as const)('IT text for %s: %j', (key, text, expected) => {
    expect(parseSettingText(key, text)).toEqual(expected);
  });
});

describe("issue 38 item 7: the shop's content language is IT's setting", () => {
  it('the machine file takes a language tag, refuses anything else; nobody chose: null', () => {
    expect(MachineFile.safeParse({ contentLanguage: 'de' }).success).toBe(true);
    expect(MachineFile.safeParse({ contentLanguage: 'Deutsch' }).success).toBe(false);
    expect(SETTING_DEFAULTS.contentLanguage).toBeNull();
    expect(PublicSettings.shape).toHaveProperty('contentLanguage');
  });
});

describe("issue 38 item 13: the shop's country for phone numbers is IT's setting", () => {
  it('the machine file takes an ISO 3166-1 alpha-2 code, refuses anything else; nobody chose: null', () => {
    expect(MachineFile.safeParse({ country: 'AT' }).success).toBe(true);
    for (const country of ['Austria', 'AUT', 'XX', 'at', ''])
      expect(MachineFile.safeParse({ country }).success, country).toBe(false);
    expect(SETTING_DEFAULTS.country).toBeNull();
    expect(PublicSettings.shape).toHaveProperty('country');
  });

  it('takes exactly the countries libphonenumber-js has numbers for (after an upgrade: copy its list)', () => {
    expect([...PHONE_COUNTRIES].sort()).toEqual([...getCountries()].sort());
  });
});

describe('isLoopbackHost (one copy for the core and the form)', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['localhost.', true],
    ['127.0.0.1', true],
    ['127.10.20.30', true],
    ['[::1]', true],
    ['localhost.example.com', false],
    ['128.0.0.1', false],
    ['example.com', false],
  ])('%s: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
