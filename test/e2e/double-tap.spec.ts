/**
 * Issue 9: a double tap (two taps ~150 ms apart, as an impatient finger does) acts once. The
 * second tap lands on the next screen while it ignores taps, whatever sits there.
 * Issue 19: so does a slow one (600 ms apart): a new screen ignores taps for 800 ms.
 * Issue 28: and a slower one (up to 1,100 ms apart): the spot of the tap that opened a screen
 * stays dead on it a while longer, whatever the new screen has there.
 */
import type { Locator, Page } from '@playwright/test';
import { CUSTOMER, fillDetails, firstFreeSlot } from './support/flow';
import { onScreen } from './support/screens';
import { expect, openKiosk, setUpKiosk, test } from './support/stack';
import { ACCESS_DEFAULTS } from '../../shared/access-defaults';

// The kiosk's own tap guard, as a shop has it (the other specs set it off).
test.use({ hasTouch: true, tapGuardMs: ACCESS_DEFAULTS.tapGuardMs });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where a finger taps `target`: scrolled to the middle of its screen and uncovered. A tap by
 * coordinates hits whatever lies on top, so a time low in the grid, under the action bar, would
 * be a tap on "Back" (the first free time of a late afternoon is there).
 */
async function boxOf(target: Locator): Promise<Box> {
  await expect(target).toBeVisible();
  await expect(target).toBeEnabled();
  // Typed by hand: the page's function runs in Chromium, these tests compile without the DOM.
  const onTop = await target.evaluate((element: unknown) => {
    interface Rect {
      left: number;
      top: number;
      width: number;
      height: number;
    }
    const target = element as {
      scrollIntoView(options: object): void;
      getBoundingClientRect(): Rect;
      contains(other: unknown): boolean;
    };
    const page = globalThis as unknown as {
      document: { elementFromPoint(x: number, y: number): unknown };
    };
    target.scrollIntoView({ block: 'center' });
    const box = target.getBoundingClientRect();
    const top = page.document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && target.contains(top);
  });
  expect(onTop, 'nothing lies over the centre of the target').toBe(true);
  const box = await target.boundingBox();
  if (!box) throw new Error('no box');
  return box;
}

/**
 * Pauses the page's clock a moment from now. The clock runs between reading it and pausing it,
 * longer on a busy machine; pausing at a time that has passed is refused ("Cannot fast-forward to
 * the past"), so read it again and retry.
 */
async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 100);
      return;
    } catch (error) {
      if (attempt >= 20 || !String(error).includes('past')) throw error;
    }
  }
}

/**
 * Two real touch taps at the centre of `target`, `gapMs` apart on the page's clock; returns where
 * they landed. The page's clock stands still between them but for that gap, so a loaded machine
 * cannot stretch it past the guard's 800 ms (the guard reads the page's clock).
 */
async function doubleTap(page: Page, target: Locator, gapMs = 150): Promise<Box> {
  // The screen with the target must itself be past its guard, as a customer's first tap is.
  await expect(page.locator('[data-tap-guard="armed"]')).toHaveCount(0);
  await expect(page.getByTestId('tap-shield')).toHaveCount(0);
  const box = await boxOf(target);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await pauseClock(page);
  await page.touchscreen.tap(x, y);
  await page.waitForTimeout(150); // real time for the first tap's screen to render
  await page.clock.runFor(gapMs);
  await page.touchscreen.tap(x, y);
  await page.clock.resume();
  return box;
}

/** The next screen is shown and stays (the second tap did not act on it). */
async function landsOn(page: Page, screen: string): Promise<void> {
  await onScreen(page, screen);
  await page.waitForTimeout(700);
  await onScreen(page, screen);
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('a double tap on every step of the walk-in flow acts once; the booking is made once and its number shown', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk);
  await openKiosk(page, kiosk);

  await doubleTap(page, page.locator('.btn-hero'));
  await landsOn(page, 'service');
  await doubleTap(page, page.locator('.service-main', { hasText: choice.serviceTitle }));
  await landsOn(page, 'day');
  if (choice.nextMonth && choice.monthOpens)
    await page.locator('.calendar-head button').last().click();
  await doubleTap(page, page.locator(`[data-date="${choice.date}"]`));
  await landsOn(page, 'time');
  await doubleTap(page, page.locator(`[data-time="${choice.time}"]`));
  await landsOn(page, 'details');
  await fillDetails(page);
  const next = await doubleTap(page, page.getByRole('button', { name: /Continue/ }));
  await landsOn(page, 'review');
  const bookNow = page.getByRole('button', { name: 'Book now' });
  // Consecutive primary actions never share a place.
  expect(overlaps(next, await boxOf(bookNow))).toBe(false);
  const booked = await doubleTap(page, bookNow);
  await landsOn(page, 'confirmation');
  await expect(page.getByTestId('appointment-number')).toHaveText(/^[A-Z]-\d{6,}$/);
  await expect(page.locator('img.qr')).toBeVisible();
  expect(overlaps(booked, await boxOf(page.getByRole('button', { name: 'Finish' })))).toBe(false);
  const bookings = (await kiosk.call('listBookings')) as {
    request: { customer: { email: string } };
  }[];
  expect(bookings.map((booking) => booking.request.customer.email)).toEqual([CUSTOMER.email]);

  await doubleTap(page, page.getByRole('button', { name: 'Finish' }));
  await landsOn(page, 'start');
});

