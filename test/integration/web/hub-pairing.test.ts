/**
 * Pairing screens with the hub over real HTTPS (startKioskWeb with `hub`, the embedded reference
 * server upstream): one-time codes from a staff session, the screen credential as an HttpOnly
 * cookie that needs the x-frontdesk-screen header, wrong and reused codes, the lockout, removing
 * a screen, and a kiosk screen without a staff session refused every customer method.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hubRequest } from '../../support/hub-https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../electron/core/platform/log';
import {
  PAIRING_CODE_MAX_WRONG,
  PAIRING_MAX_WRONG,
  hashScreenToken,
} from '../../../electron/core/hub/pairing';
import { SCREEN_COOKIE, SCREEN_REMOVED_MESSAGE } from '../../../electron/web/hub-routes';
import { startKioskWeb, type KioskWeb } from '../../../electron/web/start-kiosk-web';
import { kioskApi, kioskMethods } from '../../../shared/kiosk-api';

const staffMethods = kioskMethods.filter((m) => kioskApi[m].access === 'staff');

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: {
    ok: boolean;
    result?: Record<string, unknown>;
    error?: { code: string; message: string };
  };
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function post(
  web: KioskWeb,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  method = 'POST',
  localAddress?: string,
): Promise<Answer> {
  const answer = await hubRequest(web.port, {
    path,
    method,
    ...(localAddress ? { localAddress } : {}),
    headers: { 'content-type': 'application/json', ...headers },
    ...(method === 'GET' ? {} : { body }),
  });
  return {
    status: answer.status,
    headers: answer.headers,
    json: JSON.parse(answer.text) as Answer['json'],
  };
}

const asKiosk = (web: KioskWeb, method: string, input: unknown) =>
  post(web, `/api/kiosk/${method}`, input, { authorization: `Bearer ${web.token}` });
/** A paired screen's call: its cookie and the CSRF header, no token. */
const asScreen = (
  web: KioskWeb,
  cookie: string,
  method: string,
  input: unknown,
  headers: Record<string, string> = {},
) => post(web, `/api/kiosk/${method}`, input, { cookie, 'x-frontdesk-screen': '1', ...headers });
const hub = (web: KioskWeb, path: string, body: unknown, headers: Record<string, string> = {}) =>
  post(web, `/api/hub/${path}`, body, { 'x-frontdesk-screen': '1', ...headers });
/** A pairing attempt from another machine on the LAN (another loopback address). */
const pairFrom = (address: string, code: string, name = 'Stranger') =>
  post(
    web,
    '/api/hub/pair',
    { code, name, role: 'kiosk' },
    { 'x-frontdesk-screen': '1' },
    'POST',
    address,
  );

// Shaped like a staff session, so that the schema passes and the session check refuses it.
const FORGED = 'A'.repeat(43);
let dataDir: string;
let web: KioskWeb;
let session: string;
const printed: string[] = [];

async function start(): Promise<KioskWeb> {
  return startKioskWeb({
    dataDir,
    upstreamUrl: null,
    rendererDir: null,
    hub: { listen: { host: '127.0.0.1', port: 0 }, names: [], tls: null, announce: 'off' },
    print: (line: string) => printed.push(line),
    log: silentLogger,
  });
}

async function newCode(): Promise<string> {
  const answer = await hub(web, 'codes', { session });
  expect(answer.status).toBe(200);
  return String(answer.json.result?.code);
}

async function pair(
  name = 'Tablet 1',
  role = 'kiosk',
): Promise<{ cookie: string; setCookie: string }> {
  const answer = await hub(web, 'pair', { code: await newCode(), name, role });
  expect(answer.status).toBe(200);
  const setCookie = String(answer.headers['set-cookie']);
  return { cookie: setCookie.split(';')[0] ?? '', setCookie };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fd-hub-pair-'));
  dirs.push(dataDir);
  web = await start();
  // The first PIN needs the setup code the hub printed at start (issue 17).
  const setupCode = printed.map((line) => /setup code: (\S+)/.exec(line)?.[1]).find(Boolean);
  const setup = await asKiosk(web, 'setupStaffPin', { pin: '4711', setupCode });
  session = String(setup.json.result?.session);
});
afterAll(async () => {
  await web.close();
});

