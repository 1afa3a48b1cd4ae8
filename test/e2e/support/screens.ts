import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const SCREENSHOT_DIR = join('test-results', 'screenshots');
const PORTRAIT = { width: 1080, height: 1920 };
const LANDSCAPE = { width: 1920, height: 1080 };

export async function onScreen(page: Page, name: string): Promise<void> {
  await expect(page.locator(`[data-screen="${name}"]`).first()).toBeVisible();
}

/** axe-core on the current screen: no serious or critical violation (WCAG 2.1 A/AA rules). */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
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

/** Both checks for a screen the flow has just reached. */
export async function review(page: Page, screen: string, name = screen): Promise<void> {
  await onScreen(page, screen);
  await expectAccessible(page, name);
  await capture(page, name);
}
