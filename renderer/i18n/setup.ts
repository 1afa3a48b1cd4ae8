import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type LanguageStrings, type Resources } from './en';
import { staffStrings } from './staff/load';
import type { LanguageCode } from './languages';

export { LANGUAGES, type LanguageCode } from './languages';

/**
 * English is bundled (the fallback for a missing key); every other language is a chunk of its
 * own, fetched when first chosen, so the first screen carries one language, not six (and not
 * staff's strings: staff/load.ts).
 */
const LOADERS: Record<LanguageCode, () => Promise<LanguageStrings>> = {
  en: () => Promise.resolve(en),
  de: () => import('./de').then((module) => module.de),
  tr: () => import('./tr').then((module) => module.tr),
  pl: () => import('./pl').then((module) => module.pl),
  uk: () => import('./uk').then((module) => module.uk),
  ar: () => import('./ar').then((module) => module.ar),
};

/** A fresh i18next instance (one per app, one per test) with English loaded. */
export function createI18n(language: LanguageCode = 'en'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  });
  return instance;
}

/** Loads a language's strings once; resolves when `changeLanguage` can show them. */
export async function loadLanguage(instance: i18n, language: LanguageCode): Promise<void> {
  if (instance.hasResourceBundle(language, 'translation')) return;
  instance.addResourceBundle(language, 'translation', await LOADERS[language]());
}

/** All the strings of one language, staff's included, for tests and tools. */
export async function languageResources(language: LanguageCode): Promise<Resources> {
  const [strings, staff] = await Promise.all([LOADERS[language](), staffStrings(language)]);
  return { ...strings, ...staff };
}
