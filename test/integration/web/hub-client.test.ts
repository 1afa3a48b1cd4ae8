/**
 * The renderer's hub client (renderer/kiosk/hub-client.ts) against the real hub over HTTPS on
 * 127.0.0.1 (startKioskWeb with `hub`): what each answer of the pairing routes means to a screen
 * (paired, unpaired, removed; a wrong code refused, too many locked, a lost staff session), a
 * page not served by a hub, and a hub that is not there. The browser's part is played by a
 * fetch that keeps the screen cookie, as a browser does on the same origin.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../electron/core/platform/log';
import { PAIRING_MAX_WRONG } from '../../../electron/core/hub/pairing';
import { SCREEN_COOKIE } from '../../../electron/web/hub-routes';
import { startKioskWeb, type KioskWeb } from '../../../electron/web/start-kiosk-web';

// The renderer's module is loaded by path: the Node project does not type-check renderer code
// (its fetch options are the DOM's), so the part used here is declared by hand.
type HubResult<T> = { ok: true; value: T } | { ok: false; reason: string };
interface HubClient {
  screenState(): Promise<HubResult<{ state: string; name?: string; role?: string }>>;
  pair(input: { code: string; name: string; role: string }): Promise<HubResult<{ name: string }>>;
  createCode(
    session: string,
  ): Promise<HubResult<{ code: string; url: string; fingerprint: string }>>;
  listScreens(session: string): Promise<
    HubResult<{
      fingerprint: string;
      screens: { id: string; name: string; role: string; address: string }[];
    }>
  >;
  removeScreen(session: string, id: string): Promise<HubResult<{ removed: boolean }>>;
}
type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;
const HUB_CLIENT_MODULE: string = '../../../renderer/kiosk/hub-client';
const { createHubClient } = (await import(HUB_CLIENT_MODULE)) as {
  createHubClient: (fetchFn: FetchFn, baseUrl: string) => HubClient;
};

const dirs: string[] = [];
// The hub's own certificate is self-signed: the fingerprint is what staff check, not a CA.
const dispatcher = new Agent({ connect: { rejectUnauthorized: false } });
let web: KioskWeb;
let session: string;
const printed: string[] = [];

/** A browser tab: fetch with a cookie jar of its own (the screen cookie is HttpOnly). */
function browserFetch(): FetchFn & { cookies: Map<string, string> } {
  const cookies = new Map<string, string>();
  const fn = async (url: string, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = { ...(init?.headers as Record<string, string>) };
    if (cookies.size > 0)
      headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await undiciFetch(url, {
      method: init?.method ?? 'GET',
      headers,
      body: init?.body as string | undefined,
      signal: init?.signal ?? null,
      dispatcher,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name, value.join('='));
    }
    return response as unknown as Response;
  };
  return Object.assign(fn, { cookies });
}

