/**
 * What every end-to-end test runs against: the reference server (demo data, a booking key),
 * the fault proxy in front of it, and a fresh kiosk (core + browser shell, own data folder)
 * whose upstream is the proxy. All in this process, on 127.0.0.1 port 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { staffMethods } from '../../../shared/kiosk-api';
import { startKioskWeb, type KioskWeb, type StartKioskWebOptions } from '../../../electron/web/start-kiosk-web';
import { silentLogger } from '../../../electron/core/log';
import { startServer, type RunningServer } from '../../../server/start-server';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';

export const API_KEY = 'e2e-book-key-0001';
export const STAFF_PIN = '2468';

export interface Stack {
  server: RunningServer;
  proxy: FaultProxy;
}

export interface Kiosk {
  web: KioskWeb;
  /**
   * Calls the kiosk API as the renderer does (for test set-up only); staff methods carry the
   * staff session that setUpKiosk opened.
   */
  call(method: string, input?: unknown): Promise<unknown>;
  /** The setup code the kiosk printed at start (a remote upstream without a PIN). */
  setupCode: string | null;
  /** A staff session, once setUpKiosk has set the PIN. */
  session: string | null;
}

const STAFF_METHODS = new Set<string>(staffMethods);

/** Start-up options of the kiosk (as from the machine config), e.g. `test.use({ kioskOptions: { locked } })`. */
export type KioskOptions = Pick<StartKioskWebOptions, 'locked' | 'mode'>;

export const test = base.extend<{ kiosk: Kiosk; kioskOptions: KioskOptions }, { stack: Stack }>({
  kioskOptions: [{}, { option: true }],
  stack: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'fd-e2e-server-'));
      const server = await startServer({
        dbPath: join(dir, 'server.db'),
        seed: 'demo',
        keys: [{ key: API_KEY, scope: 'book' }],
        rateLimit: { perMinute: 600, perDay: 10_000 },
      });
      const proxy = await startFaultProxy({ target: server.url });
      await use({ server, proxy });
      await proxy.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  kiosk: async ({ stack, kioskOptions }, use) => {
    stack.proxy.setMode('pass');
    const dataDir = mkdtempSync(join(tmpdir(), 'fd-e2e-kiosk-'));
    let setupCode: string | null = null;
    const web = await startKioskWeb({
      port: 0,
      upstreamUrl: stack.proxy.url,
      apiKey: API_KEY,
      dataDir,
      token: 'e2e-token',
      print: (line) => {
        setupCode = /^setup code: (\S+)/.exec(line)?.[1] ?? setupCode;
      },
      log: silentLogger,
      ...kioskOptions,
    });
    const call = async (method: string, input: unknown = {}): Promise<unknown> => {
      if (STAFF_METHODS.has(method)) input = { session: kiosk.session, ...(input as object) };
      const response = await fetch(`${web.url}/api/kiosk/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${web.token}` },
        body: JSON.stringify(input),
      });
      const body = (await response.json()) as { ok: boolean; result?: unknown; error?: unknown };
      if (!body.ok) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
      return body.result;
    };
    const kiosk: Kiosk = { web, call, setupCode, session: null };
    await use(kiosk);
    await web.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect };

/** Opens the kiosk in the page and waits for the start screen. */
export async function openKiosk(page: Page, kiosk: Kiosk): Promise<void> {
  await page.goto(kiosk.web.openUrl);
  await expect(page.locator('[data-screen="start"]')).toBeVisible();
}

/**
 * The staff PIN is set on first run (with the printed setup code), which opens the staff session
 * later calls use; most tests want the shop language English.
 */
export async function setUpKiosk(kiosk: Kiosk, settings: Record<string, unknown> = {}): Promise<void> {
  const check = (await kiosk.call('setupStaffPin', {
    pin: STAFF_PIN,
    ...(kiosk.setupCode ? { setupCode: kiosk.setupCode } : {}),
  })) as { session?: string };
  kiosk.session = check.session ?? null;
  await kiosk.call('updateSettings', { language: 'en', ...settings });
}
