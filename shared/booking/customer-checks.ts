/**
 * What a customer's name and phone must be beyond the API's field limits (issue 38 item 13):
 * "++1", "---" and "123-'" were booked. A phone is checked by libphonenumber-js (Google's
 * metadata, kept up to date by its maintainers) against the shop's country, so that a national
 * number ("030 1234567") and an international one ("+1 212 555 0100") both pass; a name needs at
 * least one letter of any script. Pure: the caller passes the shop's country (`shopCountry`).
 */
import {
  getCountries,
  isSupportedCountry,
  isValidPhoneNumber,
  type CountryCode,
} from 'libphonenumber-js/min';

/** At least one letter, of any script ("李明", "Ана", "O'Neil"; not "123-'"). */
export function hasLetter(name: string): boolean {
  return /\p{L}/u.test(name);
}

/** A phone number valid in `country` (national form) or anywhere (international form). */
export function isPhoneNumber(phone: string, country: CountryCode | undefined): boolean {
  return isValidPhoneNumber(phone, country);
}

const zoneCountries = new Map<string, CountryCode | undefined>();

/** Intl.Locale's zones of a region: `getTimeZones()` in newer engines, `timeZones` before. */
function zonesOf(region: CountryCode): readonly string[] {
  const locale = new Intl.Locale(`und-${region}`) as Intl.Locale & {
    getTimeZones?: () => string[];
    timeZones?: string[];
  };
  return locale.getTimeZones?.() ?? locale.timeZones ?? [];
}

/**
 * The shop's country from its IANA zone (Europe/Berlin: DE), as the default region of a phone
 * number typed without +; undefined where no one country has the zone (Etc/UTC), or where this
 * engine cannot tell: then only international numbers pass.
 */
export function countryOfZone(timeZone: string): CountryCode | undefined {
  if (zoneCountries.has(timeZone)) return zoneCountries.get(timeZone);
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    canonical = timeZone;
  }
  const found = getCountries().find((region) => {
    const zones = zonesOf(region);
    return zones.includes(timeZone) || zones.includes(canonical);
  });
  zoneCountries.set(timeZone, found);
  return found;
}

/**
 * The shop's country for phone numbers: IT's `country` setting where set (a Vienna shop on a
 * machine left at UTC), else the country of the shop's zone.
 */
export function shopCountry(
  country: string | null | undefined,
  timeZone: string,
): CountryCode | undefined {
  return country && isSupportedCountry(country) ? country : countryOfZone(timeZone);
}