test('a double tap on "Next free appointment" does not take the offer', async ({ page, kiosk }) => {
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  await page.locator('.btn-hero').click();
  await onScreen(page, 'service');
  await doubleTap(page, page.getByRole('button', { name: 'Next free appointment' }).first());
  await expect(page.getByRole('button', { name: /Take it/ })).toBeVisible();
  await page.waitForTimeout(700);
  await onScreen(page, 'service');
});

test('a slow double tap (600 ms) acts once: on a day, on "Next free appointment" and on "Finish"', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk);
  await openKiosk(page, kiosk);
  await page.locator('.btn-hero').click();
  await onScreen(page, 'service');

  // "Next free appointment" twice: the offer appears where the button was and is not taken.
  await doubleTap(page, page.getByRole('button', { name: 'Next free appointment' }).first(), 600);
  await expect(page.getByRole('button', { name: /Take it/ })).toBeVisible();
  await page.waitForTimeout(700);
  await onScreen(page, 'service');

  // A day twice: the time grid shows and no time is taken on the customer's behalf.
  await page.locator('.service-main', { hasText: choice.serviceTitle }).click();
  await onScreen(page, 'day');
  if (choice.nextMonth && choice.monthOpens)
    await page.locator('.calendar-head button').last().click();
  await doubleTap(page, page.locator(`[data-date="${choice.date}"]`), 600);
  await landsOn(page, 'time');

  await page.locator(`[data-time="${choice.time}"]`).click();
  await onScreen(page, 'details');
  await fillDetails(page);
  await page.getByRole('button', { name: /Continue/ }).click();
  await onScreen(page, 'review');
  await page.getByRole('button', { name: 'Book now' }).click();
  await onScreen(page, 'confirmation');

  // "Finish" twice: the start screen for the next customer, still in the shop's language.
  await doubleTap(page, page.getByRole('button', { name: 'Finish' }), 600);
  await landsOn(page, 'start');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.language-choice [aria-pressed="true"]')).toHaveText('English');
});

for (const gapMs of [600, 750, 900, 1_100]) {
  test(`a slow double tap (${gapMs} ms) on every main button of the walk-in flow acts once`, async ({
    page,
    kiosk,
  }) => {
    await setUpKiosk(kiosk);
    const choice = await firstFreeSlot(kiosk);
    await openKiosk(page, kiosk);

    // "Touch to start" lies over the services (and their "Next free appointment" buttons).
    await doubleTap(page, page.locator('.btn-hero'), gapMs);
    await landsOn(page, 'service');
    await expect(page.getByRole('button', { name: /Take it/ })).toHaveCount(0);

    // A service lies over the calendar: no day chosen.
    await doubleTap(page, page.locator('.service-main', { hasText: choice.serviceTitle }), gapMs);
    await landsOn(page, 'day');
    if (choice.nextMonth && choice.monthOpens)
      await page.locator('.calendar-head button').last().click();
    // A day lies over the time grid: no time chosen.
    await doubleTap(page, page.locator(`[data-date="${choice.date}"]`), gapMs);
    await landsOn(page, 'time');

    // A time lies over the details form and its keyboard: nothing typed, nothing chosen.
    await doubleTap(page, page.locator(`[data-time="${choice.time}"]`), gapMs);
    await landsOn(page, 'details');
    for (const label of ['Name', 'E-mail', 'Phone'])
      await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
    await fillDetails(page);

    await doubleTap(page, page.getByRole('button', { name: /Continue/ }), gapMs);
    await landsOn(page, 'review');
    await doubleTap(page, page.getByRole('button', { name: 'Book now' }), gapMs);
    await landsOn(page, 'confirmation');
    const bookings = (await kiosk.call('listBookings')) as unknown[];
    expect(bookings).toHaveLength(1);

    // "Finish" lies where the next customer's "Touch to start" is not: the start screen stays.
    await doubleTap(page, page.getByRole('button', { name: 'Finish' }), gapMs);
    await landsOn(page, 'start');
    expect((await kiosk.call('listBookings')) as unknown[]).toHaveLength(1);
  });
}
