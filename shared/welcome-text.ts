/**
 * Which welcome line a customer sees (issue 19), without zod: the start screen shows it before
 * the contract's schemas are loaded (shared/shop-welcome.ts reads stored values with them).
 */
import type { WelcomeTexts } from './kiosk-staff';
import { LANGUAGE_CODES, isLanguageCode, type LanguageCode } from './languages';

/** The language the kiosk speaks when nobody chose one (renderer/i18n/languages.ts agrees). */
export const SHOP_FALLBACK_LANGUAGE: LanguageCode = 'de';

/**
 * The text for a customer in `language`: theirs, else the shop language's, else the first
 * one given (with its language, for the element's `lang`); null when there is none.
 */
export function welcomeFor(
  texts: WelcomeTexts | null,
  language: string,
  shopLanguage: LanguageCode | null,
): { text: string; lang: LanguageCode } | null {
  if (!texts) return null;
  const order = [language, shopLanguage ?? SHOP_FALLBACK_LANGUAGE, ...LANGUAGE_CODES];
  for (const candidate of order) {
    if (!isLanguageCode(candidate)) continue;
    const text = texts[candidate];
    if (text) return { text, lang: candidate };
  }
  return null;
}
