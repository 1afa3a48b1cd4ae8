import { describe, expect, it } from 'vitest';
import { Language } from '../../shared/kiosk-api';
import { en } from '../../renderer/i18n/en';
import {
  chooseLanguage,
  INTL_LOCALES,
  LANGUAGE_NAMES,
  LANGUAGES,
  textDirection,
} from '../../renderer/i18n/languages';
import { createI18n, languageResources, loadLanguage } from '../../renderer/i18n/setup';
import { loadStaffStrings } from '../../renderer/i18n/staff/load';
import {
  formatDate,
  formatDuration,
  formatMonth,
  formatPrice,
  formatTime,
} from '../../renderer/lib/format';

/** Every leaf of a strings object as `dotted.key` -> text. */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') found.set(path, child);
    else for (const [deep, text] of leaves(child, path)) found.set(deep, text);
  }
  return found;
}

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
const english = leaves(en);
const others = LANGUAGES.filter((code) => code !== 'en');

describe('translations', () => {
  it('cover the contract: one file per Language, English included', () => {
    expect([...LANGUAGES].sort()).toEqual([...Language.options].sort());
  });

  // One line per language and key, so that new English keys are easy to hand to translators.
  it.each(others)('%s has exactly the English keys', async (code) => {
    const strings = leaves(await languageResources(code));
    const missing = [...english.keys()]
      .filter((key) => !strings.has(key))
      .map((key) => `${code}: missing ${key}`);
    const extra = [...strings.keys()]
      .filter((key) => !english.has(key))
      .map((key) => `${code}: extra ${key}`);
    expect([...missing, ...extra]).toEqual([]);
  });

  it.each(others)('%s keeps every placeholder and leaves no string empty', async (code) => {
    const strings = leaves(await languageResources(code));
    const wrong = [...english].flatMap(([key, text]) => {
      const translated = strings.get(key);
      if (translated === undefined) return [];
      if (translated.trim() === '') return [`${code}: empty ${key}`];
      return placeholders(translated).join() === placeholders(text).join()
        ? []
        : [`${code}: placeholders of ${key}`];
    });
    expect(wrong).toEqual([]);
  });

  it('no sentence is the English text left in place (short words like Online may be shared)', async () => {
    const same = (
      await Promise.all(
        others.map(async (code) => [code, leaves(await languageResources(code))] as const),
      )
    ).flatMap(([code, strings]) =>
      [...strings]
        .filter(
          ([key, text]) =>
            text === english.get(key) && text.replace(/\{\{\w+\}\}/g, '').length > 12,
        )
        .map(([key]) => `${code}: ${key}`),
    );
    expect(same).toEqual([]);
  });

  it('Turkish keeps its dotted and dotless i apart', async () => {
    const tr = leaves(await languageResources('tr'));
    expect(tr.get('start.touch')).toBe('Başlamak için dokunun');
    expect(tr.get('service.nextFree')).toBe('İlk boş randevu');
    expect(tr.get('day.next')).toBe('Sonraki ay');
  });
});

describe('Settings strings', () => {
  it('come with a language only once Settings asks for them, then in that language', async () => {
    const i18n = createI18n('de');
    await loadLanguage(i18n, 'de');
    await i18n.changeLanguage('de');
    expect(i18n.t('start.title')).not.toBe(en.start.title);
    expect(i18n.t('settings.printer')).toBe('Receipt printer'); // English, the fallback
    await loadStaffStrings(i18n, 'de');
    expect(i18n.t('settings.printer')).toBe('Bondrucker');
    expect(i18n.t('start.title')).not.toBe(en.start.title); // the rest of German is kept
  });
});

describe('languages', () => {
  it('names each language in its own script and marks Arabic right to left', () => {
    expect(LANGUAGE_NAMES).toEqual({
      de: 'Deutsch',
      en: 'English',
      tr: 'Türkçe',
      pl: 'Polski',
      uk: 'Українська',
      ar: 'العربية',
    });
    expect(LANGUAGES.filter((code) => textDirection(code) === 'rtl')).toEqual(['ar']);
  });

  it.each([
    [null, ['tr-TR', 'en'], 'tr'],
    [null, ['fr-FR', 'uk'], 'uk'],
    [null, ['PL'], 'pl'],
    [null, ['ar-EG'], 'ar'],
    [null, ['fr-FR', 'es'], 'de'],
    [null, [], 'de'],
    ['en', ['tr-TR'], 'en'],
  ] as const)('configured %s with browser %j starts in %s', (configured, preferred, expected) => {
    expect(chooseLanguage(configured, preferred)).toBe(expected);
  });
});

describe('Intl formats in every language', () => {
  it.each(LANGUAGES)('%s: times, dates, prices and durations with Latin digits', (code) => {
    const locale = INTL_LOCALES[code];
    expect(formatTime('09:30', locale)).toBe('09:30');
    expect(formatTime('17:05', locale)).toBe('17:05');
    const date = formatDate('2026-11-24', locale);
    expect(date).toContain('24');
    expect(date).toContain('2026');
    expect(formatMonth(2026, 11, locale)).toContain('2026');
    expect(formatPrice(32, 'EUR', locale)).toMatch(/32[.,]00/);
    expect(formatDuration(90, locale)).toMatch(/30/);
    // No Arabic-Indic or Eastern Arabic digits anywhere.
    expect([date, formatPrice(32, 'EUR', locale), formatDuration(90, locale)].join()).not.toMatch(
      /[\u0660-\u0669\u06f0-\u06f9]/,
    );
  });

  it('uses each language’s own words', () => {
    expect(formatDate('2026-11-24', INTL_LOCALES.tr)).toBe('24 Kasım 2026 Salı');
    expect(formatDate('2026-11-24', INTL_LOCALES.pl)).toBe('wtorek, 24 listopada 2026');
    expect(formatDate('2026-11-24', INTL_LOCALES.uk)).toMatch(/^вівторок, 24 листопада 2026/);
    expect(formatDate('2026-11-24', INTL_LOCALES.ar)).toBe('الثلاثاء، 24 نوفمبر 2026');
    expect(formatPrice(32, 'EUR', INTL_LOCALES.pl)).toBe('32,00\u00a0€');
    expect(formatDuration(90, INTL_LOCALES.ar)).toBe('ساعة و30 دقيقة');
    expect(formatDuration(45, INTL_LOCALES.de)).toBe('45 Min.');
  });
});
