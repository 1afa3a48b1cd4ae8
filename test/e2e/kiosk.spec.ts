import {
  CUSTOMER,
  chooseSlot,
  eventually,
  fillDetails,
  firstFreeSlot,
  start,
  takeSlotOnServer,
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
  // Held in the outbox, unsent: queued, or mid-attempt while the queue tries the API that is down.
  const [queued] = (await kiosk.call('listBookings')) as LocalBookingView[];
  expect(['queued', 'sending']).toContain(queued?.state);
  await page.getByRole('button', { name: 'Finish' }).click();

  // The API comes back; staff see the booking go out.
  stack.proxy.setMode('pass');
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
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
  // Room for the rebooking: the same person free at other times that day (a 45-minute booking
  // also blocks the two times before it).
  const choice = await firstFreeSlot(kiosk, 0, 5);
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
  await takeSlotOnServer(stack, choice, queued?.request.employeeId);
  stack.proxy.setMode('pass');

  await page.getByRole('button', { name: 'Staff', exact: true }).click();
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
  // Issue 9: staff rebook on the one-screen counter booking, the old time gone.
  await onScreen(page, 'counter-booking');
  await expect(page.locator(`.desk-slot[data-time="${choice.time}"]`)).toBeDisabled();
  // Portrait: the times keep their room (the customer form goes below them, not over them).
  const times = await page.locator('.desk-slots').boundingBox();
  const form = await page.locator('.desk-customer').boundingBox();
  expect(times?.width).toBeGreaterThan(400);
  expect(form && times && form.y >= times.y + times.height).toBe(true);
  await page.screenshot({ path: 'test-results/screenshots/staff-rebook-portrait.png' });
  await page.locator('.desk-slot:not([disabled])').first().click();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(CUSTOMER.email);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(CUSTOMER.name);
});

test('idle timeout warns, then returns to the start and clears every personal field', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk, { idleTimeoutSec: 30 });
  const choice = await firstFreeSlot(kiosk);
  await openKiosk(page, kiosk);
  await start(page);
  await chooseSlot(page, choice);
  await fillDetails(page);
  await page.getByLabel('Notes (optional)').fill('Please call me');

  // The page's clock moves on; nobody waits 30 real seconds. The warning comes after the idle
  // time and gives 20 s (issue 31): reached 1 s in, it leaves a slow machine 19 s for axe.
  await page.clock.runFor(31_000);
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toContainText(/cleared in \d+ s/);
  await expectAccessible(page, 'idle warning');
  await page.clock.runFor(20_000);
  await onScreen(page, 'start');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await start(page);
  await chooseSlot(page, choice);
  for (const label of ['Name', 'E-mail', 'Phone', 'Notes (optional)']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  }
});

test('first run with a remote upstream: customers see "being set up"; a wrong setup code is refused before the PIN is asked; the printed code sets the staff PIN', async ({
  page,
  kiosk,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  expect(kiosk.setupCode).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  await page.goto(kiosk.web.openUrl);
  await expect(page.locator('[data-screen="setup-pending"]')).toBeVisible();
  await page.locator('.top-bar button[lang="en"]').click(); // the browser (en-GB) already chose English
  await expect(page.getByRole('heading', { name: 'This kiosk is being set up' })).toBeVisible();
  await expect(page.getByRole('button', { name: /touch to start/i })).toHaveCount(0);
  await review(page, 'setup-pending', 'setup-pending');
  // Neither a PIN check nor a settings change can set the first PIN.
  await expect(kiosk.call('verifyStaffPin', { pin: STAFF_PIN })).resolves.toEqual({ valid: false });
  await expect(
    kiosk.call('updateSettings', { session: 'x'.repeat(43), newPin: STAFF_PIN }),
  ).rejects.toThrow(/unauthorized/);

  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByLabel(/setup code/i).fill('AAAA-AAAA');
  await page.getByRole('button', { name: 'Continue' }).click();
  // A wrong code is refused before the PIN is asked for.
  await expect(
    page.getByText('This setup code is not right. Please check it and try again.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a staff PIN' })).toHaveCount(0);
  await expect(page.getByLabel(/setup code/i)).toBeVisible();
  const choosePin = async (): Promise<void> => {
    await expect(page.getByRole('heading', { name: 'Choose a staff PIN' })).toBeVisible();
    for (const digit of STAFF_PIN)
      await page.locator('.keypad').getByRole('button', { name: digit, exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Enter the same PIN again').fill(STAFF_PIN);
    await page.getByRole('button', { name: 'Unlock' }).click();
  };
  await page.getByLabel(/setup code/i).fill(kiosk.setupCode?.toLowerCase() ?? '');
  await page.getByRole('button', { name: 'Continue' }).click();
  await choosePin();
  // The PIN check before any PIN existed and the wrong setup code: staff are told once they are in.
  await expect(page.getByTestId('failed-pins')).toContainText('since the last staff login: 2.');
  await review(page, 'outbox', 'staff-outbox');
  await expect(page.getByText(/Demo mode/)).toHaveCount(0);
  expect(await kiosk.call('getSettings')).toMatchObject({ pinSet: true });

  await page.getByRole('tab', { name: 'Settings' }).click();
  await review(page, 'settings', 'staff-settings');
  await page.getByRole('tab', { name: 'New booking' }).click();
  await onScreen(page, 'counter-booking');
  await expect(page.getByTestId('on-screen-keyboard')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to kiosk' }).click();
  await expect(page.locator('[data-screen="start"]')).toBeVisible(); // set up: customers may book

  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByLabel('Enter the staff PIN').fill('1111');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('Wrong PIN.')).toBeVisible();
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'staff');
  await expect(page.getByTestId('failed-pins')).toContainText('since the last staff login: 1.');
});

test('staff are locked out after the staff idle time, with their own warning', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk, { staffIdleTimeoutSec: 60 }); // the page's clock is installed by the fixture
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openKiosk(page, kiosk);
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'outbox');
  await page.clock.runFor(52_000);
  await expect(page.getByRole('alertdialog')).toContainText('The staff area locks in');
  await page.clock.runFor(10_000);
  await expect(page.locator('[data-screen="start"]')).toBeVisible();
  await expect(page.locator('[data-screen="staff"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await expect(page.getByLabel('Enter the staff PIN')).toBeVisible();
});

test.describe('the embedded demo', () => {
  test.use({ kioskOptions: { upstreamUrl: null } });

  test('first run opens at once; the first PIN needs the printed code too and staff see it is the demo', async ({
    page,
    kiosk,
  }) => {
    expect(kiosk.setupCode).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    await openKiosk(page, kiosk);
    await page.locator('.top-bar button[lang="en"]').click();
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    await page.getByLabel(/setup code/i).fill(kiosk.setupCode ?? '');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a staff PIN' })).toBeVisible();
    for (const digit of STAFF_PIN)
      await page.locator('.keypad').getByRole('button', { name: digit, exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Enter the same PIN again').fill(STAFF_PIN);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(
      page.getByText(/Demo mode: this kiosk books with built-in demo data/),
    ).toBeVisible();
    await expectAccessible(page, 'staff-demo');
  });
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
