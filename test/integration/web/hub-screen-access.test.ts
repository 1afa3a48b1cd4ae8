/**
 * Staff access per screen on the hub, over real HTTPS (startKioskWeb with `hub`, the embedded
 * reference server, a clock the test moves): wrong PINs on one paired screen lock that screen
 * only (issue 17's lockout is per screen), and the hub's staff-session check does not renew the
 * session, so that the Screens tab, which polls, cannot keep it open past the idle time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hubRequest } from '../../support/hub-https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../electron/core/platform/log';
import { startKioskWeb, type KioskWeb } from '../../../electron/web/start-kiosk-web';
import { manualClock } from '../../support/core/manual-clock';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: { ok: boolean; result?: Record<string, unknown>; error?: { code: string } };
}

const PIN = '4711';
const IDLE_MS = 300_000; // the staff idle time's default
const clock = manualClock(Date.parse('2026-11-23T07:30:00Z'));
const dataDir = mkdtempSync(join(tmpdir(), 'fd-hub-access-'));
let web: KioskWeb;
const printed: string[] = [];

async function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const answer = await hubRequest(web.port, { path, method: 'POST', headers, body });
  return {
    status: answer.status,
    headers: answer.headers,
    json: JSON.parse(answer.text) as Answer['json'],
  };
}

const asHubToken = (method: string, input: unknown) =>
  post(`/api/kiosk/${method}`, input, { authorization: `Bearer ${web.token}` });
const asScreen = (cookie: string, method: string, input: unknown) =>
  post(`/api/kiosk/${method}`, input, { cookie, 'x-frontdesk-screen': '1' });
const hub = (path: string, body: unknown) =>
  post(`/api/hub/${path}`, body, { 'x-frontdesk-screen': '1' });

async function staffSession(): Promise<string> {
  const answer = await asHubToken('verifyStaffPin', { pin: PIN });
  expect(answer.json.result?.valid).toBe(true);
  return String(answer.json.result?.session);
}

async function pair(name: string): Promise<string> {
  const code = await hub('codes', { session: await staffSession() });
  const answer = await hub('pair', { code: code.json.result?.code, name, role: 'counter' });
  expect(answer.status).toBe(200);
  return String(answer.headers['set-cookie']).split(';')[0] ?? '';
}

beforeAll(async () => {
  web = await startKioskWeb({
    dataDir,
    upstreamUrl: null,
    rendererDir: null,
    hub: { listen: { host: '127.0.0.1', port: 0 }, names: [], tls: null, announce: 'off' },
    clock,
    print: (line: string) => printed.push(line),
    log: silentLogger,
  });
  const setupCode = printed.map((line) => /setup code: (\S+)/.exec(line)?.[1]).find(Boolean);
  expect((await asHubToken('setupStaffPin', { pin: PIN, setupCode })).status).toBe(200);
});
afterAll(async () => {
  await web.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the PIN lockout per paired screen', () => {
  it('locks the screen that guessed, not another screen nor the hub itself', async () => {
    const guessing = await pair('Window tablet');
    const other = await pair('Second counter');
    let last: Answer | null = null;
    for (let i = 0; i < 5; i++) last = await asScreen(guessing, 'verifyStaffPin', { pin: '0000' });
    expect(last?.json.result?.valid).toBe(false);
    expect(last?.json.result?.retryAfterSec).toBeGreaterThan(0);
    // Locked: even the right PIN is refused there ...
    const locked = await asScreen(guessing, 'verifyStaffPin', { pin: PIN });
    expect(locked.json.result?.valid).toBe(false);
    expect(locked.json.result?.retryAfterSec).toBeGreaterThan(0);
    // ... while the other screen and the hub's own browser are not.
    expect((await asScreen(other, 'verifyStaffPin', { pin: PIN })).json.result).toMatchObject({
      valid: true,
    });
    expect((await asHubToken('verifyStaffPin', { pin: PIN })).json.result).toMatchObject({
      valid: true,
    });
    // The lockout ends with its time.
    clock.advance(61_000);
    expect((await asScreen(guessing, 'verifyStaffPin', { pin: PIN })).json.result).toMatchObject({
      valid: true,
      failedAttempts: 5,
    });
  });
});

describe("the hub's staff-session check", () => {
  it('does not renew the session: polling the screen list ends with the idle time', async () => {
    const session = await staffSession();
    clock.advance(IDLE_MS - 60_000);
    expect((await hub('screens', { session })).status).toBe(200);
    expect((await hub('codes', { session })).status).toBe(200);
    // Had either call renewed it, the session would live until 4 more minutes from here.
    clock.advance(61_000);
    const expired = await hub('screens', { session });
    expect(expired.status).toBe(401);
    expect(expired.json.error?.code).toBe('unauthorized');
  });

  it('a staff call through the kiosk API still renews it (the staff are at work)', async () => {
    const session = await staffSession();
    clock.advance(IDLE_MS - 60_000);
    expect((await asHubToken('listBookings', { session })).status).toBe(200);
    clock.advance(61_000);
    expect((await hub('screens', { session })).status).toBe(200);
  });
});
