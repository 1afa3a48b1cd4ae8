/**
 * A walk through every walk-in screen on the portrait touch kiosk, in a display mode (issue 38):
 * start, services, day, time, the visit's time (a cut with a colour added), details with the
 * on-screen keyboard, review and confirmation. `visit` is called on each screen once it has
 * settled, for screenshots or geometry checks.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../../shared/booking/time';
import { fillDetails, kioskToday } from './flow';
import { onScreen } from './screens';
import { expect, type Kiosk } from './stack';

export const WALK_IN_SCREENS = [
  'start',
  'service',
  'day',
  'time',
  'visit-time',
  'details',
  'review',
  'confirmation',
] as const;
export type WalkInScreen = (typeof WALK_IN_SCREENS)[number];

export type DisplayMode = 'reach' | 'large-text' | 'reach-large-text';

const CUT = 'svc-damen-schnitt';
const COLOUR = 'svc-faerben';
const SETTLED = `document.getAnimations().every((animation) => animation.playState !== 'running')`;

/** Turns the mode on with the customer's own buttons (reach at the bottom, text at the top). */
export async function turnOnMode(page: Page, mode: DisplayMode): Promise<void> {
  const toggles = { reach: ['reach'], 'large-text': ['large-text'] }[mode as 'reach'] ?? [
    'reach',
    'large-text',
  ];
  for (const name of toggles) {
    const toggle = page.locator(`[data-toggle="${name}"]`);
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  }
}

/**
 * The first day from `from` days ahead on which a cut with a colour fits (the worker's specs
 * share one server and book its first free times), within the month the calendar opens on.
 */
async function visitDay(kiosk: Kiosk, from: number): Promise<string> {
  const now = kioskToday(kiosk);
  for (let ahead = from; ahead <= from + 5; ahead++) {
    const date = addDays(now.date, ahead);
    const times = (await kiosk.call('getVisitTimes', { date, serviceIds: [CUT, COLOUR] })) as {
      offers: { time: string }[];
    };
    if (times.offers.some((offer) => ahead > 0 || offer.time > now.time)) return date;
  }
  throw new Error(`no visit fits from ${addDays(now.date, from)} on`);
}

/**
 * From the start screen (mode already on) to the confirmation. The visit's time screen is the
 * cut's with the colour added; the colour is then removed again and the cut alone is booked.
 */
export async function walkInScreens(
  page: Page,
  kiosk: Kiosk,
  daysAhead: number,
  visit: (screen: WalkInScreen) => Promise<void>,
): Promise<void> {
  const date = await visitDay(kiosk, daysAhead);
  const settle = async (screen: WalkInScreen, selector = screen as string): Promise<void> => {
    await onScreen(page, selector);
    await expect.poll(() => page.evaluate<boolean>(SETTLED)).toBe(true);
    await visit(screen);
  };
  await settle('start');
  await page.locator('.btn-hero').tap();
  await settle('service');
  await page.locator('.service-main', { hasText: 'Damenhaarschnitt' }).tap();
  await onScreen(page, 'day');
  await expect(page.locator(`[data-date="${date}"]`)).toBeEnabled();
  await settle('day');
  await page.locator(`[data-date="${date}"]`).tap();
  await expect(page.locator('[data-time]:enabled').first()).toBeVisible();
  await settle('time');
  await page.getByTestId('add-service').tap();
  await onScreen(page, 'add-service');
  await page.locator('.service-main', { hasText: 'Färben' }).tap();
  await expect(page.getByTestId('visit-services')).toContainText('Färben');
  await expect(page.locator('[data-time]:enabled').first()).toBeVisible();
  await settle('visit-time', 'time');
  await page
    .getByTestId('visit-services')
    .getByRole('button', { name: /Färben/ })
    .tap();
  await expect(page.getByTestId('visit-services')).not.toContainText('Färben');
  await page.locator('[data-time]:enabled').first().tap();
  await settle('details');
  await fillDetails(page);
  await page.getByRole('button', { name: /Continue/ }).tap();
  await settle('review');
  await page.getByRole('button', { name: 'Book now' }).tap();
  await settle('confirmation');
}
