import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { axeViolations, describeViolations } from './axe';

export const SCREENSHOT_DIR = join('test-results', 'screenshots');
const PORTRAIT = { width: 1080, height: 1920 };
const LANDSCAPE = { width: 1920, height: 1080 };

export async function onScreen(page: Page, name: string): Promise<void> {
  await expect(page.locator(`[data-screen="${name}"]`).first()).toBeVisible();
}

/**
 * axe-core on the current screen: no serious or critical violation (WCAG 2.1 A/AA rules, or only
 * the `rules` named, e.g. those a display setting can change on a DOM already checked in full).
 */
export async function expectAccessible(page: Page, label: string, rules?: string[]): Promise<void> {
  const violations = await axeViolations(
    page,
    rules ? { rules } : { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  );
  const blocking = describeViolations(
    violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    ),
  );
  expect(blocking, `axe on ${label}`).toEqual([]);
}

/** The screen at the kiosk's portrait size and the counter's landscape size, then back. */
export async function capture(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize() ?? PORTRAIT;
  for (const [suffix, size] of [
    ['portrait', PORTRAIT],
    ['landscape', LANDSCAPE],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250); // let the 140 ms entry animation finish
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${suffix}.png`) });
  }
  await page.setViewportSize(original);
}

// These run in the page (strings: this project's TypeScript has no DOM types; page.evaluate
// runs them outside the page's CSP, which waitForFunction would not).
const SMALL_TARGETS = `[...document.querySelectorAll('button, input:not([type="radio"]), select, textarea, .hg-button, label.radio')]
  .filter((element) => element.offsetParent !== null)
  .map((element) => ({ element, rect: element.getBoundingClientRect() }))
  .filter(({ rect }) => rect.width > 0 && (rect.width < 48 || rect.height < 48))
  .map(({ element, rect }) => element.tagName.toLowerCase() + ' "' + (element.textContent || '').trim().slice(0, 20) + '" ' + Math.round(rect.width) + 'x' + Math.round(rect.height))`;

/** Every visible control is at least 48 x 48 CSS px (a radio counts by its label). */
export async function expectTouchTargets(page: Page, label: string): Promise<void> {
  const small = await page.evaluate<string[]>(SMALL_TARGETS);
  expect(small, `touch targets on ${label}`).toEqual([]);
}

/** The checks for a screen the flow has just reached: axe, touch targets, screenshots. */
export async function review(page: Page, screen: string, name = screen): Promise<void> {
  await onScreen(page, screen);
  await expectAccessible(page, name);
  await expectTouchTargets(page, name);
  await capture(page, name);
}
