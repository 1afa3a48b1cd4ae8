import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Resources } from '../../renderer/i18n/en';
import { LANGUAGES, type LanguageCode } from '../../renderer/i18n/languages';
import { languageResources } from '../../renderer/i18n/setup';
import { CUSTOMER, eventually, firstFreeSlot, type SlotChoice } from './support/flow';
import { SCREENSHOT_DIR, expectAccessible, expectTouchTargets, onScreen } from './support/screens';
import { STAFF_PIN, expect, setUpKiosk, test } from './support/stack';

const DISPLAY_RULES = [
  'color-contrast',
  'link-in-text-block',
  'scrollable-region-focusable',
  'avoid-inline-spacing',
  'css-orientation-lock',
  'meta-viewport',
];
const SETTLED = `document.getAnimations().every((animation) => animation.playState !== 'running')`;

/** Service -> day -> time, by data attributes (the labels are in the screen's language). */
async function toTime(
  page: Page,
  choice: SlotChoice,
  check: (screen: string) => Promise<void>,
): Promise<void> {
  await page.locator('.service-main', { hasText: choice.serviceTitle }).click();
  await check('day');
  // The day screen opens on today's month (on the kiosk's fixed clock), or skips by itself to the next.
  if (choice.nextMonth && choice.monthOpens)
    await page.locator('.calendar-head button').last().click();
  await page.locator(`[data-date="${choice.date}"]`).click();
  await check('time');
}

/** Turns larger text and high contrast both on or both off, through the top bar's toggles. */
async function setDisplay(page: Page, on: boolean): Promise<void> {
  for (const toggle of ['large-text', 'high-contrast']) {
    const button = page.locator(`[data-toggle="${toggle}"]`);
    if ((await button.getAttribute('aria-pressed')) !== String(on)) await button.click();
    await expect(button).toHaveAttribute('aria-pressed', String(on));
  }
  await expect(page.locator('html')).toHaveClass(
    on
      ? /large-text.*high-contrast|high-contrast.*large-text/
      : /^(?!.*(large-text|high-contrast)).*$/,
  );
}

/** axe and touch targets on the current screen, then axe again with larger text and high contrast. */
function screenCheck(page: Page, language: LanguageCode) {
  return async (screen: string): Promise<void> => {
    await onScreen(page, screen);
    const label = `${screen} (${language})`;
    await expectAccessible(page, label);
    await expectTouchTargets(page, label);
    // Larger text and high contrast change only sizes and colours of the DOM checked in full
    // above: these are the WCAG 2.1 A/AA rules that CSS can break.
    await setDisplay(page, true);
    await expectAccessible(page, `${label}, larger text and high contrast`, DISPLAY_RULES);
    await setDisplay(page, false);
  };
}

test('Arabic walk-in end to end: right to left, an Arabic name typed on the on-screen keyboard, booked', async ({
  page,
  kiosk,
}) => {
  const ar = await languageResources('ar');
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk);
  await page.goto(kiosk.web.openUrl);
  await onScreen(page, 'start');
  await page.locator('.language-choice button[lang="ar"]').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: ar.start.title })).toBeVisible();
  await page.locator('.btn-hero').click();
  await onScreen(page, 'service');
  await expect(page.getByRole('heading', { name: ar.service.title })).toBeVisible();
  // Mirrored: the primary action sits on the left, "back" on the right.
  const primary = await page.locator('.action-bar-primary').boundingBox();
  const secondary = await page.locator('.action-bar-secondary').boundingBox();
  expect(primary && secondary && primary.x < secondary.x).toBe(true);

  await toTime(page, choice, (screen) => onScreen(page, screen));
  await expect(page.getByRole('heading', { name: ar.time.title })).toBeVisible();
  // Times keep Latin digits.
  await expect(page.locator(`[data-time="${choice.time}"]`)).toContainText(choice.time);
  await expect.poll(() => page.evaluate<boolean>(SETTLED)).toBe(true);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'kiosk-time-ar.png') });

  await page.locator(`[data-time="${choice.time}"]`).click();
  await onScreen(page, 'details');
  await expect(page.locator('.field-active #field-name')).toHaveCount(1); // the keyboard types here
  const keyboard = page.getByTestId('on-screen-keyboard');
  await expect(keyboard).toHaveAttribute('dir', 'ltr');
  for (const letter of ['أ', 'ح', 'م', 'د'])
    await keyboard.locator(`[data-skbtn="${letter}"]`).click();
  await keyboard.locator('[data-skbtn="{space}"]').click();
  // A Latin surname through the layout switch.
  await keyboard.locator('[data-skbtn="{script}"]').click();
  await keyboard.locator('[data-skbtn="{shift}"]').click();
  for (const letter of ['K', 'a', 'y', 'a'])
    await keyboard.locator(`[data-skbtn="${letter}"]`).click();
  await expect(page.getByLabel(ar.details.name, { exact: true })).toHaveValue('أحمد Kaya');
  await keyboard.locator('[data-skbtn="{enter}"]').click(); // to the e-mail field, e-mail keys
  await expect(keyboard).toHaveAttribute('data-layer', 'email');
  await page.getByLabel(ar.details.email, { exact: true }).fill(CUSTOMER.email);
  await page.getByLabel(ar.details.phone, { exact: true }).fill(CUSTOMER.phone);
  await page.getByRole('button', { name: ar.nav.next }).click();
  await onScreen(page, 'review');
  await expect(page.getByText(ar.review.stillFree)).toBeVisible();
  await expectAccessible(page, 'review (ar)');
  await page.getByRole('button', { name: ar.review.confirm }).click();
  await onScreen(page, 'confirmation');
  await expect(page.getByRole('heading', { name: ar.confirmation.title })).toBeVisible();
  await expect(page.getByTestId('appointment-number')).toHaveText(/^[A-Z]-\d{6,}$/);
  await expect(page.locator('img.qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await eventually(async () => {
    const [booking] = (await kiosk.call('listBookings')) as {
      state: string;
      request: { customer: { name: string } };
    }[];
    return booking?.state === 'sent' && booking.request.customer.name === 'أحمد Kaya';
  });
  // The next customer starts in the shop's language again, left to right.
  await page.getByRole('button', { name: ar.confirmation.finish }).click();
  await onScreen(page, 'start');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('a screen token the browser shell refuses is a message for staff, not "cannot be reached"', async ({
  page,
  kiosk,
}) => {
  const en = await languageResources('en');
  await page.goto(`${kiosk.web.url}/#token=not-the-token`);
  await expect(page.getByRole('alert')).toHaveText(en.app.refused);
  await expectAccessible(page, 'refused token');
});

