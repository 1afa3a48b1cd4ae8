/**
 * Issue 28: at 1920x1080 the settings showed "Salon Lindenhc" (the shop's fields in four narrow
 * columns) and Save below the fold. Each shop field shows its whole value, and Save is in sight
 * without scrolling, on the counter and in a kiosk's staff area (whose header is taller).
 */
import type { Page } from '@playwright/test';
import { onScreen, SCREENSHOT_DIR } from './support/screens';
import { STAFF_PIN, expect, openKioskAt, setUpKiosk, test } from './support/stack';

const SHOP = {
  name: 'Salon Lindenhof',
  address: 'Lindenstraße 12, 10969 Berlin',
  phone: '+49 30 1234 5678',
  welcome: 'Welcome! Book your next visit here, in a minute.',
};

// In-page checks are strings: this project's TypeScript has no DOM types (support/screens.ts).
const CUT = `[...document.querySelectorAll('.shop-fields input')]
  .filter((input) => input.scrollWidth > input.clientWidth + 1)
  .map((input) => input.id + ': ' + input.value)`;

async function expectSettingsFit(page: Page, label: string): Promise<void> {
  await onScreen(page, 'settings');
  await expect(page.getByLabel('Shop name')).toHaveValue(SHOP.name);
  expect(await page.evaluate<string[]>(CUT), label).toEqual([]);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeInViewport({
    ratio: 1,
  });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-fit-${label}.png` });
}

for (const mode of ['counter', 'kiosk'] as const) {
  test.describe(mode, () => {
    test.use({ kioskOptions: { mode, shop: SHOP }, viewport: { width: 1920, height: 1080 } });

    test(`1920x1080 ${mode}: the shop's fields show their whole values and Save is in sight`, async ({
      page,
      kiosk,
    }) => {
      await setUpKiosk(kiosk);
      if (mode === 'counter') await openKioskAt(page, kiosk, 'pin');
      else {
        await openKioskAt(page, kiosk, 'start');
        await page.getByRole('button', { name: 'Staff', exact: true }).click();
      }
      await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
      await page.getByRole('button', { name: 'Unlock' }).click();
      await page.getByRole('tab', { name: 'Settings' }).click();
      await expectSettingsFit(page, mode);
    });
  });
}
