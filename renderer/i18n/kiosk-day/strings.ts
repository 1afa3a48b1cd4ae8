import type { i18n } from 'i18next';
import type { LanguageCode } from '../languages';
import { kioskDayAr } from './ar';
import { kioskDayDe } from './de';
import { kioskDayEn, type KioskDayText } from './en';
import { kioskDayPl } from './pl';
import { kioskDayTr } from './tr';
import { kioskDayUk } from './uk';

/**
 * The Kiosk tab's strings travel in the tab's own chunk with the charts (all six: a few kB),
 * not with staff's English, which the customer's first load carries as every key's fallback.
 */
const KIOSK_DAY_TEXT: Record<LanguageCode, KioskDayText> = {
  en: kioskDayEn,
  de: kioskDayDe,
  tr: kioskDayTr,
  pl: kioskDayPl,
  uk: kioskDayUk,
  ar: kioskDayAr,
};

/** Adds the tab's strings to every language's bundle once (a language switch finds them there). */
export function addKioskDayStrings(instance: i18n): void {
  for (const [language, kioskDay] of Object.entries(KIOSK_DAY_TEXT)) {
    if (instance.getResource(language, 'translation', 'kioskDay') === undefined)
      instance.addResourceBundle(language, 'translation', { kioskDay }, true, false);
  }
}
