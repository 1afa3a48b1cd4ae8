// The zod-free list: the first screen runs before the contract's schemas are loaded.
import { LANGUAGE_CODES, isLanguageCode, type LanguageCode } from '../../shared/languages';

export type { LanguageCode } from '../../shared/languages';

/** The order of the language buttons (start screen, top bar, settings). */
export const LANGUAGES: readonly LanguageCode[] = LANGUAGE_CODES;

/** Used when neither staff, IT nor the browser name a language we have. */
export const FALLBACK_LANGUAGE: LanguageCode = 'de';

/** Each language's name in its own script: a customer looks for their own. */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  de: 'Deutsch',
  en: 'English',
  tr: 'Türkçe',
  pl: 'Polski',
  uk: 'Українська',
  ar: 'العربية',
};

export function textDirection(language: LanguageCode): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The Intl locale of each language. Arabic keeps Latin digits (`-u-nu-latn`): times, prices and
 * appointment numbers read the same as on the receipt, the phone and the shop's signs.
 */
export const INTL_LOCALES: Record<LanguageCode, string> = {
  de: 'de-DE',
  en: 'en-GB',
  tr: 'tr-TR',
  pl: 'pl-PL',
  uk: 'uk-UA',
  ar: 'ar-u-nu-latn',
};

/**
 * The screen's starting language: the configured one (staff's setting or IT's machine config;
 * null when neither chose), else the first of the browser's languages (`navigator.languages`,
 * which follow the OS) that we have, matched by its primary subtag, else German.
 */
export function chooseLanguage(
  configured: LanguageCode | null,
  preferred: readonly string[],
): LanguageCode {
  if (configured !== null) return configured;
  for (const tag of preferred) {
    const primary = tag.split(/[-_]/)[0]?.toLowerCase();
    if (isLanguageCode(primary)) return primary;
  }
  return FALLBACK_LANGUAGE;
}
