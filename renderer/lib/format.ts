/**
 * Locale-aware formatting with Intl. Dates and times from the API are wall-clock values of the
 * business (decisions.md "Time"): they are formatted as UTC so that no time-zone shift applies.
 * Which way a language reads comes from the language table (shared/languages.ts), never from the
 * locale's letters or i18next: a right-to-left language is one row there.
 */
import { INTL_LOCALES, LANGUAGES, textDirection } from '../i18n/languages';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    cache.set(key, format);
  }
  return format;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** `YYYY-MM-DD` -> the UTC midnight of that wall date. */
export function wallDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

export function formatDate(date: string, locale: string): string {
  return dateFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(wallDate(date));
}

export function formatShortDate(date: string, locale: string): string {
  return dateFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(
    wallDate(date),
  );
}

export function formatMonth(year: number, month: number, locale: string): string {
  const text = dateFormat(locale, { month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  // Only the first letter: CSS `capitalize` would also raise the year's abbreviation
  // (Ukrainian "листопад 2026 р." must not become "Листопад 2026 Р.").
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** Narrow weekday names, Monday first. */
export function weekdayNames(locale: string): string[] {
  const format = dateFormat(locale, { weekday: 'short' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

export function formatTime(time: string, locale: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return dateFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.UTC(2024, 0, 1, h, m)),
  );
}

export function formatPrice(price: number, currency: string, locale: string): string {
  try {
    return numberFormat(locale, { style: 'currency', currency }).format(price);
  } catch {
    // An unknown currency code (the list is open): show the amount and the code as given.
    return `${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(price)} ${currency}`;
  }
}

/**
 * The direction the language table gives the language of `locale` (a row's Intl locale, or a
 * language code); left to right for a language the table does not have.
 */
function localeDirection(locale: string): 'ltr' | 'rtl' {
  const primary = locale.split('-')[0];
  const language =
    LANGUAGES.find((code) => INTL_LOCALES[code] === locale) ??
    LANGUAGES.find((code) => code === primary);
  return language ? textDirection(language) : 'ltr';
}

export function formatDuration(minutes: number, locale: string): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  // Right to left, the long units joined as the language joins a list: Arabic's short units
  // are single letters (س, د), its long ones are joined with و.
  const rtl = localeDirection(locale) === 'rtl';
  const unit = (value: number, name: 'hour' | 'minute'): string =>
    numberFormat(locale, {
      style: 'unit',
      unit: name,
      unitDisplay: rtl ? 'long' : 'short',
    }).format(value);
  if (hours === 0) return unit(rest, 'minute');
  if (rest === 0) return unit(hours, 'hour');
  const parts = [unit(hours, 'hour'), unit(rest, 'minute')];
  return rtl ? new Intl.ListFormat(locale, { type: 'unit' }).format(parts) : parts.join(' ');
}

/**
 * An instant (ISO string or epoch ms) as the shop's date and time, for staff screens (last sync,
 * created): the shop's zone, not the device's (issue 38 item 12).
 */
export function formatInstant(at: string | number, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(at));
}

/**
 * Text that reads left to right (an e-mail address, a phone number) inside a translated sentence
 * of `locale`: in a right-to-left language wrapped in LEFT-TO-RIGHT ISOLATE ... POP DIRECTIONAL
 * ISOLATE, so that the sentence keeps its order and the address its own.
 */
export function ltrInSentence(text: string, locale: string): string {
  return localeDirection(locale) === 'rtl' ? `\u2066${text}\u2069` : text;
}
