import type { Spoken } from './speech';
import type { SpeechText } from './speech-text';

/**
 * What audio mode says about the page (issue 31): the item in focus, a screen when it appears,
 * what appears in a live region. Read from the DOM the customer sees, so every screen speaks
 * without code of its own; each piece in the language it is marked with (`lang`: a service
 * title is in the shop's language, the rest in the screen's).
 *
 * Personal data is marked `data-personal` (and typed into the details fields): never part of
 * what is said unasked, only of `personalDetails`, which the customer asks for with End.
 */

/** What the keypad and a finger move over: every enabled control, and the on-screen keys. */
export const ITEM =
  'button:not(:disabled), a[href], input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled), .hg-button';

/** The parts of a screen said when it appears, in the screen's order. */
const SUMMARY =
  'h1, .progress-text, .step-header .subtitle, .lead, .appointment-number, .reference, .visit-line-state, .summary-row, .notice';

/** Where a newly shown element is said at once (the idle warning, an error, a waiting state). */
export const LIVE = '[role="alert"], [role="alertdialog"], [role="status"]';

/** A region whose text is said again when it changes (the month shown, the person chosen). */
export const CHANGING = '[aria-live="polite"], [aria-live="assertive"]';

const PERSONAL_FIELDS = 'input, textarea';

export function isTextField(element: Element | null): boolean {
  if (!element) return false;
  if (element.tagName === 'TEXTAREA') return true;
  return (
    element.tagName === 'INPUT' &&
    ['text', 'email', 'tel', 'search', ''].includes((element as HTMLInputElement).type)
  );
}

export function isVisible(element: Element): boolean {
  if (element.closest('[hidden], [aria-hidden="true"]')) return false;
  return element.getClientRects().length > 0;
}

function langOf(node: Node): string {
  const element = node instanceof Element ? node : node.parentElement;
  return element?.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang;
}

/** A separator for the eye ("title · date") is a pause in speech, never a symbol said. */
function speakable(text: string): string {
  return text
    .replace(/\s*·\s*/g, ', ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.;:،؛]+/, '')
    .trim();
}

function push(parts: Spoken[], text: string, lang: string): void {
  const clean = speakable(text);
  if (!clean) return;
  const last = parts[parts.length - 1];
  if (last && last.lang === lang) last.text = `${last.text} ${clean}`;
  else parts.push({ text: clean, lang });
}

/** The visible text of an element, in pieces by language, without hidden or personal parts. */
export function textOf(root: Element): Spoken[] {
  const parts: Spoken[] = [];
  const walk = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      push(parts, node.textContent ?? '', langOf(node));
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('data-personal')) return;
    if (node.hasAttribute('hidden') || ['SCRIPT', 'STYLE', 'SVG'].includes(node.tagName)) return;
    for (const child of node.childNodes) walk(child);
  };
  walk(root);
  return parts;
}

function keyName(key: Element, words: SpeechText): string {
  const name = key.getAttribute('data-skbtn') ?? '';
  switch (name) {
    case '{bksp}':
      return words.keys.bksp;
    case '{shift}':
      return words.keys.shift;
    case '{space}':
      return words.keys.space;
    case '{script}':
      return words.keys.script;
    case '{accents}':
      return words.keys.accents;
    default:
      return key.textContent ?? name;
  }
}

function labelOf(element: Element): HTMLLabelElement | null {
  return 'labels' in element ? ((element as HTMLInputElement).labels?.[0] ?? null) : null;
}

/** The accessible name: `aria-label`, then `aria-labelledby`, then a field's label, then text. */
function nameOf(element: Element, words: SpeechText): Spoken[] {
  const label = element.getAttribute('aria-label');
  if (label) return [{ text: label, lang: langOf(element) }];
  if (element.classList.contains('hg-button')) {
    // Keys are named in the screen's language; a letter is a letter in any.
    return [{ text: keyName(element, words), lang: document.documentElement.lang }];
  }
  const labelledBy = element.getAttribute('aria-labelledby');
  const byId = labelledBy ? document.getElementById(labelledBy) : null;
  if (byId) return textOf(byId);
  const forIt = labelOf(element);
  if (forIt) return textOf(forIt);
  return textOf(element);
}

/** What is said when an item gets focus: its name, then its state (never a typed value). */
export function describe(element: Element, words: SpeechText): Spoken[] {
  const parts = nameOf(element, words);
  const lang = document.documentElement.lang;
  if (element.getAttribute('aria-pressed') === 'true') push(parts, words.chosen, lang);
  if (isTextField(element)) {
    const value = (element as HTMLInputElement).value;
    push(parts, `${words.textField}, ${value ? words.filled : words.empty}`, lang);
  }
  const describedBy = element.getAttribute('aria-describedby');
  const hint = describedBy ? document.getElementById(describedBy) : null;
  if (hint) parts.push(...textOf(hint));
  return parts;
}

/** What is said when a screen appears: its title, step, subject and results, in order. */
export function screenSummary(screen: Element): Spoken[] {
  const parts: Spoken[] = [];
  const seen = new Set<Element>();
  for (const element of screen.querySelectorAll(SUMMARY)) {
    // A summary row inside a notice, a notice inside a line: said once, with its outer part.
    if ([...seen].some((outer) => outer.contains(element))) continue;
    if (element.closest('[data-personal]') || !isVisible(element)) continue;
    seen.add(element);
    for (const piece of textOf(element)) push(parts, piece.text, piece.lang);
  }
  return parts;
}

/** What was said by a newly shown live element (an alert dialog: its title and its text). */
export function liveText(element: Element): Spoken[] {
  const ids = ['aria-labelledby', 'aria-describedby']
    .map((name) => element.getAttribute(name))
    .flatMap((id) => (id ? [document.getElementById(id)] : []))
    .filter((found): found is HTMLElement => found !== null);
  return ids.length > 0 ? ids.flatMap((found) => textOf(found)) : textOf(element);
}

/** The customer's own details on the screen, said only when asked (End). */
export function personalDetails(root: Element): Spoken[] {
  const parts: Spoken[] = [];
  for (const field of root.querySelectorAll(PERSONAL_FIELDS)) {
    if (!isTextField(field) || !isVisible(field)) continue;
    const value = (field as HTMLInputElement).value.trim();
    if (!value) continue;
    const label = labelOf(field);
    if (label) parts.push(...textOf(label));
    parts.push({ text: value, lang: langOf(field) });
  }
  for (const marked of root.querySelectorAll('[data-personal]')) {
    if (!isVisible(marked)) continue;
    // The marked part itself, here on request (textOf leaves marked parts out).
    for (const child of marked.childNodes) {
      if (child instanceof Element) parts.push(...textOf(child));
      else push(parts, child.textContent ?? '', langOf(child));
    }
  }
  return parts;
}
