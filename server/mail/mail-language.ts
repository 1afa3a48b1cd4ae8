/**
 * Which language a confirmation mail is written in: the booking's, where the client said it in
 * `Accept-Language` (the spec's request has no language field, and an HTTP header is the one
 * place a client may say it without changing the contract), else the shop's (a server setting).
 */
import { isLanguageCode, type LanguageCode } from '../../shared/languages';

/** The first language of the header (by q, then order) that the mails are written in. */
export function mailLanguage(
  acceptLanguage: string | string[] | undefined,
  shopLanguage: LanguageCode,
): LanguageCode {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const ranges = header
    .slice(0, 500) // a header is the client's: a long one is no reason to work hard
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q) : 1, index };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges.map((r) => r.base).find(isLanguageCode) ?? shopLanguage;
}
