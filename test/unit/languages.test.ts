/** Issue 27: what differs between languages is one row each (shared/languages.ts). */
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, isLanguageCode, languageFacts } from '../../shared/languages';

describe('the language table', () => {
  it('lists the languages in button order and knows only those', () => {
    expect(LANGUAGE_CODES).toEqual(['de', 'en', 'tr', 'pl', 'uk', 'ar']);
    expect(isLanguageCode('ar')).toBe(true);
    expect(isLanguageCode('fr')).toBe(false);
    expect(isLanguageCode('toString')).toBe(false);
  });

  it.each(LANGUAGE_CODES)(
    '%s: a locale Intl has, a voice of the language, a keyboard label',
    (code) => {
      const facts = languageFacts(code);
      expect(Intl.DateTimeFormat.supportedLocalesOf([facts.locale])).toHaveLength(1);
      expect(facts.locale.split('-')[0]).toBe(code);
      expect(facts.voice.split('-')[0]).toBe(code);
      // Another script than Latin has its own letters' label; right to left only for Arabic here.
      expect(facts.scriptLabel === 'ABC').toBe(facts.script === 'latin');
      expect(facts.direction).toBe(facts.script === 'arabic' ? 'rtl' : 'ltr');
    },
  );

  it('writes dates in every locale with Latin digits, as the receipt and the signs do', () => {
    for (const code of LANGUAGE_CODES) {
      const text = new Intl.DateTimeFormat(languageFacts(code).locale).format(
        Date.UTC(2026, 10, 24),
      );
      expect(text).toMatch(/24/);
    }
  });
});
