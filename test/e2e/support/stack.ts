/**
 * What every end-to-end test runs against: the reference server (demo data, a booking key),
 * the fault proxy in front of it, and a fresh kiosk (core + browser shell, own data folder)
 * whose upstream is the proxy. All in this process, on 127.0.0.1 port 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startKioskWeb, type KioskWeb, type StartKioskWebOptions } from '../../../electron/web/start-kiosk-web';
import { silentLogger } from '../../../electron/core/log';
import { startServer, type RunningServer } from '../../../server/start-server';
import { staffMethods } from '../../../shared/kiosk-api';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';

export const API_KEY = 'e2e-book-key-0001';
export const STAFF_PIN = '2468';

export interface Stack {
  server: RunningServer;
  proxy: FaultProxy;
}

export interface Kiosk {
  web: KioskWeb;
  /** The one-time setup code the kiosk printed at start (a remote kiosk without a PIN). */
  setupCode(): string | undefined;
  /** Calls the kiosk API as the renderer does (for test set-up only). */
  call(method: string, input?: Record<string, unknown>): Promise<unknown>;
}

/** Start-up options of the kiosk (as from the machine config), e.g. `test.use({ kioskOptions: { locked } })`. */
export type KioskOptions = Pick<StartKioskWebOptions, 'locked' | 'mode' | 'shop'>;

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
    let setupCode: string | undefined;
    const web = await startKioskWeb({
      port: 0,
      upstreamUrl: stack.proxy.url,
      apiKey: API_KEY,
      dataDir,
      token: 'e2e-token',
      // A remote kiosk without a PIN prints a one-time setup code: the first staff call uses it.
      print: (line) => {
        setupCode ??= /^setup code: (\S+)/.exec(line)?.[1];
      },
      log: silentLogger,
      ...kioskOptions,
    });
    const post = async (method: string, input: unknown): Promise<{ ok: boolean; result?: unknown; error?: unknown }> => {
      const response = await fetch(`${web.url}/api/kiosk/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${web.token}` },
        body: JSON.stringify(input),
      });
      return (await response.json()) as { ok: boolean; result?: unknown; error?: unknown };
    };
    // Staff methods need a staff session (issue 7): open one with the test PIN, setting it first.
    let session: string | null = null;
    const staffSession = async (): Promise<string> => {
      if (session) return session;
      const verified = await post('verifyStaffPin', { pin: STAFF_PIN });
      const check = (verified.result ?? {}) as { session?: string };
      const opened = check.session
        ? check
        : ((await post('setupStaffPin', { pin: STAFF_PIN, ...(setupCode ? { setupCode } : {}) })).result as { session?: string } | undefined);
      if (!opened?.session) throw new Error('no staff session for the test PIN');
      session = opened.session;
      return session;
    };
    const call = async (method: string, input: Record<string, unknown> = {}): Promise<unknown> => {
      const withSession = (staffMethods as readonly string[]).includes(method) ? { ...input, session: await staffSession() } : input;
      const body = await post(method, withSession);
      if (!body.ok) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
      return body.result;
    };
    await use({ web, call, setupCode: () => setupCode });
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

/** Opens the kiosk and waits for a given first screen (e.g. 'pin' in counter mode). */
export async function openKioskAt(page: Page, kiosk: Kiosk, screen: string): Promise<void> {
  await page.goto(kiosk.web.openUrl);
  await expect(page.locator(`[data-screen="${screen}"]`).first()).toBeVisible();
}

/** The staff PIN is set on first run; most tests want it set and the shop language English. */
export async function setUpKiosk(kiosk: Kiosk, settings: Record<string, unknown> = {}): Promise<void> {
  await kiosk.call('updateSettings', { pin: STAFF_PIN, language: 'en', ...settings });
}
