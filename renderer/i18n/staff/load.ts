import type { i18n } from 'i18next';
import type { LanguageCode } from '../languages';
import type { StaffText } from './en';

/**
 * Staff's strings (en.ts says which): a chunk per language fetched when the staff area first
 * opens in it, not with the customer's first screen (its first-load budget, bench/RESULTS.md).
 * English is bundled with the rest of English, the fallback of every key.
 */
const LOADERS: Record<LanguageCode, () => Promise<StaffText>> = {
  en: () => import('./en').then((module) => module.staffEn),
  de: () => import('./de').then((module) => module.staffDe),
  tr: () => import('./tr').then((module) => module.staffTr),
  pl: () => import('./pl').then((module) => module.staffPl),
  uk: () => import('./uk').then((module) => module.staffUk),
  ar: () => import('./ar').then((module) => module.staffAr),
};

export function staffStrings(language: LanguageCode): Promise<StaffText> {
  return LOADERS[language]();
}

export function hasStaffStrings(instance: i18n, language: string): boolean {
  return instance.getResource(language, 'translation', 'settings') !== undefined;
}

/** Adds the language's staff strings to its bundle once. */
export async function loadStaffStrings(instance: i18n, language: LanguageCode): Promise<void> {
  if (hasStaffStrings(instance, language)) return;
  instance.addResourceBundle(language, 'translation', await staffStrings(language), true, true);
}
