/**
 * Issue 28, the counter from the keyboard alone (1920x1080): after unlocking the cursor is on
 * the first service; arrows move through the services, the days, the times; Tab goes from group
 * to group; Enter chooses and books. And the day strip runs as far ahead as the API books
 * (its available days, month by month), not two weeks.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../shared/booking/time';
import { kioskToday, typeCustomerAndBook, CUSTOMER } from './support/flow';
import { onScreen } from './support/screens';
import { STAFF_PIN, expect, openKioskAt, setUpKiosk, test } from './support/stack';

test.use({ kioskOptions: { mode: 'counter' }, viewport: { width: 1920, height: 1080 } });
// The mirror fills everyone's day, then a whole booking flow: 1-2 min on this shared machine.
test.setTimeout(180_000);

/** An attribute of the focused element (a string: this project's TypeScript has no DOM types). */
const focusedData = (page: Page, name: 'data-date' | 'data-time'): Promise<string | null> =>
  page.evaluate<string | null>(`document.activeElement?.getAttribute('${name}') ?? null`);

test('keyboard only: unlock, arrows through services, days and times, Tab between them, Enter books', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);
  await openKioskAt(page, kiosk, 'pin');
  await page.keyboard.type(STAFF_PIN);
  await page.keyboard.press('Enter');
  await onScreen(page, 'counter-booking');

  // The cursor starts on the first service, not on the page.
  const services = page.locator('.desk-choice');
  await expect(services.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(services.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(services.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(services.first()).toHaveAttribute('aria-pressed', 'true');

  // One Tab to the day strip (on the chosen day, once the days are shown), arrows to the next.
  const chosenDay = page.locator('.desk-day[aria-pressed="true"]');
  await expect(chosenDay).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(chosenDay).toBeFocused();
  const firstDay = await chosenDay.getAttribute('data-date');
  await page.keyboard.press('ArrowRight');
  const nextDay = await focusedData(page, 'data-date');
  expect(nextDay && firstDay && nextDay > firstDay).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.locator(`.desk-day[data-date="${nextDay}"]`)).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Tab on (past the people, when the day has several) to the first free time.
  await expect(page.locator('.desk-slot:not(:disabled)').first()).toBeVisible();
  for (let i = 0; i < 3 && !(await focusedData(page, 'data-time')); i += 1)
    await page.keyboard.press('Tab');
  const firstTime = await focusedData(page, 'data-time');
  expect(firstTime).not.toBeNull();
  await page.keyboard.press('ArrowRight');
  const time = await focusedData(page, 'data-time');
  expect(time && firstTime && time > firstTime).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await typeCustomerAndBook(page);
  await expect(page.getByText(/^Booked: [A-Z]-\d{6,}/)).toBeVisible();

  const [booking] = (await kiosk.call('listBookings')) as {
    request: { date: string; time: string; customer: { email: string } };
  }[];
  expect(booking?.request).toMatchObject({
    date: nextDay,
    time,
    customer: { email: CUSTOMER.email },
  });
});

test("the day strip runs to the API's booking horizon (90 days here), found from its available days", async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);
  await openKioskAt(page, kiosk, 'pin');
  await page.keyboard.type(STAFF_PIN);
  await page.keyboard.press('Enter');
  await onScreen(page, 'counter-booking');
  await page.locator('.desk-choice').first().click();
  const today = kioskToday(kiosk).date;
  const open = page.locator('.desk-day:not(:disabled)');
  await expect(open.first()).toBeVisible();
  // The last open day is within the reference server's 90 days and well past two weeks.
  const last = await open.last().getAttribute('data-date');
  expect(last && last <= addDays(today, 90) && last > addDays(today, 80)).toBe(true);
  // End on it from the keyboard: the strip scrolls it into view, and it can be chosen.
  await page.locator('.desk-day[aria-pressed="true"]').focus();
  await page.keyboard.press('End');
  await expect(page.locator(`.desk-day[data-date="${last}"]`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator(`.desk-day[data-date="${last}"]`)).toBeInViewport();
  await expect(page.locator('.desk-slot:not(:disabled)').first()).toBeVisible();
});
