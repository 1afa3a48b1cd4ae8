/**
 * The UI languages (ISO 639-1), without zod: the renderer's first screen needs the list and a
 * check, not the contract's schemas (shared/settings.ts builds the `Language` schema from it).
 */
export const LANGUAGE_CODES = ['de', 'en', 'tr', 'pl', 'uk', 'ar'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}
