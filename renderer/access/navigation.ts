import { ITEM, isVisible } from './describe';

/**
 * Where the keypad moves (issue 31): over the items of the open dialog, else of the screen
 * (`main[data-screen]`), in the screen's order; the calendar by day and week; the on-screen
 * keyboard by key and row. Pure DOM functions: the audio controller decides what is said.
 */

/** The part of the page the keypad works in: an open dialog, else the screen. */
export function navigationRoot(): Element | null {
  // Cheap first: this runs on every change of the page, and a visibility check forces layout.
  const dialogs = document.querySelectorAll('[role="alertdialog"], [role="dialog"]');
  const dialog = dialogs.length > 0 ? [...dialogs].reverse().find(isVisible) : undefined;
  if (dialog) return dialog;
  const screens = document.querySelectorAll('main[data-screen]');
  if (screens.length <= 1) return screens[0] ?? null;
  return [...screens].reverse().find(isVisible) ?? null;
}

export function items(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(ITEM)].filter(isVisible);
}

/**
 * Where focus goes when a screen appears, first match wins: what was chosen before (back from
 * the next screen), else the screen's main choice. None yet (a list still loading): the caller
 * waits on the screen's title.
 */
const FIRST = [
  // Not while disabled (the review's "Book now" while the time is checked): focus waits.
  '.btn-hero:not(:disabled)',
  '.slot[aria-pressed="true"]',
  '.day[aria-pressed="true"]:not(:disabled)',
  '.day-open:not(:disabled)',
  '.slot:not(:disabled)',
  '.service-main',
  '.details-form input',
  '.btn-confirm:not(:disabled)',
  '[role="alertdialog"] button',
  '.action-bar .btn-primary',
];

export function firstItem(root: Element): HTMLElement | null {
  for (const selector of FIRST) {
    const found = [...root.querySelectorAll<HTMLElement>(selector)].find(isVisible);
    if (found) return found;
  }
  return null;
}

/** The next (+1) or previous (-1) item from `current`, wrapping around. */
export function step(root: Element, current: Element | null, delta: 1 | -1): HTMLElement | null {
  const list = items(root);
  if (list.length === 0) return null;
  const index = current ? list.indexOf(current as HTMLElement) : -1;
  if (index < 0) return (delta > 0 ? list[0] : list[list.length - 1]) ?? null;
  return list[(index + delta + list.length) % list.length] ?? null;
}

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * In the calendar: the open day `days` away (1 a day, 7 a week), else the nearest open day
 * beyond it in the same direction, within the month shown; null at the month's edge.
 */
export function calendarMove(root: Element, from: Element, days: number): HTMLElement | null {
  const date = from.getAttribute('data-date');
  if (!date) return null;
  const open = [...root.querySelectorAll<HTMLElement>('button[data-date]:not(:disabled)')];
  const target = addDays(date, days);
  const ordered = open
    .filter((day) => {
      const at = day.getAttribute('data-date') ?? '';
      return days > 0 ? at >= target : at <= target;
    })
    .sort((a, b) =>
      (a.getAttribute('data-date') ?? '').localeCompare(b.getAttribute('data-date') ?? ''),
    );
  return (days > 0 ? ordered[0] : ordered[ordered.length - 1]) ?? null;
}

/** On the on-screen keyboard: the key in the row above (-1) or below (+1) nearest in x. */
export function keyRowMove(from: Element, rows: 1 | -1): HTMLElement | null {
  const row = from.closest('.hg-row');
  const keyboard = from.closest('.keyboard');
  if (!row || !keyboard) return null;
  const all = [...keyboard.querySelectorAll('.hg-row')];
  const next = all[all.indexOf(row) + rows];
  if (!next) return null;
  const x = from.getBoundingClientRect().left + from.getBoundingClientRect().width / 2;
  const keys = [...next.querySelectorAll<HTMLElement>('.hg-button')];
  const distance = (key: Element): number => {
    const box = key.getBoundingClientRect();
    return Math.abs(box.left + box.width / 2 - x);
  };
  return keys.sort((a, b) => distance(a) - distance(b))[0] ?? null;
}

/** Out of the on-screen keyboard: the item before its first key (-1) or after its last (+1). */
export function leaveKeyboard(root: Element, from: Element, rows: 1 | -1): HTMLElement | null {
  const list = items(root);
  const keyboard = from.closest('.keyboard');
  if (!keyboard) return null;
  const keys = list.filter((item) => keyboard.contains(item));
  const edge = rows > 0 ? keys[keys.length - 1] : keys[0];
  if (!edge) return null;
  return list[list.indexOf(edge) + rows] ?? null;
}

/** Activates an item as a tap would: a key of the on-screen keyboard reacts to pointer events. */
export function activate(element: HTMLElement): void {
  if (element.classList.contains('hg-button')) {
    // simple-keyboard listens for pointerdown (and ends the press on pointerup).
    element.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    element.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
    return;
  }
  if (element.tagName === 'INPUT' || element.tagName === 'TEXTAREA') {
    element.focus();
    return;
  }
  element.click();
}

/** Gives an item focus; the on-screen keys are divs, focusable only while the keypad is on one. */
export function focusItem(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex') && element.classList.contains('hg-button')) {
    element.setAttribute('tabindex', '-1');
    element.setAttribute('role', 'button');
  }
  element.focus();
}

/** The screen's back control (ActionBar), if it has one. */
export function backControl(root: Element): HTMLElement | null {
  return root.querySelector<HTMLElement>('[data-nav="back"]:not(:disabled)');
}
