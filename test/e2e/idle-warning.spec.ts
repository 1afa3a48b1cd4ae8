/**
 * Time that waits (issue 31, WCAG 2.2.1): after the idle time the customer is warned on screen
 * and with a sound, and gets 20 s to continue with any key or touch, as often as they need;
 * the warning covers their details meanwhile and only the reset wipes them. The page's clock
 * moves on (page.clock.runFor): nobody waits real seconds.
 */
import type { Page } from '@playwright/test';
import { recordTones, tones, turnOnReach } from './support/access';
import { CUSTOMER, chooseSlot, fillDetails, firstFreeSlot, start } from './support/flow';
import { expectAccessible, onScreen } from './support/screens';
import { expect, openKiosk, setUpKiosk, test } from './support/stack';

const IDLE_FALLING_TONES = [880, 660]; // renderer/access/chime.ts: 'idle'

async function expectEntriesKept(page: Page): Promise<void> {
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(CUSTOMER.name);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(CUSTOMER.email);
  await expect(page.getByLabel('Notes (optional)')).toHaveValue('Please call me');
}

/** Whether the warning hides the point at the centre of the element (nothing of it shows through). */
function coveredByWarning(page: Page, selector: string): Promise<boolean> {
  return page.evaluate<boolean>(`(() => {
    const field = document.querySelector(${JSON.stringify(selector)});
    const rect = field.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    const overlay = top && top.closest('[data-testid="idle-warning"]');
    return !!overlay && getComputedStyle(overlay).backgroundColor.replace(/\\s/g, '').match(/^rgb\\(|,1\\)$/) !== null;
  })()`);
}

test('the idle warning sounds, covers the details, keeps them at a key as often as needed, and the reset wipes them', async ({
  page,
  kiosk,
}) => {
  await recordTones(page);
  await setUpKiosk(kiosk, { idleTimeoutSec: 30 });
  const choice = await firstFreeSlot(kiosk);
  await openKiosk(page, kiosk);
  await start(page);
  await chooseSlot(page, choice);
  await fillDetails(page);
  await page.getByLabel('Notes (optional)').fill('Please call me');
  await page.getByLabel('Name', { exact: true }).focus();
  await page.keyboard.press('Shift'); // .fill() is no key or touch: the quiet time starts here
  expect(await tones(page)).toEqual([]);

  // Twice: the customer may need more time again and again.
  for (const round of [1, 2]) {
    await page.clock.runFor(27_000);
    await expect(page.getByRole('alertdialog')).toHaveCount(0); // not before the idle time
    await page.clock.runFor(4_000);
    const warning = page.getByRole('alertdialog');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(/cleared in (1[5-9]|20) s/); // at least 20 s to answer
    await expect(warning).toContainText('press any key');
    expect(await tones(page)).toEqual(Array(round).fill(IDLE_FALLING_TONES).flat());
    expect(await coveredByWarning(page, '#field-name'), 'details hidden behind the warning').toBe(
      true,
    );
    if (round === 1) await expectAccessible(page, 'idle warning');
    await page.keyboard.press('Shift'); // any key, not only the button
    await expect(warning).toHaveCount(0);
    await expectEntriesKept(page);
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused(); // where the customer was
  }

  // Nobody answers: after the warning's 20 s the kiosk starts over and the details are gone.
  await page.clock.runFor(31_000);
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.clock.runFor(15_000);
  await expectEntriesKept(page); // the warning itself never wipes anything
  await page.clock.runFor(5_000);
  await onScreen(page, 'start');
  await start(page);
  await chooseSlot(page, choice);
  for (const label of ['Name', 'E-mail', 'Phone', 'Notes (optional)'])
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
});

test('reach mode doubles the quiet time before the warning', async ({ page, kiosk }) => {
  await setUpKiosk(kiosk, { idleTimeoutSec: 30 });
  await openKiosk(page, kiosk);
  await turnOnReach(page);
  await start(page);
  await page.clock.runFor(45_000);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.clock.runFor(16_000);
  await expect(page.getByRole('alertdialog')).toBeVisible();
});
