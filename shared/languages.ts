/**
 * The UI languages (ISO 639-1) and what differs between them, one row each (issue 27): a new
 * language is a row here plus its translation files, which the compiler then asks for. Without
 * zod: the renderer's first screen needs the list and a check, not the contract's schemas
 * (shared/settings.ts builds the `Language` schema from it).
 */
interface LanguageFacts {
  /** The language's name in its own script: a customer looks for their own. */
  name: string;
  direction: 'ltr' | 'rtl';
  /** Not Latin: the on-screen keyboard adds a Latin layer (e-mail addresses). */
  script: 'latin' | 'cyrillic' | 'arabic';
  /** The keyboard's label for the switch back to the language's own letters. */
  scriptLabel: string;
  /**
   * The Intl locale of dates, prices and durations (screen, receipt, e-mail). Arabic keeps Latin
   * digits (`-u-nu-latn`): times, prices and appointment numbers read as on the shop's signs.
   */
  locale: string;
  /** The BCP 47 tag a voice is asked for: the region the shop's customers most likely have. */
  voice: string;
  /** The comma between two parts of one line ("10:00, taken"): Arabic writes "،". */
  comma: string;
}

/** In the order of the language buttons (start screen, top bar, settings). */
const LANGUAGE_TABLE = {
  de: {
    name: 'Deutsch',
    direction: 'ltr',
    script: 'latin',
    scriptLabel: 'ABC',
    locale: 'de-DE',
    voice: 'de-DE',
    comma: ',',
  },
  en: {
    name: 'English',
    direction: 'ltr',
    script: 'latin',
    scriptLabel: 'ABC',
    locale: 'en-GB',
    voice: 'en-GB',
    comma: ',',
  },
  tr: {
    name: 'Türkçe',
    direction: 'ltr',
    script: 'latin',
    scriptLabel: 'ABC',
    locale: 'tr-TR',
    voice: 'tr-TR',
    comma: ',',
  },
  pl: {
    name: 'Polski',
    direction: 'ltr',
    script: 'latin',
    scriptLabel: 'ABC',
    locale: 'pl-PL',
    voice: 'pl-PL',
    comma: ',',
  },
  uk: {
    name: 'Українська',
    direction: 'ltr',
    script: 'cyrillic',
    scriptLabel: 'АБВ',
    locale: 'uk-UA',
    voice: 'uk-UA',
    comma: ',',
  },
  ar: {
    name: 'العربية',
    direction: 'rtl',
    script: 'arabic',
    scriptLabel: 'أبت',
    locale: 'ar-u-nu-latn',
    voice: 'ar',
    comma: '،',
  },
} as const satisfies Record<string, LanguageFacts>;

export type LanguageCode = keyof typeof LANGUAGE_TABLE;

export const LANGUAGE_CODES = Object.keys(LANGUAGE_TABLE) as [LanguageCode, ...LanguageCode[]];

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && Object.hasOwn(LANGUAGE_TABLE, value);
}

export function languageFacts(language: LanguageCode): LanguageFacts {
  return LANGUAGE_TABLE[language];
}
