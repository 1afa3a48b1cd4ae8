/**
 * Issue 28, today at a glance at the counter (1920x1080): one column per employee with free and
 * busy times from the mirror, this kiosk's bookings named; a free time tapped opens the booking
 * with that person and time, and the booked time then shows the customer in the view.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { CUSTOMER, kioskToday, typeCustomerAndBook } from './support/flow';
import { SCREENSHOT_DIR, expectAccessible, onScreen } from './support/screens';
import { STAFF_PIN, expect, openKioskAt, setUpKiosk, test, type Kiosk } from './support/stack';

test.use({ kioskOptions: { mode: 'counter' }, viewport: { width: 1920, height: 1080 } });
// The mirror fills everyone's day, then a whole booking flow: 1-2 min on this shared machine.
test.setTimeout(180_000);

interface Glance {
  times: string[];
  employees: {
    employeeId: string;
    name: string;
    serviceId: string | null;
    asOf: string | null;
    cells: { time: string; state: string }[];
  }[];
}

async function unlock(page: Page, kiosk: Kiosk): Promise<void> {
  await openKioskAt(page, kiosk, 'pin');
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'counter-booking');
}

/** The view as the core answers it, once the mirror has fetched everyone's day. */
async function glanceWithEveryone(kiosk: Kiosk): Promise<Glance> {
  let glance: Glance | null = null;
  await expect
    .poll(
      async () => {
        glance = (await kiosk.call('getDayGlance')) as Glance;
        return glance.employees.length > 0 && glance.employees.every((c) => c.asOf !== null);
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  if (!glance) throw new Error('no day view');
  return glance;
}

test('today at a glance: each person’s free times as the API gives them; a tap books one at the counter, named after', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);
  const glance = await glanceWithEveryone(kiosk);
  const today = kioskToday(kiosk);
  await unlock(page, kiosk);
  await page.getByRole('tab', { name: 'Today' }).click();
  await onScreen(page, 'day-glance');

  // Every column's free buttons are the API's own times for that person (asked live here).
  for (const column of glance.employees) {
    const live = (await kiosk.call('getTimeSlots', {
      date: today.date,
      serviceId: column.serviceId,
      employeeId: column.employeeId,
      fresh: true,
    })) as { timeSlots: { time: string; available: boolean }[] };
    const apiFree = live.timeSlots
      .filter((s) => s.available && s.time >= today.time)
      .map((s) => s.time);
    const buttons = await page.locator(`.glance-free[data-employee="${column.employeeId}"]`).all();
    const shown = await Promise.all(buttons.map((button) => button.getAttribute('data-time')));
    expect(shown, column.name).toEqual(apiFree);
  }
  await expectAccessible(page, 'day view');

  // Tap a free time of the first person with one: the booking opens with them and that time.
  const target = page.locator('.glance-free').first();
  const employee = await target.getAttribute('data-employee');
  const time = await target.getAttribute('data-time');
  await target.click();
  await onScreen(page, 'counter-booking');
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(page.locator(`.desk-slot[data-time="${time}"]`)).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await typeCustomerAndBook(page);
  await expect(page.getByText(/^Booked: [A-Z]-\d{6,}/)).toBeVisible();
  const [booking] = (await kiosk.call('listBookings')) as {
    request: { date: string; time: string; employeeId: string };
  }[];
  expect(booking?.request).toMatchObject({ date: today.date, time, employeeId: employee });

  // Back in the view the time carries the customer's name; it is no longer offered.
  await page.getByRole('tab', { name: 'Today' }).click();
  const named = page.locator(
    `.glance-booked-start[data-employee="${employee}"][data-time="${time}"]`,
  );
  await expect(named).toContainText(CUSTOMER.name);
  await expect(
    page.locator(`.glance-free[data-employee="${employee}"][data-time="${time}"]`),
  ).toHaveCount(0);

  // The README's screenshot, counter 1920x1080.
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const shot = join(SCREENSHOT_DIR, 'counter-today.png');
  await page.screenshot({ path: shot });
  if (process.env.FRONTDESK_UPDATE_DOCS)
    copyFileSync(shot, join('docs', 'screenshots', 'counter-today.png'));

  // Locked, the names are gone with the session: the core refuses the view.
  await page.getByRole('button', { name: 'Lock' }).click();
  const refused = await kiosk.call('getDayGlance', { session: 'no-such-session-0123456789' }).then(
    () => 'answered',
    (error: unknown) => String(error),
  );
  expect(refused).toMatch(/unauthorized/);
});
