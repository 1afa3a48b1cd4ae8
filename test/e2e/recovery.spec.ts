/**
 * Issue 8 at the counter (1920x1080): with the API cut off a booking is queued under the
 * reference the customer is shown; staff see that reference in the bookings list; when the API
 * is back, "Sync now" says what it did, the status turns Online, and the booking shows both its
 * reference and its appointment number.
 */
import { CUSTOMER, firstFreeSlot, typeCustomerAndBook } from './support/flow';
import { capture, onScreen } from './support/screens';
import { STAFF_PIN, expect, setUpKiosk, test } from './support/stack';

test('counter: offline booking under its reference, Sync now brings it online and sent with its appointment number', async ({
  page,
  kiosk,
  stack,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await setUpKiosk(kiosk, { mode: 'counter' });
  const choice = await firstFreeSlot(kiosk); // also stores that day's times in the kiosk
  await page.goto(kiosk.web.openUrl);
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'staff');

  stack.proxy.setMode('down');
  // The counter's one-screen booking: service, day, time, the customer typed, Enter.
  await page.locator(`.desk-choice:text-is("${choice.serviceTitle}")`).first().click();
  const day = page.locator(`.desk-day[data-date="${choice.date}"]`);
  if ((await day.getAttribute('aria-pressed')) !== 'true') await day.click();
  await page.locator(`.desk-slot[data-time="${choice.time}"]`).click();
  await typeCustomerAndBook(page);
  const queued = page.getByText(/^Queued, reference [0-9A-Z]{8}/);
  await expect(queued).toBeVisible();
  const reference = /reference ([0-9A-Z]{8})/.exec((await queued.textContent()) ?? '')?.[1] ?? '';
  expect(reference).toMatch(/^[0-9A-Z]{8}$/);
  await capture(page, 'counter-queued-reference');

  // The bookings list shows the reference the customer was given; the status says why offline.
  await page.getByRole('tab', { name: 'Bookings' }).click();
  const item = page.getByTestId('outbox-item').first();
  await expect(item).toHaveAttribute('data-state', 'queued');
  await expect(item.getByTestId('outbox-reference')).toContainText(reference);
  await expect(item).toContainText(CUSTOMER.name);
  const bar = page.getByTestId('status-bar');
  await expect(bar).toContainText('Offline');
  await expect(bar).not.toContainText('connect)');
  await page.getByTestId('sync-now').click();
  await expect(page.getByTestId('sync-report')).toContainText('Still offline.');
  await capture(page, 'counter-sync-offline');

  stack.proxy.setMode('pass');
  await page.getByTestId('sync-now').click();
  // Online within seconds: sent by this sync, by the kiosk's own probe just before it, or just
  // after the answer (Sync now answers at once and the queue goes on: issue 30).
  await expect(page.getByTestId('sync-report')).toContainText(
    /Online again: 1 booking sent\.|Online: everything is up to date\.|Online: 1 booking is waiting for its next try\./,
  );
  await expect(bar).toContainText('Online');
  await expect(item).toHaveAttribute('data-state', 'sent');
  await expect(item.getByTestId('outbox-reference')).toContainText(reference);
  await expect(item.getByTestId('outbox-number')).toHaveText(/^[A-Z]-\d{6,}$/);
  const [listed] = (await kiosk.call('listBookings', { query: reference.toLowerCase() })) as {
    reference: string;
    state: string;
    booking: { appointmentNumber: string } | null;
  }[];
  expect(listed?.reference).toBe(reference);
  expect(listed?.state).toBe('sent');
  await expect(item.getByTestId('outbox-number')).toHaveText(
    listed?.booking?.appointmentNumber ?? '',
  );
  await capture(page, 'counter-sync-online-sent');
});

test('kiosk, API cut off: the day screen marks the days that can be booked now and the stored day books', async ({
  page,
  kiosk,
  stack,
}) => {
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk); // stores that day's times
  stack.proxy.setMode('down');
  // A lookup that must go live finds the API gone: the kiosk knows it is offline.
  await kiosk.call('getTimeSlots', { date: choice.date, serviceId: choice.serviceId, fresh: true });
  await page.goto(kiosk.web.openUrl);
  await onScreen(page, 'start');
  await page.locator('.btn-hero').click();
  await onScreen(page, 'service');
  await page.locator('.service-main', { hasText: choice.serviceTitle }).click();
  await onScreen(page, 'day');
  if (choice.nextMonth && choice.monthOpens)
    await page.locator('.calendar-head button').last().click();
  await expect(page.locator(`[data-date="${choice.date}"]`)).toHaveClass(/day-offline-ok/);
  await expect(page.getByTestId('day-offline')).toContainText(/booking service cannot be reached/);
  await capture(page, 'kiosk-day-offline');
  await page.locator(`[data-date="${choice.date}"]`).click();
  await onScreen(page, 'time');
  await expect(page.locator(`[data-time="${choice.time}"]`)).toBeEnabled();
});
