/**
 * Issue 27 (acceptance of item 3), in the browser shell: an API that answers a taken time with
 * 404 and drops it from the day's list. Someone else books the customer's time while they read
 * the review; "Book now" sends them back to the time grid with "someone has just booked that
 * time", never "This service or person is no longer available". The variant upstream (mode
 * taken-404-dropped) behind the kiosk's web shell, on the stack's clock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemTimers } from '../../electron/core/platform/clock';
import { silentLogger } from '../../electron/core/platform/log';
import { hashPin } from '../../electron/core/staff/pin';
import { startKioskWeb } from '../../electron/web/start-kiosk-web';
import { startVariantUpstream } from '../support/variant-upstream/start-variant';
import { switchesFor } from '../support/variant-upstream/switches';
import { fillDetails, start } from './support/flow';
import { onScreen } from './support/screens';
import { STAFF_PIN, expect, test } from './support/stack';

const KEY = 'e2e-variant-key-0027';
const TITLE = 'Damenhaarschnitt';
const TODAY = '2026-11-24'; // the stack's clock: Tuesday 10:00 in Berlin

test('a time taken meanwhile, answered 404 and gone from the list: back to the time grid, "someone has just booked that time"', async ({
  page,
  clock,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-e2e-taken-404-'));
  const variant = await startVariantUpstream({
    dbPath: join(dir, 'server.db'),
    keys: [{ key: KEY, scope: 'book' }],
    switches: switchesFor('taken-404-dropped'),
    clock: () => clock.now(),
  });
  const web = await startKioskWeb({
    port: 0,
    upstreamUrl: variant.url,
    apiKey: KEY,
    dataDir: join(dir, 'kiosk'),
    token: 'e2e-token',
    print: () => undefined,
    log: silentLogger,
    staffPinHash: hashPin(STAFF_PIN),
    language: 'en',
    clock: { ...systemTimers, now: () => clock.now() },
    access: { tapGuardMs: 0 }, // as the stack's kiosks (support/stack.ts): no wait per click
  });
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${variant.url}/api/public/booking/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    });
  try {
    await page.goto(web.openUrl);
    await start(page);
    await page.locator('.service-main', { hasText: TITLE }).click();
    await onScreen(page, 'day');
    await page.locator(`[data-date="${TODAY}"]`).click();
    await onScreen(page, 'time');
    const first = page.locator('[data-time]:enabled').first();
    const time = (await first.getAttribute('data-time')) ?? '';
    expect(time).toMatch(/^\d\d:\d\d$/);
    await first.click();
    await onScreen(page, 'details');
    await fillDetails(page);
    await page.getByRole('button', { name: /Continue/ }).click();
    await onScreen(page, 'review');
    await expect(page.getByText('This time is still free.')).toBeVisible();

    // Someone else books that time with the person the kiosk was offered, at the API itself.
    const services = (await (await api('services')).json()) as {
      data: { _id: string; title: string }[];
    };
    const serviceId = services.data.find((s) => s.title === TITLE)?._id ?? '';
    const day = (await (
      await api(`availability?date=${TODAY}&serviceId=${encodeURIComponent(serviceId)}`)
    ).json()) as { data: { timeSlots: { time: string; employeeId?: string }[] } };
    const employeeId = day.data.timeSlots.find((s) => s.time === time)?.employeeId;
    expect(employeeId).toBeDefined();
    const other = await api('book', {
      method: 'POST',
      body: JSON.stringify({
        serviceId,
        employeeId,
        date: TODAY,
        time,
        customer: { name: 'Other', email: 'other@example.com', phone: '0301111' },
      }),
    });
    expect(other.status, await other.clone().text()).toBe(201);

    await page.getByRole('button', { name: 'Book now' }).click();
    await onScreen(page, 'time');
    await expect(
      page.getByText('Sorry, someone has just booked that time. Please choose another one.'),
    ).toBeVisible();
    await expect(page.getByText('no longer available')).toHaveCount(0);
    // The API dropped it from its list: the grid offers it no more.
    await expect(page.locator(`[data-time="${time}"]:enabled`)).toHaveCount(0);
  } finally {
    await web.close();
    await variant.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
