/**
 * Issue 20: two browser contexts as two screens of one hub over HTTPS on 127.0.0.1. Chromium
 * trusts exactly the hub's key (--ignore-certificate-errors-spki-list with its SPKI hash), the
 * hub is a real kiosk core in front of the reference server (stack.ts), and the screens pair
 * with one-time codes as a tablet would (support/hub.ts).
 */
import type { Page } from '@playwright/test';
import { chooseDay, firstFreeSlot, kioskToday, start } from './support/flow';
import { launchTrusting, pair, screen, startHub, toReview } from './support/hub';
import { onScreen } from './support/screens';
import { STAFF_PIN, expect, test } from './support/stack';

test.setTimeout(180_000);

test('two screens of one hub: paired with codes; the time one screen is booking is not offered on the other, and is booked once', async ({
  stack,
  clock,
}) => {
  const hub = await startHub(stack.proxy.url, clock);
  const browser = await launchTrusting(hub.web);
  try {
    const a = await screen(browser, clock);
    const b = await screen(browser, clock);
    // A wrong code first: refused, then the right one pairs.
    await a.page.goto(`${hub.web.url}/`);
    await onScreen(a.page, 'pair');
    // The role's radio buttons keep their size beside their labels (they once filled the row).
    const radio = await a.page.getByRole('radio', { name: /Customers/ }).boundingBox();
    expect(radio?.width).toBeLessThan(64);
    await a.page.getByLabel('Code').fill('000000');
    await a.page.getByLabel('Name of this screen').fill('Tablet A');
    await a.page.getByRole('button', { name: 'Connect' }).click();
    await expect(a.page.getByText(/This code is not right/)).toBeVisible();
    await pair(a.page, hub, 'Tablet A');
    await pair(b.page, hub, 'Tablet B');
    // The credential is an HttpOnly cookie: not in the URL, not readable by the page.
    expect(a.page.url()).toBe(`${hub.web.url}/`);
    expect(await a.page.evaluate<string>('document.cookie')).toBe('');
    // A reload keeps the pairing.
    await a.page.reload();
    await onScreen(a.page, 'start');

    const choice = await firstFreeSlot(hub.kiosk);
    // A's customer is at the review: the hub holds that time for screen A (issue 28).
    await toReview(a.page, choice);
    await expect(a.page.getByText(/This time is kept for you until/)).toBeVisible();
    // B's customer is not offered it, before A books and after.
    await start(b.page);
    await b.page.locator('.service-main', { hasText: choice.serviceTitle }).click();
    await chooseDay(b.page, choice);
    await expect(b.page.locator(`[data-time="${choice.time}"]`)).toBeDisabled();
    await a.page.getByRole('button', { name: 'Book now' }).click();
    await onScreen(a.page, 'confirmation');
    await b.page.reload();
    await start(b.page);
    await b.page.locator('.service-main', { hasText: choice.serviceTitle }).click();
    await chooseDay(b.page, choice);
    await expect(b.page.locator(`[data-time="${choice.time}"]`)).toBeDisabled();
    await expect(b.page.locator('[data-screen="confirmation"]')).toHaveCount(0);
    const bookings = (await hub.kiosk.call('listBookings')) as {
      request: { date: string; time: string };
    }[];
    const same = bookings.filter(
      ({ request }) => request.date === choice.date && request.time === choice.time,
    );
    expect(same).toHaveLength(1);
  } finally {
    await browser.close();
    await hub.close();
  }
});

