// The zod-free list: the first screen runs before the contract's schemas are loaded.
import {
  LANGUAGE_CODES,
  isLanguageCode,
  languageFacts,
  type LanguageCode,
} from '../../shared/languages';

export type { LanguageCode } from '../../shared/languages';

/** The order of the language buttons (start screen, top bar, settings). */
export const LANGUAGES: readonly LanguageCode[] = LANGUAGE_CODES;

/** Used when neither staff, IT nor the browser name a language we have. */
export const FALLBACK_LANGUAGE: LanguageCode = 'de';

function byLanguage<T>(pick: (code: LanguageCode) => T): Record<LanguageCode, T> {
  return Object.fromEntries(LANGUAGE_CODES.map((code) => [code, pick(code)])) as Record<
    LanguageCode,
    T
  >;
}

/** Each language's name in its own script: a customer looks for their own. */
export const LANGUAGE_NAMES = byLanguage((code) => languageFacts(code).name);

export function textDirection(language: LanguageCode): 'ltr' | 'rtl' {
  return languageFacts(language).direction;
}

/** The comma that joins two parts of one line in `language` (Arabic's "،"; else ","). */
export function commaOf(language: string): string {
  return isLanguageCode(language) ? languageFacts(language).comma : ',';
}

/** Two parts of one line as `language` joins them: "10:00, taken"; Arabic "10:00، محجوز". */
export function withComma(first: string, second: string, language: string): string {
  return `${first}${commaOf(language)} ${second}`;
}

/** The Intl locale of each language (shared/languages.ts says why Arabic keeps Latin digits). */
export const INTL_LOCALES = byLanguage((code) => languageFacts(code).locale);

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
