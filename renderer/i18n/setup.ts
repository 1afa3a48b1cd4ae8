import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './de';
import { en } from './en';

export const LANGUAGES = ['en', 'de'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];

/** A fresh i18next instance (one per app, one per test) with every string bundled. */
export function createI18n(language: LanguageCode): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, de: { translation: de } },
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  });
  return instance;
}
