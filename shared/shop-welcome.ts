/**
 * The shop's welcome line per language (issue 19): how a stored or configured value reads
 * (which text a customer sees: shared/welcome-text.ts). Before, the welcome line was one text:
 * such a value is the shop language's (German when nobody chose one).
 */
import { WelcomeTexts } from './kiosk-staff';
import type { Language } from './settings';
import { SHOP_FALLBACK_LANGUAGE } from './welcome-text';

/**
 * A welcome as stored (JSON of the texts) or as IT wrote it (texts, or one text from before):
 * the texts, a single text as `shopLanguage`'s; null when empty or unreadable.
 */
export function readWelcome(
  value: string | WelcomeTexts | null | undefined,
  shopLanguage: Language | null,
): WelcomeTexts | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') return Object.keys(value).length > 0 ? value : null;
  const stored = parseJson(value);
  if (stored !== undefined) {
    const texts = WelcomeTexts.safeParse(stored);
    if (texts.success) return Object.keys(texts.data).length > 0 ? texts.data : null;
  }
  return { [shopLanguage ?? SHOP_FALLBACK_LANGUAGE]: value };
}

/** An object in JSON, else undefined (a plain text from before is not one). */
function parseJson(text: string): unknown {
  if (!text.startsWith('{')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
