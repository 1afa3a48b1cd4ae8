import {
  CUSTOMER,
  chooseSlot,
  eventually,
  fillDetails,
  firstFreeSlot,
  start,
} from './support/flow';
import { expectAccessible, onScreen, review } from './support/screens';
import { STAFF_PIN, expect, openKiosk, setUpKiosk, test } from './support/stack';

interface LocalBookingView {
  localId: string;
  state: string;
  booking: { appointmentNumber: string } | null;
}

test('offline: the flow runs from the cache, the booking is queued honestly and sent once the API is back', async ({
  page,
  kiosk,
  stack,
}) => {
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk); // also warms the kiosk's mirror for this day
  await openKiosk(page, kiosk);

  stack.proxy.setMode('down');
  await start(page);
  await chooseSlot(page, choice);
  await fillDetails(page);
  await page.getByRole('button', { name: /Continue/ }).click();
  await onScreen(page, 'review');
  await expect(page.getByText(/could not be checked live/)).toBeVisible();
  await page.getByRole('button', { name: 'Book now' }).click();

  await onScreen(page, 'queued');
  await expect(page.getByRole('heading', { name: 'Your time is reserved' })).toBeVisible();
  await expect(page.getByTestId('local-reference')).toHaveText(/^[A-Z0-9]{4,8}$/);
  await expect(page.getByTestId('appointment-number')).toHaveCount(0);
  await review(page, 'queued');
  const [queued] = (await kiosk.call('listBookings')) as LocalBookingView[];
  expect(queued?.state).toBe('queued');
  await page.getByRole('button', { name: 'Finish' }).click();

  // The API comes back; staff see the booking go out.
  stack.proxy.setMode('pass');
  await page.getByRole('button', { name: 'Staff' }).click();
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'staff');
  await page.getByRole('button', { name: 'Sync now' }).click();
  await eventually(async () => {
    const [booking] = (await kiosk.call('listBookings')) as LocalBookingView[];
    return booking?.state === 'sent';
  }, 30_000);
  await page.getByRole('button', { name: 'Refresh' }).click();
  const item = page.getByTestId('outbox-item').first();
  await expect(item).toHaveAttribute('data-state', 'sent');
  await expect(item).toContainText(CUSTOMER.name);
  await expect(item).toContainText(/[A-Z]-\d{6,}/);
  await expect(page.getByTestId('status-bar')).toContainText('Online');
  await review(page, 'outbox', 'staff-outbox-sent');
});

