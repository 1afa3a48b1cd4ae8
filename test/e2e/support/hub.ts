/**
 * The hub of the hub end-to-end specs (issue 20): a real kiosk core serving HTTPS on 127.0.0.1
 * in front of the worker's reference server (stack.ts), Chromium trusting exactly its key, and
 * browser contexts as paired screens.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { silentLogger } from '../../../electron/core/platform/log';
import { startKioskWeb, type KioskWeb } from '../../../electron/web/start-kiosk-web';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../support/chromium';
import { chooseSlot, fillDetails, start, type SlotChoice } from './flow';
import { onScreen } from './screens';
import { API_KEY, STAFF_PIN, type Kiosk } from './stack';
import type { Clock } from '../../../electron/core/platform/clock';
import { freePort } from '../../support/free-port';

/** HTTPS to the hub from the test (its certificate is checked by the browser, not here). */
function hubCall(
  web: KioskWeb,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ ok: boolean; result?: unknown; error?: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: web.port,
        path,
        method: 'POST',
        rejectUnauthorized: false,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${web.token}`,
          'x-frontdesk-screen': '1',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve(JSON.parse(text) as { ok: boolean; result?: unknown; error?: unknown }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

export interface Hub {
  web: KioskWeb;
  restart(): Promise<void>;
  /** The kiosk API as the test's set-up calls it (staff methods get a session). */
  kiosk: Kiosk;
  newCode(): Promise<string>;
  session: string;
}

export async function startHub(
  proxyUrl: string,
  clock: Clock,
): Promise<Hub & { close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fd-e2e-hub-'));
  const port = await freePort();
  const printed: string[] = [];
  const launch = () =>
    startKioskWeb({
      upstreamUrl: proxyUrl,
      apiKey: API_KEY,
      dataDir,
      hub: { listen: { host: '127.0.0.1', port }, names: [], tls: null, announce: 'off' },
      print: (line) => printed.push(line),
      log: silentLogger,
      clock,
      access: { tapGuardMs: 0 }, // as the stack's kiosks (stack.ts): no wait per click
    });
  const hub = { web: await launch(), session: '' } as Hub & { close(): Promise<void> };
  const call = async (method: string, input: unknown = {}): Promise<unknown> => {
    const answer = await hubCall(hub.web, `/api/kiosk/${method}`, input);
    if (!answer.ok) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
    return answer.result;
  };
  const setupCode = printed
    .map((line) => /^setup code: (\S+)$/.exec(line)?.[1])
    .find((code) => code !== undefined);
  const first = (await call('setupStaffPin', {
    pin: STAFF_PIN,
    ...(setupCode ? { setupCode } : {}),
  })) as { session: string };
  await call('updateSettings', { session: first.session, language: 'en' });
  hub.session = first.session;
  hub.kiosk = {
    web: hub.web,
    setupCode: null,
    clock,
    call: async (method, input = {}) =>
      call(
        method,
        method === 'listBookings' ? { ...(input as object), session: hub.session } : input,
      ),
  };
  hub.newCode = async () => {
    const answer = await hubCall(hub.web, '/api/hub/codes', { session: hub.session });
    return (answer.result as { code: string }).code;
  };
  hub.restart = async () => {
    await hub.web.close();
    hub.web = await launch();
    hub.session = (
      (await call('verifyStaffPin', { pin: STAFF_PIN })) as { session: string }
    ).session;
  };
  hub.close = async () => {
    await hub.web.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return hub;
}

/** Chromium that trusts exactly the hub's key. */
export async function launchTrusting(web: KioskWeb): Promise<Browser> {
  const spki = web.certificate?.spkiSha256;
  if (!spki) throw new Error('the hub has no certificate');
  return chromium.launch({
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [...CHROMIUM_LAUNCH_OPTIONS.args, `--ignore-certificate-errors-spki-list=${spki}`],
  });
}

export async function screen(
  browser: Browser,
  clock: Clock,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1080, height: 1920 },
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
  });
  const page = await context.newPage();
  await page.clock.install({ time: clock.now() });
  return { context, page };
}

/** A tablet opening the hub's URL and entering the code staff read out. */
/** Pairs the page as a customers' (kiosk) screen, or with `role: 'counter'` as a staff one. */
export async function pair(
  page: Page,
  hub: Hub,
  name: string,
  code?: string,
  role: 'kiosk' | 'counter' = 'kiosk',
): Promise<void> {
  await page.goto(`${hub.web.url}/`);
  await onScreen(page, 'pair');
  await page.getByLabel('Code').fill(code ?? (await hub.newCode()));
  await page.getByLabel('Name of this screen').fill(name);
  if (role === 'counter') await page.getByRole('radio', { name: /Staff \(counter\)/ }).check();
  await page.getByRole('button', { name: 'Connect' }).click();
  await onScreen(page, role === 'counter' ? 'pin' : 'start');
}

export async function toReview(page: Page, choice: SlotChoice): Promise<void> {
  await start(page);
  await chooseSlot(page, choice);
  await fillDetails(page);
  await page.getByRole('button', { name: /Continue/ }).click();
  await onScreen(page, 'review');
}
