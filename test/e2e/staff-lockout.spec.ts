/**
 * Issue 39 item 5 at the customers' screen: five wrong PINs, then eleven wrong recovery codes
 * typed into the locked pad's recovery form. The recovery code is IT's remedy: its own slow
 * budget (10 tries, then one a minute) keeps the right code waiting a minute at most, never the
 * 15 minutes a customer could impose before. The kiosk's clock is moved on, not waited for.
 * The restart and IT's staff-unlock file: test/integration/web/staff-recovery.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECOVERY_CODE_FILE } from '../../electron/core/staff/recovery-code';
import { onScreen } from './support/screens';
import { expect, openKiosk, setUpKiosk, test } from './support/stack';

test('issue 39 item 5: a customer at the screen keeps the recovery code off for a minute at most', async ({
  page,
  kiosk,
  stack,
}) => {
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('Enter the staff PIN').fill('1111');
    await page.getByRole('button', { name: 'Unlock' }).click();
  }
  await expect(page.getByText('Too many wrong PINs. Please try again in 60 s.')).toBeVisible();

  await page.getByRole('button', { name: 'Use the recovery code' }).click();
  await onScreen(page, 'recovery');
  const field = page.getByLabel(/Enter the recovery code IT keeps/);
  for (let i = 0; i < 11; i++) {
    await field.fill('WRONG-WRONG-WRONG-WRONG');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(field).toHaveValue('');
  }
  const refusal = page.getByText(/Too many wrong recovery codes\. Please try again in (\d+) s\./);
  await expect(refusal).toBeVisible();
  const seconds = Number(/in (\d+) s/.exec((await refusal.textContent()) ?? '')?.[1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60);

  // IT arrives a minute later (the kiosk's clock moves on) and types the code from the data folder.
  stack.timeline.offsetMs += seconds * 1000;
  const code = readFileSync(join(kiosk.web.dataDir, RECOVERY_CODE_FILE), 'utf8').trim();
  await field.fill(code);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'staff');
  await expect(
    page.getByText(/Wrong PIN entries on this screen since the last staff login: 5/),
  ).toBeVisible();
});
