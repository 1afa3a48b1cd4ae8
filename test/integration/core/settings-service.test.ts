/**
 * The settings service on its own, over a real SQLite file: what is stored under which key (a
 * kiosk updated to a new version must read what the old one stored), the fallbacks for values
 * that are missing or unreadable, which upstream URLs the API key may be sent to, and what IT's
 * locks refuse. Through the whole core: settings.test.ts, shop-profile.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openKioskDb, type KioskDb } from '../../../electron/core/db/open';
import { getSetting, setSetting } from '../../../electron/core/db/settings-repo';
import {
  createSettingsService,
  type SettingsServiceOptions,
} from '../../../electron/core/staff/settings-service';
import { SETTING_DEFAULTS } from '../../../shared/settings';
import { hashPin } from '../../../electron/core/staff/pin';
import {
  createMemorySecretStore,
  type SecretStore,
} from '../../../electron/core/staff/secret-store';
import type { LockableSetting, SettingsUpdate } from '../../../shared/kiosk-api';
import { KioskFailure } from '../../../shared/result';
import { makeTempDir } from '../../support/core/harness';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
});

function open(
  options: SettingsServiceOptions = {},
  key: string | null = 'key-1',
): { db: KioskDb; secrets: SecretStore; service: ReturnType<typeof createSettingsService> } {
  const temp = makeTempDir('fd-settings-service-');
  const db = openKioskDb({ dataDir: temp.dir });
  cleanup.push(() => {
    db.$client.close();
    temp.remove();
  });
  const secrets = createMemorySecretStore(key);
  return { db, secrets, service: createSettingsService(db, secrets, options) };
}

const update = (values: Omit<SettingsUpdate, 'session'>): SettingsUpdate => ({
  session: 'staff',
  ...values,
});

function failure(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof KioskFailure) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a KioskFailure');
}

describe('settings as stored', () => {
  it('reads what an earlier version stored under each key', () => {
    const { db, service } = open();
    const stored: Record<string, string> = {
      upstreamUrl: 'https://api.example.com',
      mode: 'counter',
      idleTimeoutSec: '90',
      language: 'tr',
      staffIdleTimeoutSec: '120',
      retentionDays: '30',
      shopName: 'Salon Mitte',
      shopAddress: 'Hauptstr. 1',
      shopPhone: '+49 30 123',
      shopAccentColor: '#0d5a54',
      shopWelcome: 'Willkommen',
    };
    for (const [key, value] of Object.entries(stored)) setSetting(db, key, value);
    setSetting(db, 'pinHash', hashPin('2468'));
    expect(service.get()).toMatchObject({
      upstreamUrl: 'https://api.example.com',
      mode: 'counter',
      idleTimeoutSec: 90,
      language: 'tr',
      staffIdleTimeoutSec: 120,
      retentionDays: 30,
      pinSet: true,
      pinSetByIt: false,
      shop: {
        name: 'Salon Mitte',
        address: 'Hauptstr. 1',
        phone: '+49 30 123',
        accentColor: '#0d5a54',
        welcome: { tr: 'Willkommen' }, // one text from before: the shop language's
      },
    });
    expect(service.pinMatches('2468')).toBe(true);
    expect(service.pinMatches('1357')).toBe(false);
  });

  it('stores a staff change under the same keys', () => {
    const { db, service } = open();
    service.update(
      update({
        upstreamUrl: 'https://api.example.com/',
        apiKey: 'key-2',
        mode: 'counter',
        idleTimeoutSec: 45,
        language: 'pl',
        staffIdleTimeoutSec: 600,
        retentionDays: 7,
        newPin: '1357',
        shop: {
          name: 'Salon',
          address: 'Weg 2',
          phone: '030',
          accentColor: '#112233',
          welcome: { pl: 'Hallo' },
        },
      }),
    );
    const raw = (key: string) => getSetting(db, key);
    expect([
      raw('upstreamUrl'),
      raw('mode'),
      raw('idleTimeoutSec'),
      raw('language'),
      raw('staffIdleTimeoutSec'),
      raw('retentionDays'),
    ]).toEqual(['https://api.example.com', 'counter', '45', 'pl', '600', '7']);
    expect([
      raw('shopName'),
      raw('shopAddress'),
      raw('shopPhone'),
      raw('shopAccentColor'),
      raw('shopWelcome'),
    ]).toEqual(['Salon', 'Weg 2', '030', '#112233', '{"pl":"Hallo"}']);
    expect(raw('pinHash')).not.toBeNull();
    expect(service.pinMatches('1357')).toBe(true);
  });

  it("null clears a staff value: no receipt printer is none, not one named 'null'", () => {
    const { db, service } = open();
    service.update(update({ printer: 'Front desk' }));
    expect(service.get().printer).toBe('Front desk');
    service.update(update({ printer: null }));
    expect(service.get().printer).toBeNull();
    expect(getSetting(db, 'printer')).toBeNull();
  });

  it('falls back to the defaults for values that are missing or unreadable', () => {
    const { db, service } = open();
    expect(service.get()).toMatchObject({
      upstreamUrl: null,
      mode: 'kiosk',
      idleTimeoutSec: 60,
      staffIdleTimeoutSec: 300,
      retentionDays: 14,
      language: null,
      pinSet: false,
    });
    for (const bad of ['0', '-5', '2.5', 'soon']) {
      setSetting(db, 'idleTimeoutSec', bad);
      setSetting(db, 'staffIdleTimeoutSec', bad);
      setSetting(db, 'retentionDays', bad);
      setSetting(db, 'mode', 'tv');
      setSetting(db, 'language', 'xx');
      expect(service.get()).toMatchObject({
        mode: SETTING_DEFAULTS.mode,
        idleTimeoutSec: 60,
        staffIdleTimeoutSec: 300,
        retentionDays: 14,
        language: null,
      });
    }
  });

  it("IT's configured values are the defaults until staff change them, and win when locked", () => {
    const configured = { staffIdleTimeoutSec: 900, retentionDays: 3, language: 'uk' as const };
    const free = open({ it: configured });
    expect(free.service.get()).toMatchObject(configured);
    setSetting(free.db, 'staffIdleTimeoutSec', '60');
    setSetting(free.db, 'retentionDays', '5');
    setSetting(free.db, 'language', 'en');
    expect(free.service.get()).toMatchObject({
      staffIdleTimeoutSec: 60,
      retentionDays: 5,
      language: 'en',
    });
    setSetting(free.db, 'retentionDays', 'x');
    setSetting(free.db, 'language', 'xx');
    expect(free.service.get()).toMatchObject({ retentionDays: 3, language: 'uk' });

    const fixed = open({
      it: { ...configured, locked: ['staffIdleTimeoutSec', 'retentionDays', 'language'] },
    });
    setSetting(fixed.db, 'staffIdleTimeoutSec', '60');
    setSetting(fixed.db, 'retentionDays', '5');
    setSetting(fixed.db, 'language', 'en');
    expect(fixed.service.get()).toMatchObject(configured);
    // Locked without a configured value: the stored one stands.
    const lockedOnly = open({ it: { locked: ['retentionDays', 'language'] } });
    setSetting(lockedOnly.db, 'retentionDays', '5');
    setSetting(lockedOnly.db, 'language', 'en');
    expect(lockedOnly.service.get()).toMatchObject({ retentionDays: 5, language: 'en' });
  });

  it("the shop profile: IT's fields by default, a staff value wins, a staff clear ('') wins too; locked, IT's alone", () => {
    const it = { name: 'IT name', welcome: 'IT welcome' };
    const { db, service } = open({ it: { shop: it }, shopLogoSet: true });
    expect(service.get().shop).toEqual({
      name: 'IT name',
      address: null,
      phone: null,
      accentColor: null,
      welcome: { de: 'IT welcome' },
    });
    expect(service.get().shopLogoSet).toBe(true);
    setSetting(db, 'shopName', 'Staff name');
    setSetting(db, 'shopWelcome', '');
    expect(service.get().shop).toMatchObject({ name: 'Staff name', welcome: null });
    service.update(update({ shop: { name: '' } }));
    expect(getSetting(db, 'shopName')).toBe('');
    expect(service.get().shop.name).toBeNull();

    const fixed = open({ it: { shop: it, locked: ['shop'] } });
    setSetting(fixed.db, 'shopName', 'Staff name');
    expect(fixed.service.get().shop).toMatchObject({
      name: 'IT name',
      welcome: { de: 'IT welcome' },
    });
    expect(open().service.get().shopLogoSet).toBe(false);
  });

  it('the public part is what the customer screen needs and nothing else', () => {
    const { service } = open({ it: { shop: { name: 'Salon' } } });
    service.update(update({ mode: 'counter', language: 'ar', idleTimeoutSec: 30 }));
    expect(service.publicPart()).toEqual({
      mode: 'counter',
      language: 'ar',
      contentLanguage: null, // the shop's language (issue 38 item 7)
      country: null, // the country of the shop's zone (issue 38 item 13)
      idleTimeoutSec: 30,
      staffIdleTimeoutSec: 300,
      shop: { name: 'Salon', address: null, phone: null, accentColor: null, welcome: null },
    });
  });
});

describe('where the API key may go', () => {
  it.each([
    'https://api.example.com',
    'https://10.0.0.5:8443/api',
    'http://127.0.0.1:4000',
    'http://127.255.10.1',
    'http://localhost:3000',
    'http://LOCALHOST.:3000',
    'http://[::1]:3000',
  ])('accepts %s', (url) => {
    const { service } = open();
    expect(service.update(update({ upstreamUrl: url, apiKey: 'k' })).settings.upstreamUrl).toBe(
      url.replace(/\/+$/, ''),
    );
  });

  it.each([
    ['http://api.example.com', 'https is required'],
    ['http://127.0.0.1.example.com', 'https is required'],
    ['http://localhost.example.com', 'https is required'],
    ['http://10.0.0.5', 'https is required'],
    ['http://[::2]', 'https is required'],
    ['ftp://127.0.0.1', 'https is required'],
    ['not a url', 'not a URL'],
  ])('refuses %s (%s), and keeps what was there', (url, reason) => {
    const { service, secrets } = open();
    service.update(update({ upstreamUrl: 'https://before.example.com', apiKey: 'key-1' }));
    const refusal = failure(() => service.update(update({ upstreamUrl: url, apiKey: 'k' })));
    expect(refusal.code).toBe('invalid_input');
    expect(refusal.message).toMatch(/^upstreamUrl: /);
    expect(refusal.message).toContain(reason);
    expect(service.get().upstreamUrl).toBe('https://before.example.com');
    expect(secrets.get()).toBe('key-1');
  });

  it('the same URL with a trailing slash is the same upstream: the key stays, nothing to retarget', () => {
    const { service, secrets } = open();
    service.update(update({ upstreamUrl: 'https://api.example.com' }));
    secrets.set('key-1');
    const result = service.update(update({ upstreamUrl: 'https://api.example.com//' }));
    expect(result.upstreamChanged).toBe(false);
    expect(secrets.get()).toBe('key-1');
    expect(service.get().apiKeySet).toBe(true);
  });

  it('a new upstream without a key drops the stored key; a new key alone retargets; other changes do not', () => {
    const { service, secrets } = open();
    expect(service.update(update({ mode: 'counter', idleTimeoutSec: 120 })).upstreamChanged).toBe(
      false,
    );
    expect(service.update(update({ apiKey: 'key-2' })).upstreamChanged).toBe(true);
    expect(service.update(update({ apiKey: 'key-2' })).upstreamChanged).toBe(false);
    const moved = service.update(update({ upstreamUrl: 'https://other.example.com' }));
    expect(moved.upstreamChanged).toBe(true);
    expect(secrets.get()).toBeNull();
    expect(moved.settings.apiKeySet).toBe(false);
    expect(service.upstream()).toEqual({ upstreamUrl: 'https://other.example.com', apiKey: null });
  });

  it('start-up overrides: a moved upstream drops a key stored for the old one; the same one keeps it', () => {
    const { service, secrets } = open();
    service.override({ upstreamUrl: 'https://a.example.com/', apiKey: 'key-a' });
    expect(service.upstream()).toEqual({ upstreamUrl: 'https://a.example.com', apiKey: 'key-a' });
    service.override({ upstreamUrl: 'https://a.example.com' });
    expect(secrets.get()).toBe('key-a');
    service.override({ upstreamUrl: 'https://b.example.com' });
    expect(secrets.get()).toBeNull();
    service.override({ apiKey: 'key-b' });
    expect(service.upstream()).toEqual({ upstreamUrl: 'https://b.example.com', apiKey: 'key-b' });
    service.override({ upstreamUrl: null, apiKey: 'key-c' });
    expect(service.upstream()).toEqual({ upstreamUrl: null, apiKey: 'key-c' });
  });
});

describe("IT's values of the table's settings", () => {
  it('a locked one is stored at start, so it stays when IT lifts the lock; an unlocked one is not', () => {
    const { db, service } = open({ it: { mode: 'counter', retentionDays: 30, locked: ['mode'] } });
    expect(getSetting(db, 'mode')).toBeNull();
    service.override({});
    expect([getSetting(db, 'mode'), getSetting(db, 'retentionDays')]).toEqual(['counter', null]);
    expect(service.get()).toMatchObject({ mode: 'counter', retentionDays: 30 });
  });

  it("an unlocked mode is IT's default until staff choose, like every other setting", () => {
    const { service } = open({ it: { mode: 'counter' } });
    service.override({});
    expect(service.get().mode).toBe('counter');
    expect(service.update(update({ mode: 'kiosk' })).settings.mode).toBe('kiosk');
  });

  it.each([
    ['retentionDays', '3651'],
    ['idleTimeoutSec', '14'],
    ['staffIdleTimeoutSec', '3601'],
  ] as const)('a stored %s outside its range (%s) reads as the default', (key, text) => {
    const { db, service } = open();
    setSetting(db, key, text);
    expect(service.get()[key]).toBe(SETTING_DEFAULTS[key]);
  });
});

describe("IT's locks", () => {
  const changes: [
    LockableSetting,
    Omit<SettingsUpdate, 'session'>,
    Omit<SettingsUpdate, 'session'>,
  ][] = [
    [
      'upstreamUrl',
      { upstreamUrl: 'https://other.example.com' },
      { upstreamUrl: 'https://api.example.com' },
    ],
    ['apiKey', { apiKey: 'key-2' }, { apiKey: 'key-1' }],
    ['mode', { mode: 'counter' }, { mode: 'kiosk' }],
    ['idleTimeoutSec', { idleTimeoutSec: 120 }, { idleTimeoutSec: 60 }],
    ['language', { language: 'en' }, { language: null }],
    ['staffIdleTimeoutSec', { staffIdleTimeoutSec: 900 }, { staffIdleTimeoutSec: 300 }],
    ['retentionDays', { retentionDays: 30 }, { retentionDays: 14 }],
    ['shop', { shop: { phone: '030' } }, { shop: { phone: null } }],
  ];

  it.each(changes)(
    '%s: a change is refused and nothing is stored; its current value is no change',
    (field, change, same) => {
      const { db, service, secrets } = open({ it: { locked: [field] } });
      setSetting(db, 'upstreamUrl', 'https://api.example.com');
      const before = service.get();
      const refusal = failure(() =>
        service.update(update({ ...change, mode: field === 'mode' ? change.mode : 'counter' })),
      );
      expect(refusal).toEqual({
        code: 'invalid_input',
        message: `${field} is set by your IT department`,
      });
      expect(service.get()).toEqual(before);
      expect(secrets.get()).toBe('key-1');
      expect(service.update(update(same)).settings.locked).toEqual([field]);
    },
  );

  it.each(changes)('%s locked: an update that leaves it out changes the rest', (field) => {
    const { db, service } = open({ it: { locked: [field] } });
    setSetting(db, 'upstreamUrl', 'https://api.example.com');
    const other = field === 'shop' ? { mode: 'counter' as const } : { shop: { phone: '030' } };
    expect(() => service.update(update(other))).not.toThrow();
    expect(field === 'shop' ? service.get().mode : service.get().shop.phone).toBe(
      field === 'shop' ? 'counter' : '030',
    );
  });

  it('an upstream move that would drop the key IT set is refused; with the key unlocked it drops it', () => {
    const locked = open({ it: { locked: ['apiKey'] } });
    expect(
      failure(() => locked.service.update(update({ upstreamUrl: 'https://other.example.com' })))
        .message,
    ).toBe('apiKey is set by your IT department');
    // The key IT set sent along with the move is no change to it: it stays.
    const moved = locked.service.update(
      update({ upstreamUrl: 'https://other.example.com', apiKey: 'key-1' }),
    );
    expect(moved.settings.upstreamUrl).toBe('https://other.example.com');
    expect(locked.secrets.get()).toBe('key-1');
    const noKey = open({ it: { locked: ['apiKey'] } }, null);
    expect(
      noKey.service.update(update({ upstreamUrl: 'https://other.example.com' })).settings
        .upstreamUrl,
    ).toBe('https://other.example.com');
  });

  it("IT's PIN hash: a PIN is set, by IT; staff cannot change it or set a first one", () => {
    const { service } = open({ it: { staffPinHash: hashPin('9999') } });
    expect(service.hasPin()).toBe(true);
    expect(service.get()).toMatchObject({ pinSet: true, pinSetByIt: true });
    expect(service.pinMatches('9999')).toBe(true);
    expect(failure(() => service.update(update({ pin: '9999', newPin: '1111' })))).toEqual({
      code: 'invalid_input',
      message: 'newPin: the staff PIN is set by your IT department',
    });
    expect(failure(() => service.setFirstPin('1111'))).toEqual({
      code: 'invalid_request',
      message: 'a staff PIN is already set',
    });
  });

  it('a first PIN is set once', () => {
    const { service } = open();
    expect(service.hasPin()).toBe(false);
    expect(service.pinMatches('1111')).toBe(false);
    service.setFirstPin('1111');
    expect(service.hasPin()).toBe(true);
    expect(failure(() => service.setFirstPin('2222')).code).toBe('invalid_request');
    expect(service.pinMatches('1111')).toBe(true);
  });

  it('a shop update is checked here too: a bad colour names its field', () => {
    const { service } = open();
    expect(failure(() => service.update(update({ shop: { accentColor: 'red' } })))).toEqual({
      code: 'invalid_input',
      message: 'shop.accentColor: expected a colour like #0d5a54',
    });
    expect(service.update(update({ shop: { name: '  Salon  ' } })).settings.shop.name).toBe(
      'Salon',
    );
  });
});
