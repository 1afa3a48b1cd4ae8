/**
 * Issue 31, explore by touch: a whole booking on a tablet-sized touch screen (800x1280) in audio
 * mode, with no keypad: a three-finger tap starts audio mode, one touch says the item under the
 * finger, a double tap activates it, a two-finger swipe goes back. The details are typed on the
 * on-screen keyboard the same way, key by key.
 */
import type { Locator, Page } from '@playwright/test';
import { firstFreeSlot } from './support/flow';
import { expectSaid, recordSpeech, screenReady, spoken } from './support/speech';
import { centre, finger, type Finger } from './support/touch';
import { expect, openKiosk, setUpKiosk, test } from './support/stack';
import { ACCESS_DEFAULTS } from '../../shared/access-defaults';

// The kiosk's own tap guard, as a shop has it (the other specs set it off).
test.use({
  viewport: { width: 800, height: 1280 },
  hasTouch: true,
  tapGuardMs: ACCESS_DEFAULTS.tapGuardMs,
});

/**
 * A screen appeared: its tap guard opens. The page clock stands still between gestures, but a
 * screen may need page time to show: on a busy machine the booking's answer comes after the
 * gesture's second, and React shows a suspended screen from a timer. So page time passes in
 * small steps while the customer waits for it, as it would at a real kiosk.
 */
async function arrive(page: Page, screen: string): Promise<void> {
  const shown = page.locator(`[data-screen="${screen}"]`).first();
  await expect(async () => {
    if (!(await shown.isVisible())) await page.clock.runFor(250);
    await expect(shown).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 30_000 });
  await page.clock.runFor(1000);
  await screenReady(page, screen);
}

/** One touch says the item (and focuses it); a double tap activates it. */
async function choose(
  page: Page,
  hand: Finger,
  target: Locator,
  said: string | RegExp,
): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const from = (await spoken(page)).length;
  await hand.touch(await centre(target));
  await expectSaid(page, from, said);
  await expect(target).toBeFocused();
  await hand.doubleTap(await centre(target));
}

/** Keys of the on-screen keyboard, each found by touch (said by its name) and double-tapped. */
async function typeKeys(page: Page, hand: Finger, keys: string[]): Promise<void> {
  for (const key of keys) {
    const button = page.locator(`.hg-button[data-skbtn="${key}"]`).first();
    await choose(page, hand, button, key === '{shift}' ? 'capital letters' : key);
  }
}

test('explore by touch: a whole booking on an 800x1280 touch screen', async ({ page, kiosk }) => {
  test.setTimeout(150_000);
  const choice = await firstFreeSlot(kiosk);
  await recordSpeech(page, ['en-GB']);
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  // The page clock stands still but for each gesture's second (support/touch.ts).
  await page.clock.pauseAt(kiosk.clock.now() + 1000);
  await page.clock.runFor(1000);
  await screenReady(page, 'start');
  const hand = await finger(page);

  // A sighted customer's single touch explores nothing: it starts the booking as always.
  await hand.multiTap([
    { x: 200, y: 900 },
    { x: 400, y: 900 },
    { x: 600, y: 900 },
  ]);
  await expectSaid(page, 0, 'Touch the screen to hear what is under your finger');
  await expect(page.locator('html')).toHaveClass(/audio-mode/);

  // One touch on "Touch to start" says it and does not start.
  const startButton = page.locator('.btn-hero');
  const from = (await spoken(page)).length;
  await hand.touch(await centre(startButton));
  await expectSaid(page, from, 'Touch to start');
  await expect(page.locator('[data-screen="start"]')).toBeVisible();
  await hand.doubleTap(await centre(startButton));
  await arrive(page, 'service');

  await choose(
    page,
    hand,
    page.locator('.service-main', { hasText: choice.serviceTitle }),
    choice.serviceTitle,
  );
  await arrive(page, 'day');
  // A two-finger swipe goes back one screen; forward again.
  await hand.swipe({ x: 200, y: 600 }, 300);
  await arrive(page, 'service');
  await choose(
    page,
    hand,
    page.locator('.service-main', { hasText: choice.serviceTitle }),
    choice.serviceTitle,
  );
  await arrive(page, 'day');
  await choose(page, hand, page.locator(`[data-date="${choice.date}"]`), /2026/);
  await arrive(page, 'time');
  await choose(page, hand, page.locator(`[data-time="${choice.time}"]`), choice.time);
  await arrive(page, 'details');

  await choose(page, hand, page.locator('#field-name'), 'Name');
  await typeKeys(page, hand, ['{shift}', 'E', 'v', 'a']);
  await expect(page.locator('#field-name')).toHaveValue('Eva');
  await choose(page, hand, page.locator('#field-email'), 'E-mail');
  await typeKeys(page, hand, ['e', 'v', 'a', '@', 'gmail.com']);
  await expect(page.locator('#field-email')).toHaveValue('eva@gmail.com');
  await choose(page, hand, page.locator('#field-phone'), 'Phone');
  await typeKeys(page, hand, ['0', '3', '0', '1', '2', '3', '4', '5']);
  await expect(page.locator('#field-phone')).toHaveValue('03012345');
  await choose(page, hand, page.getByRole('button', { name: /Continue/ }), 'Continue');

  await arrive(page, 'review');
  await expect(page.getByRole('button', { name: 'Book now' })).toBeEnabled();
  await choose(page, hand, page.getByRole('button', { name: 'Book now' }), 'Book now');
  await arrive(page, 'confirmation');
  const number = (await page.getByTestId('appointment-number').textContent()) ?? '';
  const said = (await spoken(page))
    .filter((u) => u.screen === 'confirmation')
    .map((u) => u.text)
    .join(' ');
  expect(said).toContain(number);
  expect(said).toContain(choice.time);
  expect(said).not.toContain('eva@gmail.com');
});
