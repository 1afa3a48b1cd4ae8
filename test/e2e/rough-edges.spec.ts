/**
 * Issue 19, what a shop owner found walking the kiosk in portrait (1080x1920, touch): every new
 * customer starts in the shop's language; a 190-character name fits the receipt; the inputs
 * carry the API's limits; going back shows the day and time chosen before; the logo tile shows
 * the shop's initials.
 */
import type { Page } from '@playwright/test';
import { CUSTOMER, chooseDay, firstFreeSlot, start } from './support/flow';
import { onScreen } from './support/screens';
import { expect, openKiosk, setUpKiosk, test } from './support/stack';

test.use({ hasTouch: true });

/** A name of 190 characters without a space (a customer who typed without one). */
export const LONG_NAME = `Maximiliana${'x'.repeat(179)}`;

async function expectShopLanguage(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.language-choice [aria-pressed="true"]')).toHaveText('English');
}

test('every new customer starts in the shop language: a customer who went back keeps theirs until they walk away, and after idling on the start screen', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk, { idleTimeoutSec: 15 });
  await openKiosk(page, kiosk);

  // One customer begins in German and goes back: still theirs (issue 38 item 1: back to the
  // start keeps the session); when they walk away, the next one finds English.
  await page.locator('.language-choice button[lang="de"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await start(page);
  await page.getByRole('button', { name: /Zurück/ }).click();
  await onScreen(page, 'start');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.clock.fastForward(16_000);
  await expectShopLanguage(page);

  // Another chooses Arabic on the start screen and walks away: after the idle time, English.
  await page.locator('.language-choice button[lang="ar"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.clock.fastForward(10_000);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar'); // not before the idle time
  await page.clock.fastForward(6_000);
  await expectShopLanguage(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('alertdialog')).toHaveCount(0); // nothing personal to warn about
});

test('a 190-character name: the inputs carry the API limits, the receipt wraps it inside the slip', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk);
  await openKiosk(page, kiosk);
  await start(page);
  await page.locator('.service-main', { hasText: choice.serviceTitle }).click();
  await chooseDay(page, choice);
  await page.locator(`[data-time="${choice.time}"]`).click();
  await onScreen(page, 'details');

  const limits = { Name: '200', 'E-mail': '254', Phone: '40', 'Notes (optional)': '1000' };
  for (const [label, max] of Object.entries(limits)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('maxlength', max);
  }
  await page.getByLabel('Name', { exact: true }).fill(`${LONG_NAME}${'y'.repeat(40)}`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(
    `${LONG_NAME}${'y'.repeat(10)}`,
  ); // cut at 200
  await page.getByLabel('Name', { exact: true }).fill(LONG_NAME);
  await page.getByLabel('E-mail', { exact: true }).fill(CUSTOMER.email);
  await page.getByLabel('Phone', { exact: true }).fill(CUSTOMER.phone);
  await page.getByRole('button', { name: /Continue/ }).click();
  await onScreen(page, 'review');
  await expectInside(page, '.summary', '.summary dd');
  await page.getByRole('button', { name: 'Book now' }).click();
  await onScreen(page, 'confirmation');
  await page.getByRole('button', { name: /receipt/ }).click();
  await onScreen(page, 'receipt');
  await expect(page.locator('.receipt')).toContainText(LONG_NAME.slice(0, 40));
  await expectInside(page, '.receipt', '.receipt dd');
});

/** Every `inner` element lies within the `outer` box (nothing runs off it) and the page is not wider than the window. */
async function expectInside(page: Page, outer: string, inner: string): Promise<void> {
  // A string: this project's TypeScript has no DOM types (as in support/screens.ts).
  const overflow = await page.evaluate<string[]>(`(() => {
    const box = document.querySelector(${JSON.stringify(outer)}).getBoundingClientRect();
    const out = [...document.querySelectorAll(${JSON.stringify(inner)})]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.left < box.left - 0.5 || rect.right > box.right + 0.5 || element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => (element.textContent || '').slice(0, 30));
    if (document.documentElement.scrollWidth > window.innerWidth) out.push('page wider than the window');
    return out;
  })()`);
  expect(overflow).toEqual([]);
}

test('back to the time and the day screen shows the choice made before', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk);
  await openKiosk(page, kiosk);
  await start(page);
  await page.locator('.service-main', { hasText: choice.serviceTitle }).click();
  await chooseDay(page, choice);
  await page.locator(`[data-time="${choice.time}"]`).click();
  await onScreen(page, 'details');

  await page.getByRole('button', { name: /Back/ }).click();
  await onScreen(page, 'time');
  await expect(page.locator(`[data-time="${choice.time}"]`)).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('.slot-chosen')).toHaveCount(1);
  await page.getByRole('button', { name: /Back/ }).click();
  await onScreen(page, 'day');
  await expect(page.locator(`[data-date="${choice.date}"]`)).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('.day-chosen')).toHaveCount(1);
});

test.describe('a shop without a logo', () => {
  test.use({ kioskOptions: { shop: { name: 'Salon Lindenhof' } } });

  test('the logo tile shows the shop initials', async ({ page, kiosk }) => {
    await setUpKiosk(kiosk);
    await openKiosk(page, kiosk);
    await expect(page.locator('.top-bar .brand-mark')).toHaveText('SL');
    await expect(page.locator('.top-bar .brand')).toContainText('Salon Lindenhof');
  });
});