// One pass over every screen per language, each screen also with larger text and high
// contrast; the server and fault proxy are the worker's, each language gets a fresh kiosk.
for (const [index, language] of LANGUAGES.entries()) {
  test(`every screen in ${language} passes axe (serious, critical), also with larger text and high contrast`, async ({
    page,
    kiosk,
  }) => {
    test.setTimeout(300_000); // 1.5-3 min per language measured here (load average 13-24 on 2 cores)
    const strings: Resources = await languageResources(language);
    await setUpKiosk(kiosk, { language });
    const choice = await firstFreeSlot(kiosk, index % 2);
    const check = screenCheck(page, language);
    await page.goto(kiosk.web.openUrl);
    await check('start');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { name: strings.start.title })).toBeVisible();
    await page.locator('.btn-hero').click();
    await check('service');
    await toTime(page, choice, check);
    await page.locator(`[data-time="${choice.time}"]`).click();
    await expect(page.getByTestId('on-screen-keyboard')).toBeVisible();
    await check('details');
    await page.getByLabel(strings.details.name, { exact: true }).fill(CUSTOMER.name);
    await page.getByLabel(strings.details.email, { exact: true }).fill(CUSTOMER.email);
    await page.getByLabel(strings.details.phone, { exact: true }).fill(CUSTOMER.phone);
    // Left empty, a field says so in the screen's language (no browser bubble).
    await page.getByLabel(strings.details.phone, { exact: true }).fill('');
    await page.getByRole('button', { name: strings.nav.next }).click();
    await expect(page.getByText(strings.details.errors.required)).toBeVisible();
    await check('details');
    await page.getByLabel(strings.details.phone, { exact: true }).fill(CUSTOMER.phone);
    await page.getByRole('button', { name: strings.nav.next }).click();
    await expect(page.getByText(strings.review.stillFree)).toBeVisible();
    await check('review');
    await page.getByRole('button', { name: strings.review.confirm }).click();
    await expect(page.locator('img.qr')).toBeVisible();
    await check('confirmation');
    await page.getByRole('button', { name: strings.confirmation.print }).click();
    await check('receipt');
    await page.getByRole('button', { name: strings.receipt.back }).click();
    await page.getByRole('button', { name: strings.confirmation.finish }).click();
    await onScreen(page, 'start');

    await page.getByRole('button', { name: strings.toolbar.staff, exact: true }).click();
    await check('pin');
    await page.getByLabel(strings.staff.pinPrompt).fill(STAFF_PIN);
    await page.getByRole('button', { name: strings.staff.unlock }).click();
    await expect(page.getByTestId('outbox-item').first()).toBeVisible();
    await check('outbox');
    await page.getByRole('tab', { name: strings.staff.tabs.settings }).click();
    await check('settings');
    // A wrong value gets our message, in this language.
    await page.getByLabel(strings.settings.idleTimeout).fill('5');
    await page.getByRole('button', { name: strings.settings.save, exact: true }).click();
    await expect(
      page.getByText(
        strings.settings.errors.range.replace('{{min}}', '15').replace('{{max}}', '600'),
      ),
    ).toBeVisible();
    await check('settings');
    await page.getByRole('tab', { name: strings.staff.tabs.booking }).click();
    await check('counter-booking'); // the staff's one-screen booking
  });
}
