/** Issue 28: the confirmation mail's language from Accept-Language, else the shop's. */
import { describe, expect, it } from 'vitest';
import { mailLanguage } from '../../../server/mail/mail-language';

describe('mailLanguage', () => {
  it.each([
    [undefined, 'de', 'de'],
    ['', 'en', 'en'],
    ['pl', 'de', 'pl'],
    ['en-GB,en;q=0.9', 'de', 'en'],
    ['fr-FR, tr;q=0.8, en;q=0.5', 'de', 'tr'],
    ['en;q=0.2, uk;q=0.9', 'de', 'uk'],
    ['AR-EG', 'de', 'ar'],
    ['fr, es', 'tr', 'tr'],
    ['en;q=0, pl', 'de', 'pl'],
    ['*', 'pl', 'pl'],
    [['en', 'de'], 'tr', 'en'],
  ] as const)('%j with the shop in %s -> %s', (header, shop, expected) => {
    expect(mailLanguage(header as string | string[] | undefined, shop)).toBe(expected);
  });
});
