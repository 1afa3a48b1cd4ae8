/**
 * What every end-to-end test runs against: its own reference server (demo data, a booking key),
 * the fault proxy in front of it, and a fresh kiosk (core + browser shell, own data folder)
 * whose upstream is the proxy. All in this process, on 127.0.0.1 port 0.
 *
 * Time is fixed: each test starts at `clockStart` (default Tuesday 2026-11-24 10:00 in Berlin;
 * `test.use({ clockStart })` for another day). The server, the kiosk core and the page (through
 * Playwright's clock, zone Europe/Berlin in playwright.config.ts) all read that timeline, which
 * runs at real speed from there; `page.clock.fastForward` moves the page on without waiting.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import {
  startKioskWeb,
  type KioskWeb,
  type StartKioskWebOptions,
} from '../../../electron/web/start-kiosk-web';
import { systemTimers, type Clock } from '../../../electron/core/platform/clock';
import { kioskApi, type KioskMethod } from '../../../shared/kiosk-api';
import { silentLogger } from '../../../electron/core/platform/log';
import { startServer, type RunningServer } from '../../../server/start-server';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';

/** The key a test uses to book behind the kiosk's back. */
export const API_KEY = 'e2e-book-key-0001';
/** The key of the test's kiosk(s): the server is the test's own, so are its rate windows. */
export const KIOSK_KEY = 'e2e-kiosk-key-0001';
export const STAFF_PIN = '2468';

/** Tuesday 2026-11-24, 10:00 in Berlin: a working day with every service offered. */
export const TUESDAY_1000 = Date.parse('2026-11-24T09:00:00Z');

export interface Stack {
  server: RunningServer;
  proxy: FaultProxy;
  /** The test's timeline: the server and the proxy read it; it starts at the test's `clockStart`. */
  timeline: { offsetMs: number };
  /** The server's SQLite file (a test may change a booking behind the kiosk's back). */
  dbPath: string;
}

export interface Kiosk {
  web: KioskWeb;
  /** The `setup code:` the kiosk printed at start (a remote upstream and no staff PIN yet). */
  setupCode: string | null;
  /**
   * Calls the kiosk API as the renderer does (for test set-up only). Staff methods get a staff
   * session opened with STAFF_PIN unless the input names one.
   */
  call(method: string, input?: unknown): Promise<unknown>;
  /** The kiosk's (and the server's) clock. */
  clock: Clock;
}

/** Start-up options of the kiosk (as from the machine config), e.g. `test.use({ kioskOptions: { locked } })`. */
export type KioskOptions = Pick<
  StartKioskWebOptions,
  | 'locked'
  | 'mode'
  | 'upstreamUrl'
  | 'staffIdleTimeoutSec'
  | 'staffPinHash'
  | 'shop'
  | 'mail'
  | 'access'
  | 'contentLanguage'
>;

