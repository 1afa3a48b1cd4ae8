/**
 * In-page geometry for the reach-mode and 200 % text checks (issue 38), as strings: this
 * project's TypeScript has no DOM types. `shown(element)` is the part of the element its
 * scrolling ancestors and the window show; `whole(element)` whether all of it is shown, without
 * scrolling.
 */
import type { WalkInScreen } from './walk-in-screens';

export const SHOWN = `
  const shown = (element) => {
    const rect = element.getBoundingClientRect();
    let { left, top, right, bottom } = rect;
    // Only the boxes an element is placed in clip it: an absolutely placed one escapes the
    // static boxes between it and its containing block, a fixed one all of them.
    let position = getComputedStyle(element).position;
    for (let parent = element.parentElement; parent && position !== 'fixed'; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (position === 'absolute' && style.position === 'static') continue;
      position = style.position;
      if (!/auto|scroll|hidden|clip/.test(style.overflowY)) continue;
      const box = parent.getBoundingClientRect();
      left = Math.max(left, box.left); top = Math.max(top, box.top);
      right = Math.min(right, box.right); bottom = Math.min(bottom, box.bottom);
    }
    top = Math.max(top, 0); bottom = Math.min(bottom, innerHeight);
    return { rect, left, top, right, bottom, height: Math.max(0, bottom - top) };
  };
  const whole = (element) => { const s = shown(element); return s.rect.height > 0 && s.height >= s.rect.height - 1; };
`;

/** The screen's primary action: what the customer taps to go on. */
export const PRIMARY: Record<WalkInScreen, string> = {
  start: '.btn-hero',
  service: '.service-main',
  day: '.day-open',
  time: '[data-time]:enabled',
  'visit-time': '[data-time]:enabled',
  details: '.action-bar-primary .btn-primary',
  review: '.btn-confirm',
  confirmation: '.action-bar-primary .btn, .btn-primary',
};