test('two screens tap the same time at the same moment: exactly one reaches the details, the other is told and the time leaves its grid', async ({
  stack,
  clock,
}) => {
  const hub = await startHub(stack.proxy.url, clock);
  const browser = await launchTrusting(hub.web);
  try {
    const a = await screen(browser, clock);
    const b = await screen(browser, clock);
    await pair(a.page, hub, 'Tablet A');
    await pair(b.page, hub, 'Tablet B');
    const choice = await firstFreeSlot(hub.kiosk);
    const pages = [a.page, b.page];
    for (const page of pages) {
      await start(page);
      await page.locator('.service-main', { hasText: choice.serviceTitle }).click();
      await chooseDay(page, choice);
      await expect(page.locator(`[data-time="${choice.time}"]`)).toBeEnabled();
    }
    // Both customers tap the time at once; the hub holds it for whichever screen asks first.
    await Promise.all(pages.map((page) => page.locator(`[data-time="${choice.time}"]`).click()));
    const where = async (page: Page): Promise<string> => {
      if ((await page.locator('[data-screen="details"]').count()) > 0) return 'details';
      const told = page
        .locator('[data-screen="time"]')
        .getByText(/someone has just booked that time/);
      return (await told.count()) > 0 ? 'told' : 'waiting';
    };
    await expect
      .poll(async () => (await Promise.all(pages.map(where))).sort())
      .toEqual(['details', 'told']);
    const loser = (await where(a.page)) === 'told' ? a.page : b.page;
    await expect(loser.locator(`[data-time="${choice.time}"]`)).toBeDisabled();
    // Its grid is asked again: every time the winner's hold covers leaves it, not only the one
    // tapped. It offers what any screen but the winner's is offered (the test asks as the hub's own).
    const now = kioskToday(hub.kiosk);
    const others = (await hub.kiosk.call('getTimeSlots', {
      date: choice.date,
      serviceId: choice.serviceId,
      fresh: true,
    })) as { timeSlots: { time: string; available: boolean; employeeId?: string }[] };
    const offered = others.timeSlots
      .filter((s) => s.available && s.employeeId && (choice.date !== now.date || s.time > now.time))
      .map((s) => s.time);
    expect(offered).not.toContain(choice.time);
    await expect
      .poll(() =>
        loser.evaluate<string[]>(
          `[...document.querySelectorAll('[data-screen="time"] .slot:not([disabled])')].map((b) => b.dataset.time)`,
        ),
      )
      .toEqual(offered);
    // The loser's customer is still served: another free time of the grid opens the details.
    await loser.locator('[data-screen="time"] .slot:not([disabled])').first().click();
    await onScreen(loser, 'details');
  } finally {
    await browser.close();
    await hub.close();
  }
});

test('a screen removed mid-flow says so; the hub restarted, screens come back without a tap', async ({
  stack,
  clock,
}) => {
  const hub = await startHub(stack.proxy.url, clock);
  const browser = await launchTrusting(hub.web);
  try {
    const a = await screen(browser, clock);
    const b = await screen(browser, clock);
    const desk = await screen(browser, clock);
    await pair(a.page, hub, 'Tablet A');
    await pair(b.page, hub, 'Tablet B');
    await pair(desk.page, hub, 'Desk', undefined, 'counter');
    // A tablet paired for customers offers no way into the staff area (issue 30).
    await expect(a.page.getByRole('button', { name: 'Staff', exact: true })).toHaveCount(0);

    // Staff remove Tablet B in Staff → Screens on the counter screen while B is mid-flow.
    await start(b.page);
    for (const digit of STAFF_PIN)
      await desk.page.locator('.keypad').getByRole('button', { name: digit, exact: true }).click();
    await desk.page.getByRole('button', { name: 'Unlock' }).click();
    await desk.page.getByRole('tab', { name: 'Screens' }).click();
    await expect(desk.page.getByTestId('hub-fingerprint')).toHaveText(
      hub.web.certificate?.fingerprint ?? '',
    );
    const row = desk.page.locator('tr', { hasText: 'Tablet B' });
    await expect(row).toContainText('127.0.0.1');
    await row.getByRole('button', { name: 'Remove' }).click();
    await expect(desk.page.locator('tr', { hasText: 'Tablet B' })).toHaveCount(0);
    await b.page.locator('.service-main').first().click();
    await onScreen(b.page, 'screen-removed');
    await expect(
      b.page.getByRole('heading', { name: 'This screen was removed from the shop' }),
    ).toBeVisible();
    await desk.page.getByRole('button', { name: 'Lock' }).click();
    await onScreen(desk.page, 'pin');

    // The hub goes away: A says so in plain words; back again, A is on its start screen untouched.
    await hub.web.close();
    await expect(a.page.getByText(/cannot reach the shop's main computer/)).toBeVisible({
      timeout: 30_000,
    });
    await hub.restart();
    await expect(a.page.locator('[data-screen="hub-offline"]')).toHaveCount(0, { timeout: 30_000 });
    await onScreen(a.page, 'start');
    await start(a.page);
  } finally {
    await browser.close();
    await hub.close();
  }
});
