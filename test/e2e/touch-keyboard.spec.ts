/**
 * Issue 28, major 5: a touch-only portrait kiosk is set up and used by staff on the on-screen
 * keyboard: the setup code, the booking search and a Settings field are typed on its keys (no
 * `page.keyboard`, no `fill`), the PIN on its keypad.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../shared/booking/time';
import { CUSTOMER, firstFreeSlot, kioskToday } from './support/flow';
import { onScreen, SCREENSHOT_DIR } from './support/screens';
import { expect, openKioskAt, STAFF_PIN, test } from './support/stack';

test.use({ hasTouch: true, viewport: { width: 1080, height: 1920 } });

const dock = (page: Page) => page.getByTestId('keyboard-dock');

/** Taps `text` on the on-screen keyboard, with its shift key for capitals it has lower case of. */
async function typeOnScreen(page: Page, text: string): Promise<void> {
  const keys = dock(page).getByTestId('on-screen-keyboard');
  for (const char of text) {
    const key = char === ' ' ? '{space}' : char;
    if (char !== char.toLowerCase()) {
      await keys.locator('[data-skbtn="{shift}"]').tap();
    }
    await keys.locator(`[data-skbtn="${key}"]`).first().tap();
  }
}

async function tapPin(page: Page): Promise<void> {
  for (const digit of STAFF_PIN)
    await page.locator('.keypad').getByRole('button', { name: digit, exact: true }).tap();
}

test('a touch-only kiosk: the setup code, the booking search and a Settings field are typed on the on-screen keyboard', async ({
  page,
  kiosk,
}) => {
  const code = kiosk.setupCode ?? '';
  expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  await openKioskAt(page, kiosk, 'setup-pending');
  await page.locator('.top-bar button[lang="en"]').tap();
  await page.getByRole('button', { name: 'Staff', exact: true }).tap();

  // The setup code: the keyboard is open with the field, the code typed in lower case.
  await onScreen(page, 'setup-code');
  await expect(dock(page)).toBeVisible();
  await typeOnScreen(page, code.toLowerCase());
  await expect(page.getByLabel(/setup code/i)).toHaveValue(code);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/touch-setup-code.png` });
  await dock(page).locator('[data-skbtn="{enter}"]').tap();

  // The PIN twice on the keypad.
  await expect(page.getByRole('heading', { name: 'Choose a staff PIN' })).toBeVisible();
  await tapPin(page);
  await page.getByRole('button', { name: 'Continue' }).tap();
  await expect(page.getByLabel('Enter the same PIN again')).toBeVisible();
  await tapPin(page);
  await page.getByRole('button', { name: 'Unlock' }).tap();
  await onScreen(page, 'outbox');

  // Two bookings; the search finds one by the name typed on the keyboard. The worker's specs
  // share one API and fill its days as they run: each booking reads the day's free times afresh
  // and takes the first one the API still has (the first of the day, or its last), else the
  // next day's.
  const choice = await firstFreeSlot(kiosk);
  const now = kioskToday(kiosk);
  const freeOn = async (date: string) => {
    const { timeSlots } = (await kiosk.call('getTimeSlots', {
      date,
      serviceId: choice.serviceId,
      fresh: true,
    })) as { timeSlots: { time: string; available: boolean; employeeId?: string }[] };
    return timeSlots.filter(
      (slot) => slot.available && slot.employeeId && (date !== now.date || slot.time > now.time),
    );
  };
  const book = async (name: string, lastFirst: boolean): Promise<void> => {
    const refused: string[] = [];
    for (let day = 0; day < 14; day += 1) {
      const date = addDays(choice.date, day);
      const free = await freeOn(date);
      for (const slot of lastFirst ? free.toReversed() : free) {
        try {
          await kiosk.call('createBooking', {
            serviceId: choice.serviceId,
            employeeId: slot.employeeId,
            date,
            time: slot.time,
            customer: {
              ...CUSTOMER,
              name,
              email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
            },
          });
          if (refused.length > 0) console.warn(`${name}: refused first\n${refused.join('\n')}`);
          return;
        } catch (error) {
          if (!String(error).includes('slot_taken')) throw error;
          refused.push(`${date} ${slot.time} ${slot.employeeId}: ${String(error)}`);
        }
      }
    }
    throw new Error(`no free time left for ${name}:\n${refused.join('\n')}`);
  };
  await book('Eva Muster', false);
  await book('Jan Kowalski', true);
  await page.getByRole('button', { name: 'Refresh' }).tap();
  const rows = page.locator('.outbox-list > li');
  await expect(rows).toHaveCount(2);
  await expect(dock(page)).toHaveCount(0);
  await page.getByLabel('Search').tap();
  await expect(dock(page)).toBeVisible();
  await typeOnScreen(page, 'kowal');
  await expect(page.getByLabel('Search')).toHaveValue('kowal');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Jan Kowalski');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/touch-staff-search.png` });
  await dock(page).getByRole('button', { name: /hide/ }).tap();
  await expect(dock(page)).toHaveCount(0);

  // Settings: the shop's name, with a capital, then Enter on to the next field; Save.
  await page.getByRole('tab', { name: 'Settings' }).tap();
  await onScreen(page, 'settings');
  const shopName = page.getByLabel('Shop name');
  await shopName.tap();
  await expect(dock(page)).toBeVisible();
  await typeOnScreen(page, 'Salon Linden');
  await expect(shopName).toHaveValue('Salon Linden');
  await expect(shopName).toBeInViewport();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/touch-settings.png` });
  await dock(page).getByRole('button', { name: /hide/ }).tap();
  await page.getByRole('button', { name: 'Save', exact: true }).tap();
  await expect(page.getByText('Saved.')).toBeVisible();
  expect(await kiosk.call('getSettings')).toMatchObject({ shop: { name: 'Salon Linden' } });
});
