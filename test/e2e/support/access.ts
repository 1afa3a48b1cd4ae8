/**
 * Checks of issue 31's display modes, run in the page (strings: this project's TypeScript has no
 * DOM types, and page.evaluate runs them outside the page's CSP).
 */
import { expect, type Page } from '@playwright/test';

const OPERABLE = `button:not(:disabled), a[href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [role="button"], .hg-button`;

/**
 * Operable elements whose reachable part lies above `line` (CSS px from the top). An element
 * inside a scrolling box counts by the part of it the box shows; one scrolled out of sight counts
 * by the box's top (scrolling brings it there, not higher).
 */
const ABOVE_LINE = (line: number) => `[...document.querySelectorAll('${OPERABLE}')]
  .filter((element) => element.checkVisibility({ visibilityProperty: true }))
  .map((element) => {
    const rect = element.getBoundingClientRect();
    let top = rect.top;
    let bottom = rect.bottom;
    let boxTop = 0;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (!/auto|scroll|hidden|clip/.test(getComputedStyle(parent).overflowY)) continue;
      const box = parent.getBoundingClientRect();
      boxTop = Math.max(boxTop, box.top);
      top = Math.max(top, box.top);
      bottom = Math.min(bottom, box.bottom);
    }
    const reachable = bottom > top ? top : boxTop;
    return { element, rect, reachable };
  })
  .filter(({ rect, reachable }) => rect.width > 0 && rect.height > 0 && reachable < ${line} - 0.5)
  .map(({ element, reachable }) => element.tagName.toLowerCase() + ' "' + (element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 24) + '" at ' + Math.round(reachable))`;

/** Every enabled button, link and input of the screen lies below the reach line. */
export async function expectBelowReachLine(page: Page, line: number, label: string): Promise<void> {
  const above = await page.evaluate<string[]>(ABOVE_LINE(line));
  expect(above, `controls above the reach line (${line} px) on ${label}`).toEqual([]);
  // The check has something to check: the screen has controls, all below the line.
  const count = await page.evaluate<number>(
    `[...document.querySelectorAll('${OPERABLE}')].filter((e) => e.checkVisibility()).length`,
  );
  expect(count, `controls on ${label}`).toBeGreaterThan(0);
}

/** Turns reach mode on with its own button (at the bottom of every customer screen). */
export async function turnOnReach(page: Page): Promise<void> {
  const toggle = page.locator('[data-toggle="reach"]');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveClass(/reach-mode/);
}

/** The operable elements above `line`, for a test that shows the check finds them. */
export function controlsAboveLine(page: Page, line: number): Promise<string[]> {
  return page.evaluate<string[]>(ABOVE_LINE(line));
}

/**
 * Records every tone the page starts through Web Audio (renderer/access/chime.ts) as its
 * frequency in `window.__tones`: the test hears the warning without a sound card.
 */
export async function recordTones(page: Page): Promise<void> {
  await page.addInitScript(`(() => {
    window.__tones = [];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) {
      window.__tones.push(this.frequency.value);
      return start.apply(this, args);
    };
  })()`);
}

export function tones(page: Page): Promise<number[]> {
  return page.evaluate<number[]>('window.__tones');
}

/**
 * What 200 % text must not do to a screen (WCAG 1.4.4 / 1.4.10 on a closed screen): text cut off
 * in its box (`scrollWidth > clientWidth` of an element holding text), operable parts on top of
 * each other, or a scroll in two directions (any box, the page included, scrolling sideways).
 */
const TEXT_FIT_PROBLEMS = `(() => {
  const problems = [];
  const visible = (element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
  const name = (element) => element.tagName.toLowerCase() + (element.className && typeof element.className === 'string' ? '.' + element.className.trim().split(/\\s+/).join('.') : '') + ' "' + (element.textContent || '').trim().slice(0, 24) + '"';
  for (const element of document.querySelectorAll('body *')) {
    if (!visible(element)) continue;
    const ownText = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim() !== '');
    if (ownText && element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).display !== 'inline')
      problems.push('clipped: ' + name(element) + ' ' + element.scrollWidth + '>' + element.clientWidth);
    const style = getComputedStyle(element);
    if (/auto|scroll/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 1)
      problems.push('scrolls sideways: ' + name(element));
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) problems.push('the page scrolls sideways');
  // Each control by the part its scrolling boxes show (a list scrolled under the action bar is
  // cut off by its own box, not lying under the bar).
  const shown = (element) => {
    const rect = element.getBoundingClientRect();
    let { left, top, right, bottom } = rect;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (!/auto|scroll|hidden|clip/.test(getComputedStyle(parent).overflowY)) continue;
      const box = parent.getBoundingClientRect();
      left = Math.max(left, box.left); top = Math.max(top, box.top);
      right = Math.min(right, box.right); bottom = Math.min(bottom, box.bottom);
    }
    return { left, top, right, bottom, width: right - left, height: bottom - top };
  };
  const operable = [...document.querySelectorAll('${OPERABLE}, label.radio')].filter(visible)
    .map((element) => ({ element, rect: shown(element) }))
    .filter(({ rect }) => rect.width > 0 && rect.height > 0);
  for (let i = 0; i < operable.length; i++)
    for (let j = i + 1; j < operable.length; j++) {
      const a = operable[i], b = operable[j];
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (x > 1 && y > 1) problems.push('overlap: ' + name(a.element) + ' / ' + name(b.element));
    }
  return problems;
})()`;

export async function expectTextFits(page: Page, label: string): Promise<void> {
  const problems = await page.evaluate<string[]>(TEXT_FIT_PROBLEMS);
  // Soft: one run names the problems of every screen, not only the first.
  expect.soft(problems, `200 % text on ${label}`).toEqual([]);
}
