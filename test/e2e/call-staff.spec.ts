/**
 * "Call staff" (issue 31): a customer screen of a hub calls, a second (counter) screen of the
 * same hub shows "… needs help" within 2 s with a sound, without a staff session, until staff
 * answer; the customer reads that someone is coming. Screens as in hub.spec.ts.
 */
import type { Page } from '@playwright/test';
import { recordTones, tones } from './support/access';
import { launchTrusting, pair, screen, startHub, type Hub } from './support/hub';
import { onScreen } from './support/screens';
import { expect, test } from './support/stack';

test.setTimeout(180_000);

const CALL_RISING_TONES = [660, 990]; // renderer/access/chime.ts: 'call'

async function pairCounter(page: Page, hub: Hub, name: string): Promise<void> {
  await page.goto(`${hub.web.url}/`);
  await onScreen(page, 'pair');
  await page.getByLabel('Code').fill(await hub.newCode());
  await page.getByLabel('Name of this screen').fill(name);
  await page.getByRole('radio', { name: /Staff \(counter\)/ }).check();
  await page.getByRole('button', { name: 'Connect' }).click();
  await onScreen(page, 'pin');
}

test('Call staff on a kiosk screen reaches the counter screen of the same hub within 2 s, sounds there until answered, and the customer is told', async ({
  stack,
  clock,
}) => {
  const hub = await startHub(stack.proxy.url, clock);
  const browser = await launchTrusting(hub.web);
  try {
    const kiosk = await screen(browser, clock);
    const other = await screen(browser, clock);
    const counter = await screen(browser, clock);
    await recordTones(counter.page);
    await pair(kiosk.page, hub, 'Kiosk 1');
    await pair(other.page, hub, 'Kiosk 2');
    await pairCounter(counter.page, hub, 'Desk');
    const calls = counter.page.getByTestId('staff-call');
    await expect(calls).toHaveCount(0);
    expect(await tones(counter.page)).toEqual([]);

    // Kiosk 1 calls with its button; the counter (on its PIN screen: no session) shows it.
    await kiosk.page.getByTestId('call-staff').click();
    await expect(kiosk.page.getByRole('alert')).toHaveText(/Someone is coming to help you/);
    await expect(calls).toHaveText([/Kiosk 1 needs help/], { timeout: 2_000 });
    await expect.poll(() => tones(counter.page), { timeout: 2_000 }).toEqual(CALL_RISING_TONES);
    // It keeps sounding while nobody answers.
    await counter.page.clock.runFor(5_000);
    await expect
      .poll(() => tones(counter.page))
      .toEqual([...CALL_RISING_TONES, ...CALL_RISING_TONES]);
    // A customer screen sees its own call only, not the others'.
    await expect(other.page.getByTestId('staff-call')).toHaveCount(0);

    // Kiosk 2 calls with the keypad key F2: both are listed.
    await other.page.keyboard.press('F2');
    await expect(calls).toHaveText([/Kiosk 1 needs help/, /Kiosk 2 needs help/], {
      timeout: 2_000,
    });

    await counter.page.screenshot({ path: 'test-results/screenshots/staff-calls.png' });
    await kiosk.page.screenshot({ path: 'test-results/screenshots/call-staff-kiosk.png' });

    // Staff answer Kiosk 1: it clears on the counter, and Kiosk 1 reads that staff are coming.
    await calls.filter({ hasText: 'Kiosk 1' }).getByRole('button', { name: 'On my way' }).click();
    await expect(calls).toHaveText([/Kiosk 2 needs help/], { timeout: 2_000 });
    await expect(kiosk.page.getByRole('alert')).toHaveText(/has seen your call and is on the way/);
    await calls.getByRole('button', { name: 'On my way' }).click();
    await expect(calls).toHaveCount(0);
    const heard = (await tones(counter.page)).length;
    await counter.page.clock.runFor(10_000);
    expect((await tones(counter.page)).length).toBe(heard); // silent once every call is answered
  } finally {
    await browser.close();
    await hub.close();
  }
});
