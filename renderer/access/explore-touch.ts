import type { AudioController } from './audio-controller';
import { ITEM, isVisible, textOf } from './describe';
import { navigationRoot } from './navigation';

/**
 * Explore by touch (issue 31), for touch screens without a keypad: in audio mode one touch says
 * the item under the finger (and focuses it), a double tap anywhere activates the item last
 * said, a two-finger swipe goes back. The page's own handlers never see a touch meanwhile, so a
 * finger looking for "Book now" cannot book. Mouse and pen input are left alone.
 */

/** Two taps this close in time (event time stamps, ms) and place (px) are a double tap. */
export const DOUBLE_TAP = { ms: 500, px: 48 } as const;
/** A finger moving less than this is a tap; two fingers moving this far sideways, a swipe. */
const TAP_SLOP_PX = 24;
const SWIPE_PX = 80;

interface Touch {
  x: number;
  y: number;
  startX: number;
  startY: number;
}

/** The item under a point, or the text there (a title, a line of the summary) to be read. */
function itemAt(x: number, y: number): { item: HTMLElement | null; text: Element | null } {
  const root = navigationRoot();
  for (const element of document.elementsFromPoint(x, y)) {
    if (!root?.contains(element)) continue;
    const item = element.closest<HTMLElement>(ITEM);
    if (item && isVisible(item)) return { item, text: null };
    const text = element.closest('h1, h2, p, li, .summary-row, .notice');
    if (text) return { item: null, text };
  }
  return { item: null, text: null };
}

export function installExploreByTouch(audio: AudioController): () => void {
  const touches = new Map<number, Touch>();
  let fingers = 0;
  let lastTap: { at: number; x: number; y: number } | null = null;
  let current: HTMLElement | null = null;

  const swallow = (event: Event): void => {
    event.preventDefault();
    event.stopPropagation();
  };

  const down = (event: PointerEvent): void => {
    if (event.pointerType !== 'touch') return;
    swallow(event);
    if (touches.size === 0) fingers = 0;
    touches.set(event.pointerId, {
      x: event.clientX,
      y: event.clientY,
      startX: event.clientX,
      startY: event.clientY,
    });
    fingers = Math.max(fingers, touches.size);
  };
  const move = (event: PointerEvent): void => {
    const touch = touches.get(event.pointerId);
    if (event.pointerType !== 'touch' || !touch) return;
    swallow(event);
    touch.x = event.clientX;
    touch.y = event.clientY;
  };
  const up = (event: PointerEvent): void => {
    const touch = touches.get(event.pointerId);
    if (event.pointerType !== 'touch' || !touch) return;
    swallow(event);
    touches.delete(event.pointerId);
    const dx = touch.x - touch.startX;
    const dy = touch.y - touch.startY;
    if (fingers === 2 && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      fingers = 0; // one swipe, one step back (the second finger's lift is not another)
      lastTap = null;
      audio.back();
      return;
    }
    if (fingers !== 1 || Math.hypot(dx, dy) > TAP_SLOP_PX) return;
    const tap = { at: event.timeStamp, x: event.clientX, y: event.clientY };
    const double =
      lastTap !== null &&
      tap.at - lastTap.at <= DOUBLE_TAP.ms &&
      Math.hypot(tap.x - lastTap.x, tap.y - lastTap.y) <= DOUBLE_TAP.px;
    lastTap = double ? null : tap;
    if (double) {
      if (current?.isConnected) audio.activate(current);
      return;
    }
    const found = itemAt(tap.x, tap.y);
    current = found.item;
    if (found.item) audio.moveTo(found.item);
    else if (found.text) audio.say(textOf(found.text));
  };
  // The click a tap makes: the tap was handled above.
  const click = (event: MouseEvent): void => {
    if (event.isTrusted && (event as PointerEvent).pointerType === 'touch') swallow(event);
  };
  const cancel = (event: PointerEvent): void => {
    touches.delete(event.pointerId);
  };

  const options = { capture: true, passive: false } as const;
  window.addEventListener('pointerdown', down, options);
  window.addEventListener('pointermove', move, options);
  window.addEventListener('pointerup', up, options);
  window.addEventListener('pointercancel', cancel, options);
  window.addEventListener('click', click, options);
  return () => {
    window.removeEventListener('pointerdown', down, options);
    window.removeEventListener('pointermove', move, options);
    window.removeEventListener('pointerup', up, options);
    window.removeEventListener('pointercancel', cancel, options);
    window.removeEventListener('click', click, options);
  };
}
