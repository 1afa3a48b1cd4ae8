/**
 * Issue 9, counter mode built for speed (1920x1080, physical keyboard): a booking on one screen
 * in at most four taps plus typing; the bookings list with search and state filter; "Discard"
 * asks first and can be undone; a rebooked row links to its new booking and loses its actions.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { CUSTOMER, eventually, firstFreeSlot, typeCustomerAndBook } from './support/flow';
import { SCREENSHOT_DIR, expectAccessible, expectTouchTargets, onScreen } from './support/screens';
import {
  API_KEY,
  STAFF_PIN,
  expect,
  openKioskAt,
  setUpKiosk,
  test,
  type Kiosk,
} from './support/stack';

test.use({ kioskOptions: { mode: 'counter' }, viewport: { width: 1920, height: 1080 } });

async function unlock(page: Page, kiosk: Kiosk): Promise<void> {
  await openKioskAt(page, kiosk, 'pin');
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'counter-booking');
}

test('a counter booking on one screen: service, time, typing, Enter (<= 4 taps)', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk);
  await unlock(page, kiosk);
  let taps = 0;
  const tap = async (selector: Parameters<Page['locator']>[0]): Promise<void> => {
    taps += 1;
    await page.locator(selector).first().click();
  };

  await tap(`.desk-choice:text-is("${choice.serviceTitle}")`);
  const day = page.locator(`.desk-day[data-date="${choice.date}"]`);
  if ((await day.getAttribute('aria-pressed')) !== 'true')
    await tap(`.desk-day[data-date="${choice.date}"]`);
  await tap(`.desk-slot[data-time="${choice.time}"]`);
  // Choosing a time puts the cursor in the name field: the rest is typing.
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await typeCustomerAndBook(page);

  await expect(page.getByText(/^Booked: [A-Z]-\d{6,}/)).toBeVisible();
  expect(taps).toBeLessThanOrEqual(4);
  const [booking] = (await kiosk.call('listBookings')) as {
    state: string;
    request: { date: string; time: string; customer: { email: string } };
  }[];
  expect(booking).toMatchObject({
    state: 'sent',
    request: { date: choice.date, time: choice.time, customer: { email: CUSTOMER.email } },
  });
  // Ready for the next customer: empty fields, the booked time gone from the grid.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(page.locator(`.desk-slot[data-time="${choice.time}"]`)).toBeDisabled();

  // Nonsense input is refused in place, without a call to the kiosk.
  await page.locator('.desk-slot:not([disabled])').first().click();
  await page.keyboard.type('x');
  await page.keyboard.press('Tab');
  await page.keyboard.type('not-an-email');
  await page.keyboard.press('Enter');
  await expect(page.locator('.field-error')).not.toHaveCount(0);
  expect(((await kiosk.call('listBookings')) as unknown[]).length).toBe(1);
  await expectAccessible(page, 'counter booking');
  await expectTouchTargets(page, 'counter booking');

  // The screenshot for the README: a filled form at 1920x1080.
  await page.getByLabel('Name', { exact: true }).fill('Jonas Weber');
  await page.getByLabel('E-mail', { exact: true }).fill('jonas.weber@example.com');
  await page.getByLabel('Phone', { exact: true }).fill('+49 30 7654321');
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const shot = join(SCREENSHOT_DIR, 'counter-booking.png');
  await page.screenshot({ path: shot });
  if (process.env.FRONTDESK_UPDATE_DOCS)
    copyFileSync(shot, join('docs', 'screenshots', 'counter-booking.png'));
});

test('bookings: search and filter; discard asks first and can be undone; a rebooked row links to its new booking', async ({
  page,
  kiosk,
  stack,
}) => {
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk);
  await kiosk.call('getTimeSlots', { date: choice.date, serviceId: choice.serviceId });
  // A booking queued while the API fails, whose slot someone else takes meanwhile: rejected.
  stack.proxy.setMode('500');
  const slots = (await kiosk.call('getTimeSlots', {
    date: choice.date,
    serviceId: choice.serviceId,
  })) as {
    timeSlots: { time: string; employeeId?: string }[];
  };
  const employeeId = slots.timeSlots.find((slot) => slot.time === choice.time)?.employeeId ?? '';
  const request = {
    serviceId: choice.serviceId,
    employeeId,
    date: choice.date,
    time: choice.time,
    customer: CUSTOMER,
  };
  const queued = (await kiosk.call('createBooking', request)) as { localId: string; state: string };
  expect(queued.state).toBe('queued');
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
  await eventually(async () => {
    const list = (await kiosk.call('listBookings')) as { state: string }[];
    return list[0]?.state === 'rejected';
  }, 30_000);

  await unlock(page, kiosk);
  await page.getByRole('tab', { name: 'Bookings' }).click();
  await onScreen(page, 'outbox');
  const row = page.getByTestId('outbox-item').first();
  await expect(row).toHaveAttribute('data-state', 'rejected');

  // Search by name, by reference; the state filter.
  const reference = (await row.getAttribute('data-reference')) ?? '';
  await page.getByLabel('Search').fill('eva MUSTER');
  await expect(page.getByTestId('outbox-item')).toHaveCount(1);
  await page.getByLabel('Search').fill('nobody at all');
  await expect(page.getByText('No booking matches.')).toBeVisible();
  await page.getByLabel('Search').fill(reference.toLowerCase());
  await expect(page.getByTestId('outbox-item')).toHaveCount(1);
  await page.getByLabel('Search').fill('');
  await page.getByLabel('Show').selectOption('sent');
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);
  await page.getByLabel('Show').selectOption('attention');
  await expect(page.getByTestId('outbox-item')).toHaveCount(1);

  // Discard asks first; "Keep it" keeps it.
  await row.getByRole('button', { name: 'Discard' }).click();
  await expect(row.getByText('Discard this booking?')).toBeVisible();
  await expectAccessible(page, 'discard confirmation');
  await row.getByRole('button', { name: 'Keep it' }).click();
  await expect(row).toHaveAttribute('data-state', 'rejected');
  await page.getByLabel('Show').selectOption('all');
  await row.getByRole('button', { name: 'Discard' }).click();
  await row.getByRole('button', { name: 'Yes, discard' }).click();
  await expect(row).toHaveAttribute('data-state', 'discarded');
  await expect(page.getByTestId('undo-bar')).toContainText(reference);
  await expectAccessible(page, 'undo offer');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(row).toHaveAttribute('data-state', 'rejected');
  await expect(page.getByTestId('undo-bar')).toHaveCount(0);

  // Rebook: the one-screen booking with the details, the same person, the old time gone.
  await row.getByRole('button', { name: 'Rebook' }).click();
  await onScreen(page, 'counter-booking');
  await expect(page.getByText(/Booking again for Eva Muster/)).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(CUSTOMER.email);
  await expect(page.locator(`.desk-slot[data-time="${choice.time}"]`)).toBeDisabled();
  const catalog = (await kiosk.call('getCatalog')) as {
    employees: { _id: string; name: string }[];
  };
  const person = catalog.employees.find((employee) => employee._id === employeeId)?.name ?? '';
  const chip = page.locator('.desk-when .chip-row .chip', { hasText: person });
  if ((await chip.count()) > 0) await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await page.locator('.desk-slot:not([disabled])').first().click();
  await expect(page.getByTestId('desk-chosen')).toContainText(person);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/The rejected booking now links to this one/)).toBeVisible();

  await page.getByRole('tab', { name: 'Bookings' }).click();
  const old = page.locator(`[data-testid="outbox-item"][data-reference="${reference}"]`);
  const link = old.getByTestId('rebooked-link');
  await expect(link).toHaveText(/Booked again: [A-Z]-\d{6,}/);
  await expect(old.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(old.getByRole('button', { name: 'Rebook' })).toHaveCount(0);
  await expect(old.getByRole('button', { name: 'Discard' })).toHaveCount(0);
  await link.click();
  await expect(page.locator('[data-testid="outbox-item"][data-state="sent"]')).toBeFocused();
  await expectAccessible(page, 'bookings with a rebooked row');
  // The README's picture of the bookings list (FRONTDESK_UPDATE_DOCS=1 copies it into docs/).
  const shot = join(SCREENSHOT_DIR, 'counter-bookings.png');
  await page.screenshot({ path: shot });
  if (process.env.FRONTDESK_UPDATE_DOCS)
    copyFileSync(shot, join('docs', 'screenshots', 'counter-bookings.png'));
});
