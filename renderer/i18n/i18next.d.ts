import type { en } from './en';
import type { kioskDayEn } from './kiosk-day/en';

/**
 * Types every `t('...')` against the English strings (the source of every key): a key that is
 * not in `en` is a compile error, and so is a key built from a template literal at run time
 * (write a typed map or an exhaustive switch instead; lint forbids the template form).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The Kiosk tab's strings are added when its chunk loads (kiosk-day/strings.ts).
    resources: { translation: typeof en & { kioskDay: typeof kioskDayEn } };
  }
}