export const test = base.extend<{
  kiosk: Kiosk;
  kioskOptions: KioskOptions;
  tapGuardMs: number;
  clockStart: number;
  clock: Clock;
  stack: Stack;
}>({
  kioskOptions: [{}, { option: true }],
  // A new screen ignores taps for 800 ms on a shop's kiosk (renderer/components/TapGuard.tsx),
  // which made every click of a test wait ~1 s for it. The tests of the guard itself
  // (double-tap, explore-by-touch) keep IT's default; the others set it off, as IT can.
  tapGuardMs: [0, { option: true }],
  clockStart: [TUESDAY_1000, { option: true }],
  // Each test gets a server of its own, seeded afresh (~0.2 s): what one test books is never
  // missing from the next one's day, whatever order the workers run them in.
  stack: async ({ clockStart }, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'fd-e2e-server-'));
    const timeline = { offsetMs: clockStart - Date.now() };
    const dbPath = join(dir, 'server.db');
    const server = await startServer({
      dbPath,
      seed: 'demo',
      keys: [API_KEY, KIOSK_KEY].map((key) => ({ key, scope: 'book' as const })),
      rateLimit: { perMinute: 600, perDay: 10_000 },
      clock: () => Date.now() + timeline.offsetMs,
    });
    const proxy = await startFaultProxy({
      target: server.url,
      clock: () => Date.now() + timeline.offsetMs,
    });
    await use({ server, proxy, timeline, dbPath });
    await proxy.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  },
  clock: async ({ stack }, use) => {
    await use({ ...systemTimers, now: () => Date.now() + stack.timeline.offsetMs });
  },
  // The page's Date and timers start where the kiosk's clock is (before any page script runs).
  // The receipt page asks the browser to print (`window.print()`); a real print job in headless
  // Chromium races a test's own `page.pdf` ("Page is already being printed"). The page counts
  // the requests instead (`printRequests`), so a test prints only when it asks for a PDF.
  page: async ({ page, clock }, use) => {
    await page.clock.install({ time: clock.now() });
    await page.addInitScript({
      content: 'window.__printRequests = 0; window.print = () => { window.__printRequests += 1; };',
    });
    await use(page);
  },
  kiosk: async ({ stack, kioskOptions, tapGuardMs, clock }, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fd-e2e-kiosk-'));
    const printed: string[] = [];
    const web = await startKioskWeb({
      port: 0,
      upstreamUrl: stack.proxy.url,
      apiKey: KIOSK_KEY,
      dataDir,
      token: 'e2e-token',
      print: (line) => printed.push(line),
      log: silentLogger,
      clock,
      ...kioskOptions,
      access: { tapGuardMs, ...kioskOptions.access },
    });
    const setupCode = printedSetupCode(printed);
    const call = kioskCaller(web.url, web.token);
    await use({ web, setupCode, call, clock });
    await web.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect };

/** The `setup code:` among the lines a kiosk printed at start, or null. */
export function printedSetupCode(printed: readonly string[]): string | null {
  return (
    printed
      .map((line) => /^setup code: (\S+)$/.exec(line)?.[1])
      .find((code) => code !== undefined) ?? null
  );
}

/**
 * Calls the kiosk API of the browser shell at `url` as the renderer does (`Kiosk.call`): staff
 * methods get a staff session opened with STAFF_PIN unless the input names one.
 */
export function kioskCaller(
  url: string,
  token: string,
): (method: string, input?: unknown) => Promise<unknown> {
  const call = async (method: string, input: unknown = {}): Promise<unknown> => {
    if (
      kioskApi[method as KioskMethod]?.access === 'staff' &&
      !(input as { session?: string }).session
    ) {
      const check = (await call('verifyStaffPin', { pin: STAFF_PIN })) as { session?: string };
      if (!check.session)
        throw new Error(`${method}: the staff PIN ${STAFF_PIN} opened no session`);
      return call(method, { ...(input as object), session: check.session });
    }
    const response = await fetch(`${url}/api/kiosk/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(input),
    });
    const body = (await response.json()) as { ok: boolean; result?: unknown; error?: unknown };
    if (!body.ok) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    return body.result;
  };
  return call;
}

/** How often the page asked the browser to print (see the `page` fixture). */
export function printRequests(page: Page): Promise<number> {
  return page.evaluate<number>('window.__printRequests');
}

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

/**
 * What IT does at install: the first staff PIN with the printed setup code. Most tests want it
 * set and the shop language English.
 */
export async function setUpKiosk(
  kiosk: Kiosk,
  settings: Record<string, unknown> = {},
): Promise<void> {
  const first = (await kiosk.call('setupStaffPin', {
    pin: STAFF_PIN,
    ...(kiosk.setupCode ? { setupCode: kiosk.setupCode } : {}),
  })) as {
    valid: boolean;
    session?: string;
  };
  if (!first.valid || !first.session)
    throw new Error('setupStaffPin refused the printed setup code');
  await kiosk.call('updateSettings', { session: first.session, language: 'en', ...settings });
  await kiosk.call('endStaffSession', { session: first.session });
}
