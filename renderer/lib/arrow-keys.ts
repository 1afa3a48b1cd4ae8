/**
 * Arrow keys through a list or grid of buttons (the counter from the keyboard): Left/Right step
 * to the previous/next button in reading order (mirrored right to left), Up/Down to the nearest
 * button in the row above/below as laid out (a one-column list: the previous/next), Home/End to
 * the first/last. Disabled buttons are skipped. Put `onKeyDown={moveFocusWithArrows}` on the
 * container; keys pressed in a text field are left alone.
 */
import type { KeyboardEvent } from 'react';

type Step = 'previous' | 'next' | 'up' | 'down' | 'first' | 'last';

function stepOf(key: string, rtl: boolean): Step | null {
  switch (key) {
    case 'ArrowLeft':
      return rtl ? 'next' : 'previous';
    case 'ArrowRight':
      return rtl ? 'previous' : 'next';
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/** The nearest button in the next row above (`-1`) or below (`1`), by its layout; else null. */
function nearestInRow(
  items: readonly HTMLElement[],
  from: HTMLElement,
  direction: 1 | -1,
): HTMLElement | null {
  const origin = from.getBoundingClientRect();
  const centre = origin.left + origin.width / 2;
  let best: { item: HTMLElement; row: number; dx: number } | null = null;
  for (const item of items) {
    const box = item.getBoundingClientRect();
    // A row is "next" when it starts past this one's middle (lists and grids alike).
    const row = direction === 1 ? box.top - origin.top : origin.top - box.top;
    if (row < origin.height / 2) continue;
    const dx = Math.abs(box.left + box.width / 2 - centre);
    if (!best || row < best.row - 1 || (Math.abs(row - best.row) <= 1 && dx < best.dx))
      best = { item, row, dx };
  }
  return best?.item ?? null;
}

export function moveFocusWithArrows(event: KeyboardEvent<HTMLElement>): void {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target as HTMLElement;
  if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
  const container = event.currentTarget;
  const step = stepOf(event.key, getComputedStyle(container).direction === 'rtl');
  if (!step) return;
  const items = [...container.querySelectorAll<HTMLElement>('button:not(:disabled)')];
  const index = items.findIndex((item) => item === target || item.contains(target));
  if (index < 0) return;
  let next: HTMLElement | null | undefined;
  switch (step) {
    case 'previous':
      next = items[index - 1];
      break;
    case 'next':
      next = items[index + 1];
      break;
    case 'first':
      next = items[0];
      break;
    case 'last':
      next = items[items.length - 1];
      break;
    case 'up':
    case 'down': {
      const direction = step === 'down' ? 1 : -1;
      const from = items[index] as HTMLElement;
      // One row (the day strip, or no layout at all): up/down step through the order too.
      const top = from.getBoundingClientRect().top;
      const oneRow = items.every((item) => item.getBoundingClientRect().top === top);
      next = oneRow ? items[index + direction] : nearestInRow(items, from, direction);
      break;
    }
  }
  event.preventDefault();
  if (!next) return;
  next.focus();
  next.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

/**
 * A roving tab stop: of a group's buttons only one is in the Tab order (the chosen one, else
 * the first that can be chosen), so Tab moves from group to group and the arrows within one
 * (a day strip three months long is one Tab, not ninety).
 */
export function tabStop(isStop: boolean): { tabIndex: 0 | -1 } {
  return { tabIndex: isStop ? 0 : -1 };
}
