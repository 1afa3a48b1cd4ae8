/**
 * Issue 41 part 3, the owner's kiosk day at the counter (1920x1080): one customer walks through
 * the kiosk API to a booking; the Kiosk tab, opened with the staff PIN, shows that booking in its
 * table and draws its charts, passes axe, in English and in Arabic (the README's screenshots).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SCREENSHOT_DIR, expectAccessible, onScreen } from './support/screens';
import { STAFF_PIN, expect, openKioskAt, setUpKiosk, test, type Kiosk } from './support/stack';

test.use({ kioskOptions: { mode: 'counter' }, viewport: { width: 1920, height: 1080 } });

const STEPS = ['service', 'day', 'time', 'details', 'review', 'booked'] as const;

/** One session from the start screen to booked, as the walk-in flow reports it. */
async function walkOneBooking(kiosk: Kiosk): Promise<void> {
  await kiosk.call('reportKioskFlow', { kind: 'started', language: 'en' });
  for (const step of STEPS) {
    const answer = (await kiosk.call('reportKioskFlow', { kind: 'step', step })) as {
      counted: boolean;
    };
    expect(answer.counted, step).toBe(true);
  }
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const shot = join(SCREENSHOT_DIR, name);
  await page.screenshot({ path: shot });
  if (process.env.FRONTDESK_UPDATE_DOCS) copyFileSync(shot, join('docs', 'screenshots', name));
}

/** The table's row for today's hour: its header and the four counts. */
const hourRow = (page: Page) => page.locator('#kiosk-day-rows tbody tr');

test('the Kiosk tab shows the booking walked through the kiosk, as charts and a table, in en and ar', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);
  await walkOneBooking(kiosk);

  await openKioskAt(page, kiosk, 'pin');
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'counter-booking');
  await page.getByRole('tab', { name: 'Kiosk' }).click();

  await onScreen(page, 'kiosk-day');
  await expect(page.getByRole('heading', { name: 'The kiosk day' })).toBeVisible();
  // Today, by hour: the one hour with the session (10:00 on the test's clock), started and booked.
  await expect(hourRow(page)).toHaveCount(1);
  await expect(hourRow(page).locator('th, td')).toHaveText(['10:00', '1', '1', '0', '0']);
  await expect(page.locator('#kiosk-day-steps tbody tr').last().locator('th, td')).toHaveText([
    'Booked',
    '1',
    '0',
  ]);
  // Chart.js drew on both canvases (something other than transparent pixels).
  const charts = page.getByRole('img', { name: /per hour|How far/ });
  await expect(charts).toHaveCount(2);
  for (const chart of await charts.all()) {
    const painted = await chart.evaluate((canvas) => {
      const element = canvas as unknown as {
        width: number;
        height: number;
        getContext(kind: '2d'): { getImageData(...args: number[]): { data: Uint8ClampedArray } };
      };
      const { data } = element.getContext('2d').getImageData(0, 0, element.width, element.height);
      return data.some((value, index) => index % 4 === 3 && value > 0);
    });
    expect(painted).toBe(true);
  }
  await expectAccessible(page, 'the Kiosk tab (en)');
  await shoot(page, 'counter-kiosk-day.png');

  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'يوم الكشك' })).toBeVisible();
  await expect(hourRow(page).locator('td')).toHaveText(['1', '1', '0', '0']);
  // The steps (table and chart) follow the language too, not only the headings.
  await expect(page.locator('#kiosk-day-steps tbody tr').last().locator('th, td')).toHaveText([
    'تم الحجز',
    '1',
    '0',
  ]);
  await expectAccessible(page, 'the Kiosk tab (ar)');
  await shoot(page, 'counter-kiosk-day-ar.png');
});
