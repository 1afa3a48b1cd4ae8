/**
 * axe with the WCAG 2.2 AA rule set (issue 31): no violation of any impact on any walk-in screen
 * in normal, reach, 200 % text and high-contrast mode (audio mode: its own spec).
 */
import type { Page } from '@playwright/test';
import { turnOnReach } from './support/access';
import { axeViolations, describeViolations } from './support/axe';
import { chooseDay, fillDetails, firstFreeSlot } from './support/flow';
import { onScreen } from './support/screens';
import { expect, openKiosk, setUpKiosk, test } from './support/stack';

const WCAG22AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Mode = 'normal' | 'reach' | 'large text' | 'high contrast';
const MODES: Mode[] = ['normal', 'reach', 'large text', 'high contrast'];

async function axe(page: Page, label: string): Promise<void> {
  const found = describeViolations(await axeViolations(page, { tags: WCAG22AA }));
  expect.soft(found, `axe WCAG 2.2 AA on ${label}`).toEqual([]);
}

async function turnOn(page: Page, mode: Mode): Promise<void> {
  if (mode === 'reach') return turnOnReach(page);
  if (mode === 'normal') return;
  const toggle = page.locator(
    `[data-toggle="${mode === 'large text' ? 'large-text' : 'high-contrast'}"]`,
  );
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
}

for (const mode of MODES) {
  test(`axe WCAG 2.2 AA: no violation on any walk-in screen, ${mode}`, async ({ page, kiosk }) => {
    await setUpKiosk(kiosk);
    const choice = await firstFreeSlot(kiosk);
    await openKiosk(page, kiosk);
    await turnOn(page, mode);
    const check = async (screen: string): Promise<void> => {
      await onScreen(page, screen);
      await axe(page, `${screen}, ${mode}`);
    };
    await check('start');
    await page.locator('.btn-hero').click();
    await check('service');
    await page.locator('.service-main', { hasText: choice.serviceTitle }).click();
    await check('day');
    await chooseDay(page, choice);
    await check('time');
    await page.locator(`[data-time="${choice.time}"]`).click();
    await check('details');
    await fillDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await check('review');
    await page.getByRole('button', { name: 'Book now' }).click();
    await check('confirmation');
    await page.getByTestId('call-staff').click();
    await expect(page.getByRole('alert')).toBeVisible();
    await axe(page, `confirmation with a call for staff, ${mode}`);
  });
}
