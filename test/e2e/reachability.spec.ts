/**
 * Reachability as staff see it (issue 18): an idle kiosk (nothing queued, nothing asked, the
 * mirror done) whose API is stopped shows "Offline" in the status bar within 60 s, and "Online"
 * within 10 s of the API's restart. The reference server is stopped for real (no proxy in
 * between: a refused connection, as when a host goes away). The kiosk and the server run on a
 * clock the test moves, and only while the kiosk has no request or connection under way
 * (stepped-run.ts): the minute passes in seconds, the bounds are checked in the kiosk's time,
 * and a slow machine cannot make the kiosk late. The page then shows what the kiosk found.
 */
import { test, expect, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../../electron/core/platform/log';
import { hashPin } from '../../electron/core/staff/pin';
import { startKioskWeb } from '../../electron/web/start-kiosk-web';
import { startServer, type RunningServer } from '../../server/start-server';
import { timerClock } from '../support/core/manual-clock';
import { clientWire, runUntil, steppedRun } from '../support/core/stepped-run';
import { kioskCaller } from './support/stack';

const KEY = 'e2e-reach-key-0001';
const PIN = '2468';
const TUESDAY_1000 = Date.parse('2026-11-24T09:00:00Z');

test('the status bar turns Offline within 60 s of the API stopping and Online within 10 s of its return', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-e2e-reach-'));
  const clock = timerClock(TUESDAY_1000);
  const wire = clientWire();
  const serve = (port = 0): Promise<RunningServer> =>
    startServer({
      port,
      dbPath: join(dir, 'server.db'),
      seed: 'demo',
      keys: [{ key: KEY, scope: 'book' }],
      rateLimit: { perMinute: 600, perDay: 100_000 },
      clock: () => clock.now(),
    });
  let server = await serve();
  const web = await startKioskWeb({
    port: 0,
    upstreamUrl: server.url,
    apiKey: KEY,
    dataDir: join(dir, 'kiosk'),
    token: 'e2e-token',
    print: () => undefined,
    log: silentLogger,
    staffPinHash: hashPin(PIN),
    language: 'en',
    clock,
  });
  const call = kioskCaller(web.url, web.token);
  const online = async () => ((await call('getSyncStatus')) as { online: boolean }).online;
  try {
    await page.goto(web.openUrl);
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    await page.getByLabel('Enter the staff PIN').fill(PIN);
    await page.getByRole('button', { name: 'Unlock' }).click();
    const state = page.getByTestId('status-state');
    await runUntil(clock, wire, online, 60_000);
    await expect(state).toHaveAttribute('data-state', 'online');
    await steppedRun(clock, wire, 60_000); // the mirror's first round done

    const port = server.port;
    await server.close();
    const down = await runUntil(clock, wire, async () => !(await online()), 90_000);
    expect(down).toBeLessThanOrEqual(60_000);
    await expect(state).toHaveAttribute('data-state', 'offline');
    await expect(page.getByTestId('status-bar')).toContainText('Offline');

    server = await serve(port);
    const up = await runUntil(clock, wire, online, 30_000);
    expect(up).toBeLessThanOrEqual(10_000);
    await expect(state).toHaveAttribute('data-state', 'online');
    await expectNoError(page);
  } finally {
    wire.close();
    await web.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Back online, the last error is gone from the bar. */
async function expectNoError(page: Page): Promise<void> {
  await expect(page.getByTestId('status-bar').locator('.status-error')).toHaveCount(0);
}
