/**
 * The logo tile's letters when the shop has no logo: the first letters of the name's first two
 * words ("Salon Lindenhof" -> "SL"), upper-cased by the rules of the shop's language.
 */
export function shopInitials(name: string, lang?: string): string {
  const words = name
    .trim()
    .split(/[\s\-–—&+/.,]+/u)
    .filter(Boolean);
  const letters = words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('');
  return letters.toLocaleUpperCase(lang);
}
