/**
 * Issue 38, "details the walk found": a clean console under the CSP (item 14) and the shop's
 * time on a device set to another zone (item 12).
 */
import type { Page } from '@playwright/test';
import { instantToWall } from '../../shared/booking/time';
import { SCREEN_HOLD_MS } from '../../shared/kiosk-holds';
import { chooseSlot, fillDetails, firstFreeSlot, start } from './support/flow';
import { onScreen } from './support/screens';
import { STAFF_PIN, expect, openKiosk, setUpKiosk, test } from './support/stack';

/** CSP violations (as the page reports them) and console errors, from before any page script. */
async function recordProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => problems.push(text));
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) =>
      window.__cspViolation(event.violatedDirective + ' ' + event.blockedURI + ' ' + event.sourceFile));`,
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

test('issue 38 item 14: no CSP violation or console error on any walk-in or staff screen', async ({
  page,
  kiosk,
}) => {
  // Nine screens and a booking on a busy machine.
  test.setTimeout(120_000);
  const problems = await recordProblems(page);
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk);
  // The staff side: the PIN screen, the bookings and the settings.
  await openKiosk(page, kiosk);
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'staff');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await onScreen(page, 'settings');
  await page.getByRole('tab', { name: 'Today' }).click();
  await onScreen(page, 'day-glance');
  await page.getByRole('button', { name: 'Back to kiosk' }).click();
  // A fresh load, as a customer's day begins: every walk-in screen.
  await openKiosk(page, kiosk);
  await start(page);
  await chooseSlot(page, choice);
  await fillDetails(page);
  await page.getByRole('button', { name: /Continue/ }).click();
  await onScreen(page, 'review');
  await page.getByRole('button', { name: 'Book now' }).click();
  await onScreen(page, 'confirmation');
  await page.getByRole('button', { name: 'Print receipt' }).click();
  await onScreen(page, 'receipt');
  expect(problems).toEqual([]);
});

test.describe('on a device set to New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("issue 38 item 12: the hold's end is the shop's (Berlin) time, not the device's", async ({
    page,
    kiosk,
  }) => {
    await setUpKiosk(kiosk);
    const choice = await firstFreeSlot(kiosk);
    await openKiosk(page, kiosk);
    await start(page);
    await chooseSlot(page, choice);
    await fillDetails(page);
    const before = kiosk.clock.now();
    await page.getByRole('button', { name: /Continue/ }).click();
    await onScreen(page, 'review');
    const held = page.getByText(/kept for you until/);
    await expect(held).toBeVisible();
    const after = kiosk.clock.now();
    // The page's clock follows the kiosk's (stack.ts); the minute lies between the two reads.
    const minutes = new Set(
      [before, after].map((at) => instantToWall(at + SCREEN_HOLD_MS, 'Europe/Berlin').time),
    );
    const shown = /until (\d\d:\d\d)/.exec((await held.textContent()) ?? '')?.[1];
    expect([...minutes]).toContain(shown);
  });
});
