/**
 * Issue 11: the reference server's Swagger UI in Chromium. The page renders every operation
 * from the served document under its own CSP with no request leaving this origin, "Try it out"
 * without a key is refused, and after "Authorize" with a key it calls the API and shows 200.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer } from '../../server/start-server';
import type { RunningServer } from '../../server/start-server';

const KEY = 'e2e-docs-key-0001';
let server: RunningServer;
let dir: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fd-e2e-docs-'));
  server = await startServer({
    dbPath: join(dir, 'server.db'),
    seed: 'demo',
    keys: [{ key: KEY, scope: 'read' }],
  });
});
test.afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test.use({ viewport: { width: 1280, height: 1000 } });

test('Swagger UI at /docs: every operation, Authorize with a key, Try it out answers 200', async ({
  page,
}) => {
  const origin = new URL(server.url).origin;
  const foreign: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:'))
      foreign.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto(`${server.url}/docs`);
  await expect(page).toHaveTitle('Frontdesk API reference');
  await expect(page.locator('.info .title')).toContainText(
    'Frontdesk reference Public Booking API',
  );
  for (const path of ['services', 'employees', 'available-days', 'availability', 'book']) {
    await expect(
      page.locator(`.opblock-summary-path[data-path="/api/public/booking/${path}"]`),
    ).toBeVisible();
  }

  const services = page.locator('#operations-booking-get_api_public_booking_services');
  const tryIt = async () => {
    await services.locator('.try-out__btn').click();
    await services.getByRole('button', { name: 'Execute' }).click();
  };

  await services.locator('.opblock-summary').click();
  await tryIt();
  await expect(
    services.locator('.live-responses-table tr.response .response-col_status').first(),
  ).toHaveText('401');
  await services.getByRole('button', { name: 'Clear' }).click();
  await services.locator('.try-out__btn').click(); // "Cancel": back to the start

  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await page
    .locator('.auth-container input[type="text"], .auth-container input[type="password"]')
    .first()
    .fill(KEY);
  const dialog = page.locator('.dialog-ux');
  await dialog.locator('button.authorize').click();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await tryIt();
  const status = services.locator('.live-responses-table tr.response .response-col_status').first();
  await expect(status).toHaveText('200');
  await expect(services.locator('.live-responses-table')).toContainText('x-ratelimit-remaining');
  await expect(services.locator('.live-responses-table')).toContainText('Herrenhaarschnitt');

  expect(foreign, 'nothing is loaded from another origin').toEqual([]);
  expect(
    problems.filter((p) => !/401/.test(p)),
    'no script errors or CSP violations',
  ).toEqual([]);
});