test('a queued booking whose slot went meanwhile ends rejected; staff rebook it with the details filled in', async ({
  page,
  kiosk,
  stack,
}) => {
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk);
  await openKiosk(page, kiosk);
  stack.proxy.setMode('500'); // a clean failure: the kiosk knows the API created nothing
  await start(page);
  await chooseSlot(page, choice);
  await fillDetails(page);
  await page.getByRole('button', { name: /Continue/ }).click();
  await page.getByRole('button', { name: 'Book now' }).click();
  await onScreen(page, 'queued');
  await page.getByRole('button', { name: 'Finish' }).click();

  // While the kiosk is cut off, the same person is booked at that time by someone else.
  const [queued] = (await kiosk.call('listBookings')) as (LocalBookingView & {
    request: { employeeId: string };
  })[];
  const response = await fetch(`${stack.server.url}/api/public/booking/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer e2e-book-key-0001' },
    body: JSON.stringify({
      serviceId: choice.serviceId,
      employeeId: queued?.request.employeeId,
      date: choice.date,
      time: choice.time,
      customer: { name: 'Other', email: 'other@example.com', phone: '0301111' },
    }),
  });
  expect(response.status).toBe(201);
  stack.proxy.setMode('pass');

  await page.getByRole('button', { name: 'Staff' }).click();
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await eventually(async () => {
    const [booking] = (await kiosk.call('listBookings')) as LocalBookingView[];
    return booking?.state === 'rejected';
  }, 30_000);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('outbox-item').first()).toHaveAttribute('data-state', 'rejected');
  await review(page, 'outbox', 'staff-outbox-rejected');
  await page.getByRole('button', { name: 'Rebook' }).click();
  await onScreen(page, 'time');
  await expect(page.locator(`[data-time="${choice.time}"]`)).toBeDisabled();
  await page.locator('.slot:not([disabled])').first().click();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(CUSTOMER.email);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(CUSTOMER.name);
});

test('idle timeout warns, then returns to the start and clears every personal field', async ({
  page,
  kiosk,
}) => {
  test.setTimeout(90_000);
  await setUpKiosk(kiosk, { idleTimeoutSec: 15 });
  const choice = await firstFreeSlot(kiosk);
  await openKiosk(page, kiosk);
  await start(page);
  await chooseSlot(page, choice);
  await fillDetails(page);
  await page.getByLabel('Notes (optional)').fill('Please call me');

  await expect(page.getByRole('alertdialog')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('alertdialog')).toContainText(/cleared in \d+ s/);
  await expectAccessible(page, 'idle warning');
  await onScreen(page, 'start');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await start(page);
  await chooseSlot(page, choice);
  for (const label of ['Name', 'E-mail', 'Phone', 'Notes (optional)']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  }
});

test('staff PIN: first run sets it, a wrong PIN is refused, the right one opens the staff area', async ({
  page,
  kiosk,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  // A remote kiosk without a PIN is being set up: customers see so, staff need the printed code.
  // Nobody chose a language yet, so the browser's (en-GB) applies.
  await page.goto(kiosk.web.openUrl);
  await onScreen(page, 'setup-pending');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Staff' }).click();
  await onScreen(page, 'setup-code');
  expect(kiosk.setupCode).toMatch(/\S/);
  await page.getByLabel(/setup code/).fill(kiosk.setupCode ?? '');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a staff PIN' })).toBeVisible();
  await review(page, 'pin', 'pin-first-run');
  for (const digit of STAFF_PIN)
    await page.locator('.keypad').getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter the same PIN again')).toBeVisible();
  await page.getByLabel('Enter the same PIN again').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await review(page, 'outbox', 'staff-outbox');
  expect(await kiosk.call('getPublicSettings')).toMatchObject({ setup: 'done' });

  await page.getByRole('tab', { name: 'Settings' }).click();
  await review(page, 'settings', 'staff-settings');
  await page.getByRole('tab', { name: 'New booking' }).click();
  await onScreen(page, 'service');
  await expect(page.getByTestId('on-screen-keyboard')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to kiosk' }).click();
  await onScreen(page, 'start'); // set up now: customers can book

  await page.getByRole('button', { name: 'Staff' }).click();
  await page.getByLabel('Enter the staff PIN').fill('1111');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('Wrong PIN.')).toBeVisible();
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'staff');
});

test('the on-screen keyboard fills the form with text, e-mail and phone layouts', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk);
  await openKiosk(page, kiosk);
  await start(page);
  await chooseSlot(page, choice);
  const key = (name: string) => page.locator(`.hg-button[data-skbtn="${name}"]`).click();
  const keys = async (names: string[]) => {
    for (const name of names) await key(name);
  };

  await page.getByLabel('Name', { exact: true }).click();
  await keys(['{shift}', 'E', 'v', 'a', '{space}', '{shift}', 'K', 'o', 'c', 'h', '{enter}']);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Eva Koch');
  await expect(page.locator('.keyboard-email')).toBeVisible();
  await keys(['e', 'v', 'a', '@', 'k', 'o', 'c', 'h', '.de', '{enter}']);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('eva@koch.de');
  await expect(page.locator('.keyboard-phone')).toBeVisible();
  await keys(['0', '3', '0', '{space}', '1', '2', '3', '4', '5', '{bksp}', '6']);
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('030 12346');
  await key('{enter}'); // to the notes
  await key('{enter}'); // submit
  await onScreen(page, 'review');
  await expect(page.locator('.summary')).toContainText('eva@koch.de');
  await expect(page.locator('.summary')).toContainText('030 12346');
});
