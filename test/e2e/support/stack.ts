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
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { staffMethods } from '../../../shared/kiosk-api';

export const API_KEY = 'e2e-book-key-0001';
export const STAFF_PIN = '2468';

export interface Stack {
  server: RunningServer;
  proxy: FaultProxy;
}

export interface Kiosk {
  web: KioskWeb;
  /** Calls the kiosk API as the renderer does (for test set-up only); staff methods get a session. */
  call(method: string, input?: unknown): Promise<unknown>;
  /** The setup code the kiosk printed at start (a remote kiosk without a staff PIN). */
  setupCode(): string | undefined;
}

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
    let setupCode: string | undefined;
    const web = await startKioskWeb({
      port: 0,
      upstreamUrl: stack.proxy.url,
      apiKey: API_KEY,
      dataDir,
      token: 'e2e-token',
      // A remote kiosk prints the one-time code for its first staff PIN.
      print: (line: string) => {
        setupCode = /setup code: (\S+)/.exec(line)?.[1] ?? setupCode;
      },
      log: silentLogger,
      ...kioskOptions,
    });
    let session: string | null = null;
    const post = async (method: string, input: unknown): Promise<{ ok: boolean; result?: unknown; error?: unknown }> => {
      const response = await fetch(`${web.url}/api/kiosk/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${web.token}` },
        body: JSON.stringify(input),
      });
      return (await response.json()) as { ok: boolean; result?: unknown; error?: unknown };
    };
    /** A staff session as staff would open one: the first PIN with the setup code, then the PIN. */
    const staffSession = async (): Promise<string> => {
      if (session !== null) return session;
      const first = await post('setupStaffPin', { pin: STAFF_PIN, ...(setupCode ? { setupCode } : {}) });
      const check = (first.ok ? first : await post('verifyStaffPin', { pin: STAFF_PIN })) as { ok: boolean; result?: { valid: boolean; session?: string } };
      if (!check.ok || !check.result?.valid || !check.result.session) throw new Error('no staff session');
      session = check.result.session;
      return session;
    };
    const call = async (method: string, input: unknown = {}): Promise<unknown> => {
      if ((staffMethods as string[]).includes(method)) input = { ...(input as object), session: await staffSession() };
      const response = await fetch(`${web.url}/api/kiosk/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${web.token}` },
        body: JSON.stringify(input),
      });
      const body = (await response.json()) as { ok: boolean; result?: unknown; error?: unknown };
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

/** The staff PIN is set on first run; most tests want it set and the shop language English. */
export async function setUpKiosk(kiosk: Kiosk, settings: Record<string, unknown> = {}): Promise<void> {
  // The staff session `call` opens sets STAFF_PIN as the first PIN.
  await kiosk.call('updateSettings', { language: 'en', ...settings });
}
