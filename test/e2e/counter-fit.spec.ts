/**
 * Issue 19, the counter at 1920x1080 with a physical keyboard: after Enter books, the cursor is
 * where the next walk-in starts; booking (with a rebook notice) and settings fit the screen
 * without scrolling; a 190-character name neither widens the bookings list nor runs off it.
 */
import type { Page } from '@playwright/test';
import { CUSTOMER, eventually, firstFreeSlot, typeCustomerAndBook } from './support/flow';
import { onScreen } from './support/screens';
import {
  API_KEY,
  STAFF_PIN,
  expect,
  openKioskAt,
  setUpKiosk,
  test,
  type Kiosk,
  type Stack,
} from './support/stack';

test.use({ kioskOptions: { mode: 'counter' }, viewport: { width: 1920, height: 1080 } });

const LONG_NAME = `Maximiliana${'x'.repeat(179)}`;

async function unlock(page: Page, kiosk: Kiosk): Promise<void> {
  await openKioskAt(page, kiosk, 'pin');
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'counter-booking');
}

// In-page checks are strings: this project's TypeScript has no DOM types (support/screens.ts).
const SCROLLING = `[document.documentElement, ...document.querySelectorAll('.tab-panel, .app, .staff-area')]
  .filter((element) => element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1)
  .map((element) => (element.className || element.tagName) + ': ' + element.scrollWidth + 'x' + element.scrollHeight + ' in ' + element.clientWidth + 'x' + element.clientHeight)`;
const OUT_OF_CELL = `[...document.querySelectorAll('.settings .field input, .settings .field select')]
  .filter((input) => {
    const cell = input.closest('.field').getBoundingClientRect();
    const box = input.getBoundingClientRect();
    return box.right > cell.right + 0.5 || box.left < cell.left - 0.5;
  })
  .map((input) => input.id)`;

/** Nothing on the page scrolls: neither the window nor the staff area's panel. */
async function expectNoScroll(page: Page, label: string): Promise<void> {
  const scrolls = await page.evaluate<string[]>(SCROLLING);
  expect(scrolls, label).toEqual([]);
}

test('after Enter books, the cursor is on the first free time for the next walk-in, not in Phone', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk);
  await unlock(page, kiosk);
  await page.locator(`.desk-choice:text-is("${choice.serviceTitle}")`).click();
  const day = page.locator(`.desk-day[data-date="${choice.date}"]`);
  if ((await day.getAttribute('aria-pressed')) !== 'true') await day.click();
  await page.locator(`.desk-slot[data-time="${choice.time}"]`).click();
  await typeCustomerAndBook(page);
  await expect(page.getByText(/^Booked: [A-Z]-\d{6,}/)).toBeVisible();

  await expect(page.getByLabel('Phone', { exact: true })).not.toBeFocused();
  await expect(page.locator('.desk-slot:not([disabled])').first()).toBeFocused();
  // Space takes the focused time and the cursor goes on to the name: the next walk-in is typing.
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
});

/** A booking with a 190-character name, queued while the API failed and refused on replay (its slot was taken). */
async function rejectedLongName(kiosk: Kiosk, stack: Stack): Promise<void> {
  const choice = await firstFreeSlot(kiosk);
  const before = (await kiosk.call('getTimeSlots', {
    date: choice.date,
    serviceId: choice.serviceId,
  })) as {
    timeSlots: { time: string; employeeId?: string }[];
  };
  const employeeId = before.timeSlots.find((slot) => slot.time === choice.time)?.employeeId ?? '';
  stack.proxy.setMode('500');
  const request = { serviceId: choice.serviceId, employeeId, date: choice.date, time: choice.time };
  await kiosk.call('createBooking', { ...request, customer: { ...CUSTOMER, name: LONG_NAME } });
  const other = await fetch(`${stack.server.url}/api/public/booking/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` },
    body: JSON.stringify({
      ...request,
      customer: { name: 'Other', email: 'other@example.com', phone: '0301111' },
    }),
  });
  expect(other.status).toBe(201);
  stack.proxy.setMode('pass');
  await kiosk.call('syncNow');
  await eventually(
    async () =>
      ((await kiosk.call('listBookings')) as { state: string }[])[0]?.state === 'rejected',
    30_000,
  );
}

test('1920x1080: bookings with a long name, booking with a rebook notice and settings, all without scrolling', async ({
  page,
  kiosk,
  stack,
}) => {
  await setUpKiosk(kiosk);
  await rejectedLongName(kiosk, stack);
  await unlock(page, kiosk);
  await expectNoScroll(page, 'counter booking');

  await page.getByRole('tab', { name: 'Bookings' }).click();
  await onScreen(page, 'outbox');
  const row = page.getByTestId('outbox-item').first();
  await expect(row).toHaveAttribute('data-state', 'rejected');
  // The name is cut to the row, in full in its title; "Refresh" stays on screen.
  await expect(row.locator('.outbox-name')).toHaveAttribute('title', LONG_NAME);
  const refresh = await page.getByRole('button', { name: 'Refresh' }).boundingBox();
  expect(refresh && refresh.x >= 0 && refresh.x + refresh.width <= 1920).toBe(true);
  const rowBox = await row.boundingBox();
  expect(rowBox && rowBox.x + rowBox.width <= 1920).toBe(true);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
    1920,
  );

  await row.getByRole('button', { name: 'Rebook' }).click();
  await onScreen(page, 'counter-booking');
  await expect(page.getByText(/Booking again for Maximiliana/)).toBeVisible();
  await expect(page.locator('.desk-slot').last()).toBeVisible();
  await expectNoScroll(page, 'counter booking with a rebook notice');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await onScreen(page, 'settings');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expectNoScroll(page, 'settings');
  // The shop profile's inputs stay inside their own cells (they overlapped by 30 px).
  expect(await page.evaluate<string[]>(OUT_OF_CELL)).toEqual([]);
});
