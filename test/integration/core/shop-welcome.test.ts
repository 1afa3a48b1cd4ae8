/**
 * Issue 19: the shop's welcome line per language, in the settings service over a real SQLite
 * file: staff store a text per language (validated, '' drops one), a single text stored by an
 * earlier version becomes the shop language's once (it stays when the language changes later),
 * IT's one text is the shop language's, and the customer sees theirs or the shop language's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openKioskDb, type KioskDb } from '../../../electron/core/db/open';
import { getSetting, setSetting } from '../../../electron/core/db/settings-repo';
import {
  createSettingsService,
  type SettingsServiceOptions,
} from '../../../electron/core/staff/settings-service';
import { createMemorySecretStore } from '../../../electron/core/staff/secret-store';
import { KioskFailure } from '../../../shared/result';
import { readWelcome } from '../../../shared/shop-welcome';
import { welcomeFor } from '../../../shared/welcome-text';
import { makeTempDir } from '../../support/core/harness';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
});

function openDb(): KioskDb {
  const temp = makeTempDir('fd-shop-welcome-');
  const db = openKioskDb({ dataDir: temp.dir });
  cleanup.push(() => {
    db.$client.close();
    temp.remove();
  });
  return db;
}

const service = (db: KioskDb, options: SettingsServiceOptions = {}) =>
  createSettingsService(db, createMemorySecretStore('key-1'), options);

describe('the welcome line per language', () => {
  it('staff store a text per language; blanks are dropped, an empty set clears it', () => {
    const db = openDb();
    const settings = service(db);
    const { settings: saved } = settings.update({
      session: 'staff',
      shop: { welcome: { de: ' Willkommen! ', ar: 'أهلاً', en: '' } },
    });
    expect(saved.shop.welcome).toEqual({ de: 'Willkommen!', ar: 'أهلاً' });
    expect(JSON.parse(getSetting(db, 'shopWelcome') ?? '')).toEqual({
      de: 'Willkommen!',
      ar: 'أهلاً',
    });
    expect(settings.publicPart().shop.welcome).toEqual({ de: 'Willkommen!', ar: 'أهلاً' });
    settings.update({ session: 'staff', shop: { welcome: { de: '' } } });
    expect(settings.get().shop.welcome).toBeNull();
  });

  it('refuses a text too long or a language the kiosk does not speak, naming the field', () => {
    const settings = service(openDb());
    for (const welcome of [{ de: 'x'.repeat(161) }, { fr: 'Bienvenue' }]) {
      let error: unknown;
      try {
        settings.update({ session: 'staff', shop: { welcome } });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(KioskFailure);
      expect((error as KioskFailure).message).toMatch(/^shop\.welcome/);
    }
    expect(settings.get().shop.welcome).toBeNull();
  });

  it("keeps one text stored by an earlier version as the shop language's, also after the language changes", () => {
    const db = openDb();
    setSetting(db, 'language', 'pl');
    setSetting(db, 'shopWelcome', 'Witamy w salonie');
    const settings = service(db); // the migration runs when the service opens
    expect(settings.get().shop.welcome).toEqual({ pl: 'Witamy w salonie' });
    expect(JSON.parse(getSetting(db, 'shopWelcome') ?? '')).toEqual({ pl: 'Witamy w salonie' });
    settings.update({ session: 'staff', language: 'en' });
    expect(settings.get().shop.welcome).toEqual({ pl: 'Witamy w salonie' });
    // Opened again: nothing to migrate, the same texts.
    expect(service(db).get().shop.welcome).toEqual({ pl: 'Witamy w salonie' });
  });

  it("IT's one text is the shop language's; IT's texts per language as given; a staff text wins", () => {
    const db = openDb();
    setSetting(db, 'language', 'uk');
    expect(
      service(db, { it: { shop: { welcome: 'Ласкаво просимо' } } }).get().shop.welcome,
    ).toEqual({ uk: 'Ласкаво просимо' });
    const fromIt = { it: { shop: { welcome: { de: 'Hallo', en: 'Hello' } } } };
    const settings = service(db, fromIt);
    expect(settings.get().shop.welcome).toEqual({ de: 'Hallo', en: 'Hello' });
    settings.update({ session: 'staff', shop: { welcome: { tr: 'Merhaba' } } });
    expect(settings.get().shop.welcome).toEqual({ tr: 'Merhaba' });
  });
});

describe('which text a customer sees', () => {
  const texts = { de: 'Willkommen', ar: 'أهلاً' };
  it.each([
    ['ar', 'de', { text: 'أهلاً', lang: 'ar' }],
    ['en', 'de', { text: 'Willkommen', lang: 'de' }], // none in English: the shop language's
    ['en', null, { text: 'Willkommen', lang: 'de' }], // nobody chose one: German
    ['pl', 'uk', { text: 'Willkommen', lang: 'de' }], // neither: the first one given
  ] as const)('%s with the shop in %s', (language, shop, expected) => {
    expect(welcomeFor(texts, language, shop)).toEqual(expected);
  });
  it('none at all: nothing', () => {
    expect(welcomeFor(null, 'de', 'de')).toBeNull();
    expect(readWelcome('', 'de')).toBeNull();
    expect(readWelcome('{}', 'de')).toBeNull();
    expect(readWelcome('{not json', 'tr')).toEqual({ tr: '{not json' });
  });
});