async function staffSession(): Promise<string> {
  const setupCode = printed.map((line) => /setup code: (\S+)/.exec(line)?.[1]).find(Boolean);
  const response = await undiciFetch(`${web.url}/api/kiosk/setupStaffPin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${web.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pin: '4711', setupCode }),
    dispatcher,
  });
  const answer = (await response.json()) as { result: { session: string } };
  return answer.result.session;
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fd-hub-client-'));
  dirs.push(dataDir);
  web = await startKioskWeb({
    dataDir,
    upstreamUrl: null,
    rendererDir: null,
    hub: { listen: { host: '127.0.0.1', port: 0 }, names: [], tls: null, announce: 'off' },
    print: (line: string) => printed.push(line),
    log: silentLogger,
  });
  session = await staffSession();
});

afterAll(async () => {
  await web.close();
  await dispatcher.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function screenClient(): { client: HubClient; cookies: Map<string, string> } {
  const fetchFn = browserFetch();
  return { client: createHubClient(fetchFn, web.url), cookies: fetchFn.cookies };
}

async function newCode(staff: HubClient): Promise<string> {
  const code = await staff.createCode(session);
  if (!code.ok) throw new Error(`no code: ${code.reason}`);
  return code.value.code;
}

describe('a screen of the hub through the renderer’s client', () => {
  it('is unpaired, pairs with a code from staff, and is then paired with its name and role', async () => {
    const staff = screenClient().client;
    const { client, cookies } = screenClient();
    expect(await client.screenState()).toEqual({ ok: true, value: { state: 'unpaired' } });

    const code = await staff.createCode(session);
    expect(code.ok && code.value).toMatchObject({
      code: expect.stringMatching(/^\d{6}$/) as unknown,
      url: expect.stringMatching(/^https:\/\//) as unknown,
      fingerprint: web.certificate?.fingerprint,
    });
    const paired = await client.pair({
      code: code.ok ? code.value.code : '',
      name: 'Counter 2',
      role: 'counter',
    });
    expect(paired).toEqual({ ok: true, value: { name: 'Counter 2' } });
    expect(cookies.has(SCREEN_COOKIE)).toBe(true);
    expect(await client.screenState()).toEqual({
      ok: true,
      value: { state: 'paired', name: 'Counter 2', role: 'counter' },
    });
  });

  it('lists the paired screens for staff and removes one, which then reads as removed', async () => {
    const staff = screenClient().client;
    const { client } = screenClient();
    await client.pair({ code: await newCode(staff), name: 'Window', role: 'kiosk' });
    const list = await staff.listScreens(session);
    const window = list.ok ? list.value.screens.find((s) => s.name === 'Window') : undefined;
    expect(window).toMatchObject({
      role: 'kiosk',
      address: expect.stringMatching(/127\.0\.0\.1$/) as unknown,
    });
    expect(list.ok && list.value.fingerprint).toBe(web.certificate?.fingerprint);

    expect(await staff.removeScreen(session, window?.id ?? '')).toEqual({
      ok: true,
      value: { removed: true },
    });
    expect(await staff.removeScreen(session, window?.id ?? '')).toEqual({
      ok: true,
      value: { removed: false },
    });
    expect(await client.screenState()).toEqual({ ok: true, value: { state: 'removed' } });
  });

  it('a cookie the hub does not know reads as unpaired', async () => {
    const { client, cookies } = screenClient();
    cookies.set(SCREEN_COOKIE, 'A'.repeat(43));
    expect(await client.screenState()).toEqual({ ok: true, value: { state: 'unpaired' } });
    cookies.set(SCREEN_COOKIE, 'not-a-credential');
    expect(await client.screenState()).toEqual({ ok: true, value: { state: 'unpaired' } });
  });

  it('a staff session the hub does not know is `session`, for every staff call', async () => {
    const { client } = screenClient();
    const forged = 'A'.repeat(43);
    expect(await client.createCode(forged)).toEqual({ ok: false, reason: 'session' });
    expect(await client.listScreens(forged)).toEqual({ ok: false, reason: 'session' });
    expect(await client.removeScreen(forged, '00000000-0000-4000-8000-000000000000')).toEqual({
      ok: false,
      reason: 'session',
    });
  });

  it('a wrong code is refused; too many lock pairing even for the right code, until staff make a new one', async () => {
    const staff = screenClient().client;
    const { client } = screenClient();
    const right = await newCode(staff);
    const wrong = right === '000000' ? '111111' : '000000';
    const attempt = (code: string) => client.pair({ code, name: 'Tablet', role: 'kiosk' });
    const answers = [];
    for (let i = 0; i < PAIRING_MAX_WRONG; i += 1) answers.push(await attempt(wrong));
    // The last wrong code already locks.
    expect(answers.map((answer) => !answer.ok && answer.reason)).toEqual([
      ...Array<string>(PAIRING_MAX_WRONG - 1).fill('refused'),
      'locked',
    ]);
    expect(await attempt(right)).toEqual({ ok: false, reason: 'locked' });
    expect(await attempt(await newCode(staff))).toEqual({ ok: true, value: { name: 'Tablet' } });
  });

  it('an input the hub rejects (not six digits) is refused', async () => {
    const { client } = screenClient();
    expect(await client.pair({ code: '12', name: 'Tablet', role: 'kiosk' })).toEqual({
      ok: false,
      reason: 'refused',
    });
  });
});

describe('the hub routes without the screen header', () => {
  it('refuse pairing and staff calls (the CSRF defence)', async () => {
    const post = (path: string, body: unknown) =>
      undiciFetch(`${web.url}/api/hub/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        dispatcher,
      });
    expect((await post('pair', { code: '123456', name: 'x', role: 'kiosk' })).status).toBe(403);
    expect((await post('codes', { session })).status).toBe(403);
    const state = await undiciFetch(`${web.url}/api/hub/screen`, { dispatcher });
    expect(await state.json()).toEqual({ ok: true, result: { state: 'unpaired' } });
  });
});

describe('where there is no hub', () => {
  it('a page not served by a hub is `not_hub`; a hub that does not answer is `unreachable`', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fd-hub-client-plain-'));
    dirs.push(dataDir);
    const plain = await startKioskWeb({
      dataDir,
      upstreamUrl: null,
      rendererDir: null,
      print: () => undefined,
      log: silentLogger,
    });
    try {
      const client = createHubClient(fetch, plain.url);
      expect(await client.screenState()).toEqual({ ok: false, reason: 'not_hub' });
    } finally {
      await plain.close();
    }
    const gone = createHubClient(fetch, plain.url);
    expect(await gone.screenState()).toEqual({ ok: false, reason: 'unreachable' });
  });
});