describe('pairing a screen', () => {
  it('gives codes to staff only, with the hub URL and fingerprint', async () => {
    expect((await hub(web, 'codes', {})).status).toBe(400);
    expect((await hub(web, 'codes', { session: 'not-a-session' })).status).toBe(401);
    expect((await post(web, '/api/hub/codes', { session })).status).toBe(403); // no CSRF header
    const answer = await hub(web, 'codes', { session });
    expect(String(answer.json.result?.code)).toMatch(/^\d{6}$/);
    expect(answer.json.result).toMatchObject({
      url: `https://127.0.0.1:${web.port}/`,
      fingerprint: web.certificate?.fingerprint,
    });
    expect(Number(answer.json.result?.expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
  });

  it('sets an HttpOnly, Secure, SameSite=Strict cookie that works only with the header', async () => {
    const { cookie, setCookie } = await pair();
    expect(setCookie).toMatch(
      new RegExp(
        `^${SCREEN_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=\\d+; HttpOnly; Secure; SameSite=Strict$`,
      ),
    );
    expect((await asScreen(web, cookie, 'getCatalog', {})).status).toBe(200);
    // Without the header (a form post from another site) or with another site's Origin: refused.
    expect((await post(web, '/api/kiosk/getCatalog', {}, { cookie })).status).toBe(401);
    expect(
      (await asScreen(web, cookie, 'getCatalog', {}, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect(
      (await post(web, '/api/hub/screen', undefined, { cookie, 'x-frontdesk-screen': '1' }, 'GET'))
        .json.result,
    ).toEqual({
      state: 'paired',
      name: 'Tablet 1',
      role: 'kiosk',
    });
  });

  it('refuses a wrong code and a used one', async () => {
    const code = await newCode();
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await hub(web, 'pair', { code: wrong, name: 'X', role: 'kiosk' })).status).toBe(401);
    expect((await hub(web, 'pair', { code, name: 'X', role: 'kiosk' })).status).toBe(200);
    const reused = await hub(web, 'pair', { code, name: 'Y', role: 'kiosk' });
    expect(reused.status).toBe(401);
    expect(reused.headers['set-cookie']).toBeUndefined();
  });

  it(`locks an address after ${PAIRING_MAX_WRONG} wrong codes, even for the right one, until staff make a new code`, async () => {
    const code = await newCode();
    const wrong = code === '999999' ? '999998' : '999999';
    const answers = [];
    for (let i = 0; i < PAIRING_MAX_WRONG; i += 1)
      answers.push((await hub(web, 'pair', { code: wrong, name: 'X', role: 'kiosk' })).status);
    expect(answers).toEqual([401, 401, 401, 401, 429]);
    expect((await hub(web, 'pair', { code, name: 'X', role: 'kiosk' })).status).toBe(429);
    const fresh = await newCode();
    expect((await hub(web, 'pair', { code: fresh, name: 'X', role: 'kiosk' })).status).toBe(200);
  });

  it("a stranger's wrong codes lock the stranger's address only: the tablet staff pair still pairs with the fresh code", async () => {
    const code = await newCode();
    const wrong = code === '999999' ? '999998' : '999999';
    const stranger = [];
    for (let i = 0; i < PAIRING_MAX_WRONG + 2; i += 1)
      stranger.push((await pairFrom('127.0.0.3', wrong)).status);
    expect(stranger).toEqual([401, 401, 401, 401, 429, 429, 429]);
    // The stranger keeps guessing the right code too: still locked.
    expect((await pairFrom('127.0.0.3', code)).status).toBe(429);
    const tablet = await pairFrom('127.0.0.2', code, 'Window tablet');
    expect(tablet.status).toBe(200);
    expect(tablet.json.result).toEqual({ name: 'Window tablet', role: 'kiosk' });
    const screens = (await hub(web, 'screens', { session })).json.result?.screens as {
      name: string;
      address: string;
    }[];
    expect(screens.find((s) => s.name === 'Window tablet')?.address).toMatch(/127\.0\.0\.2$/);
    expect(screens.map((s) => s.name)).not.toContain('Stranger');
  });

  it('stores only a hash of the credential', async () => {
    const { cookie } = await pair('Hash check');
    const token = cookie.split('=')[1] ?? '';
    const db = new Database(join(dataDir, 'kiosk.db'), { readonly: true });
    try {
      const rows = db.prepare('select token_hash from hub_screens').all() as {
        token_hash: string;
      }[];
      expect(rows.map((r) => r.token_hash)).toContain(hashScreenToken(token));
      expect(JSON.stringify(rows)).not.toContain(token);
    } finally {
      db.close();
    }
  });

  it('keeps customer data from a kiosk screen without a staff session', async () => {
    const { cookie } = await pair('Shop window', 'kiosk');
    for (const method of staffMethods) {
      const answer = await asScreen(web, cookie, method, { session: FORGED });
      expect([400, 401, 403]).toContain(answer.status);
      expect(answer.json.ok).toBe(false);
    }
    expect((await asScreen(web, cookie, 'listBookings', { session: FORGED })).status).toBe(403);
  });
});

describe('the screen list and removing a screen', () => {
  it('lists name, role, address and last contact; removal ends access at the next call', async () => {
    const { cookie } = await pair('Counter 2', 'counter');
    const list = await hub(web, 'screens', { session });
    const screens = list.json.result?.screens as {
      id: string;
      name: string;
      role: string;
      address: string;
      lastSeenAt: number;
    }[];
    const screen = screens.find((s) => s.name === 'Counter 2');
    expect(screen?.role).toBe('counter');
    expect(screen?.address).toMatch(/127\.0\.0\.1$/);
    expect(Date.now() - (screen?.lastSeenAt ?? 0)).toBeLessThan(60_000);
    expect(list.json.result?.fingerprint).toBe(web.certificate?.fingerprint);

    expect((await hub(web, 'screens/remove', { session: 'forged', id: screen?.id })).status).toBe(
      401,
    );
    expect((await hub(web, 'screens/remove', { session, id: screen?.id })).json.result).toEqual({
      removed: true,
    });
    const refused = await asScreen(web, cookie, 'getCatalog', {});
    expect(refused.status).toBe(401);
    expect(refused.headers['x-frontdesk-screen']).toBe('removed');
    expect(refused.json.error?.message).toBe(SCREEN_REMOVED_MESSAGE);
    const state = await post(
      web,
      '/api/hub/screen',
      undefined,
      { cookie, 'x-frontdesk-screen': '1' },
      'GET',
    );
    expect(state.json.result).toMatchObject({ state: 'removed' });
    const after = (await hub(web, 'screens', { session })).json.result?.screens as {
      name: string;
    }[];
    expect(after.map((s) => s.name)).not.toContain('Counter 2');
  });

  it('keeps a paired screen across a restart of the hub', async () => {
    const { cookie } = await pair('Survivor');
    await web.close();
    web = await start();
    expect((await asScreen(web, cookie, 'getCatalog', {})).status).toBe(200);
    session = String((await asKiosk(web, 'verifyStaffPin', { pin: '4711' })).json.result?.session);
  });
});

describe('createPairing (own clock)', () => {
  it('lets a code expire after 2 minutes and ends the lockout after 5 minutes', async () => {
    const { openKioskDb } = await import('../../../electron/core/db/open');
    const { createPairing, PAIRING_CODE_TTL_MS, PAIRING_LOCKOUT_MS } =
      await import('../../../electron/core/hub/pairing');
    const dir = mkdtempSync(join(tmpdir(), 'fd-hub-clock-'));
    dirs.push(dir);
    const db = openKioskDb({ dataDir: dir });
    try {
      let now = 1_000_000;
      const pairing = createPairing(db, () => now);
      const late = pairing.createCode();
      now += PAIRING_CODE_TTL_MS;
      expect(
        pairing.pair({ code: late.code, name: 'A', role: 'kiosk', address: '10.0.0.5' }),
      ).toEqual({ ok: false, reason: 'wrong_code' });
      const inTime = pairing.createCode();
      now += PAIRING_CODE_TTL_MS - 1;
      expect(
        pairing.pair({ code: inTime.code, name: 'A', role: 'kiosk', address: '10.0.0.5' }).ok,
      ).toBe(true);

      const code = pairing.createCode();
      const wrong = code.code === '123456' ? '654321' : '123456';
      for (let i = 0; i < PAIRING_MAX_WRONG; i += 1)
        pairing.pair({ code: wrong, name: 'B', role: 'kiosk', address: '10.0.0.6' });
      expect(
        pairing.pair({ code: code.code, name: 'B', role: 'kiosk', address: '10.0.0.6' }),
      ).toMatchObject({ ok: false, reason: 'locked' });
      now += PAIRING_LOCKOUT_MS;
      const again = pairing.createCode();
      expect(
        pairing.pair({ code: again.code, name: 'B', role: 'kiosk', address: '10.0.0.6' }).ok,
      ).toBe(true);
      expect(pairing.list().map((s) => s.name)).toEqual(['A', 'B']);
    } finally {
      db.$client.close();
    }
  });

  it(`after ${PAIRING_CODE_MAX_WRONG} wrong codes from many addresses none of them may guess again while the code lives; another address with the right code pairs`, async () => {
    const { openKioskDb } = await import('../../../electron/core/db/open');
    const { createPairing, PAIRING_CODE_TTL_MS } =
      await import('../../../electron/core/hub/pairing');
    const dir = mkdtempSync(join(tmpdir(), 'fd-hub-code-budget-'));
    dirs.push(dir);
    const db = openKioskDb({ dataDir: dir });
    try {
      let now = 5_000_000;
      const pairing = createPairing(db, () => now);
      const { code } = pairing.createCode();
      const wrong = code === '123456' ? '654321' : '123456';
      const guessers = Array.from({ length: 7 }, (_, i) => `10.0.1.${i + 1}`);
      const answers: string[] = [];
      for (const address of guessers)
        for (let i = 0; i < PAIRING_MAX_WRONG - 1; i += 1)
          if (answers.length < PAIRING_CODE_MAX_WRONG) {
            const answer = pairing.pair({ code: wrong, name: 'G', role: 'kiosk', address });
            answers.push(answer.ok ? 'paired' : answer.reason);
          }
      expect(answers).toEqual(Array(PAIRING_CODE_MAX_WRONG).fill('wrong_code'));
      // Each guesser has wrong codes left of its own, but the code has taken its share.
      for (const address of guessers)
        expect(pairing.pair({ code, name: 'G', role: 'kiosk', address })).toMatchObject({
          ok: false,
          reason: 'locked',
        });
      expect(
        pairing.pair({ code, name: 'Counter 3', role: 'counter', address: '10.0.2.1' }).ok,
      ).toBe(true);
      // The next code starts at 0: a former guesser with it pairs.
      const next = pairing.createCode();
      now += PAIRING_CODE_TTL_MS - 1;
      expect(
        pairing.pair({ code: next.code, name: 'Late', role: 'kiosk', address: '10.0.1.1' }).ok,
      ).toBe(true);
      expect(pairing.list().map((s) => s.name)).toEqual(['Counter 3', 'Late']);
    } finally {
      db.$client.close();
    }
  });
});
