/**
 * Issue 30: the hub enforces each screen's role on every method, route and event. A real hub over
 * HTTPS (embedded reference server upstream): a kiosk-role tablet, knowing the right PIN and even
 * holding a live staff session made elsewhere, gets the customer's methods only: no PIN check,
 * no setup code, no staff method, no pairing code, no screen list. A counter-role screen with the
 * same PIN does all of it (the control).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hubRequest } from '../../support/hub-https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_SCREEN_REFUSED } from '../../../electron/core/hub/screen-roles';
import { silentLogger } from '../../../electron/core/platform/log';
import { startKioskWeb, type KioskWeb } from '../../../electron/web/start-kiosk-web';
import { kioskApi, kioskMethods, type KioskMethod } from '../../../shared/kiosk-api';

const PIN = '4711';
const SCREEN = { 'x-frontdesk-screen': '1' };

interface Answer {
  status: number;
  json: {
    ok: boolean;
    result?: Record<string, unknown>;
    error?: { code: string; message: string };
  };
}

let dir: string;
let web: KioskWeb;
let hubSession: string;
let kiosk: string;
let counter: string;

async function post(path: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
  const answer = await hubRequest(web.port, { path, method: 'POST', headers, body });
  return { status: answer.status, json: JSON.parse(answer.text) as Answer['json'] };
}
const asScreen = (cookie: string, method: string, input: unknown) =>
  post(`/api/kiosk/${method}`, input, { cookie, ...SCREEN });

async function pair(name: string, role: 'kiosk' | 'counter'): Promise<string> {
  const code = await post('/api/hub/codes', { session: hubSession }, SCREEN);
  const answer = await hubRequest(web.port, {
    path: '/api/hub/pair',
    method: 'POST',
    headers: SCREEN,
    body: { code: code.json.result?.code, name, role },
  });
  expect(answer.status).toBe(200);
  return answer.setCookie;
}

let services: string[] = [];

/** A real input for each method: the refusal must come from the role, not from the schema. */
function inputFor(method: KioskMethod, session: string): unknown {
  switch (method) {
    case 'verifyStaffPin':
      return { pin: PIN };
    case 'setupStaffPin':
      return { pin: PIN, setupCode: 'AAAA-AAAA' };
    case 'checkSetupCode':
      return { setupCode: 'AAAA-AAAA' };
    case 'recoverStaffAccess':
      return { code: 'AAAA-AAAA-AAAA-AAAA' };
    case 'endStaffSession':
      return { session: 'not-a-session' };
    case 'retryBooking':
    case 'discardBooking':
    case 'restoreBooking':
      return { session, localId: 'no-such-booking' };
    case 'linkRebooking':
      return { session, localId: 'no-such-booking', rebookedAs: 'other' };
    case 'resolveFollowUp':
      return { session, localId: 'no-such-booking', action: 'dismissed' };
    case 'updateSettings':
      return { session, idleTimeoutSec: 90 };
    case 'getAvailableDays':
      return { year: 2026, month: 12 };
    case 'getTimeSlots':
      return { date: '2026-12-01', serviceId: services[0] };
    case 'getVisitTimes':
      return { date: '2026-12-01', serviceIds: services.slice(0, 2) };
    default:
      return kioskApi[method].access === 'staff' ? { session } : {};
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fd-hub-roles-'));
  const printed: string[] = [];
  web = await startKioskWeb({
    dataDir: dir,
    upstreamUrl: null,
    rendererDir: null,
    hub: { listen: { host: '127.0.0.1', port: 0 }, names: [], tls: null, announce: 'off' },
    print: (line) => printed.push(line),
    log: silentLogger,
  });
  const setupCode = printed.map((line) => /setup code: (\S+)/.exec(line)?.[1]).find(Boolean);
  const setup = await post(
    '/api/kiosk/setupStaffPin',
    { pin: PIN, setupCode },
    { authorization: `Bearer ${web.token}` },
  );
  hubSession = String(setup.json.result?.session);
  kiosk = await pair('Window tablet', 'kiosk');
  counter = await pair('Counter 2', 'counter');
});
afterAll(async () => {
  await web.close();
  rmSync(dir, { recursive: true, force: true });
});

const customerMethods: KioskMethod[] = [
  'getCatalog',
  'getAvailableDays',
  'getTimeSlots',
  'getVisitTimes',
  'getSyncStatus',
  'getPublicSettings',
  'endStaffSession',
];
const pinMethods: KioskMethod[] = [
  'verifyStaffPin',
  'setupStaffPin',
  'checkSetupCode',
  'recoverStaffAccess',
];
const staffMethods = kioskMethods.filter((m) => kioskApi[m].access === 'staff');

describe('a kiosk-role screen', () => {
  it('cannot check the staff PIN, even the right one, nor a setup code', async () => {
    for (const method of pinMethods) {
      const answer = await asScreen(kiosk, method, inputFor(method, hubSession));
      expect({ method, status: answer.status, error: answer.json.error }).toEqual({
        method,
        status: 403,
        error: { code: 'unauthorized', message: KIOSK_SCREEN_REFUSED },
      });
    }
  });

  it('runs no staff method, even with a live staff session from another screen', async () => {
    expect(staffMethods).toContain('listBookings');
    for (const method of staffMethods) {
      const answer = await asScreen(kiosk, method, inputFor(method, hubSession));
      expect({ method, status: answer.status, code: answer.json.error?.code }).toEqual({
        method,
        status: 403,
        code: 'unauthorized',
      });
    }
    // Nothing changed: the settings update was refused before the core.
    const settings = await post(
      '/api/kiosk/getSettings',
      { session: hubSession },
      { authorization: `Bearer ${web.token}` },
    );
    expect(settings.json.result?.idleTimeoutSec).not.toBe(90);
  });

  it('cannot make pairing codes, list or remove screens, even with a live staff session', async () => {
    for (const path of ['codes', 'screens']) {
      const answer = await post(
        `/api/hub/${path}`,
        { session: hubSession },
        {
          cookie: kiosk,
          ...SCREEN,
        },
      );
      expect({ path, status: answer.status, message: answer.json.error?.message }).toEqual({
        path,
        status: 403,
        message: KIOSK_SCREEN_REFUSED,
      });
    }
    const remove = await post(
      '/api/hub/screens/remove',
      { session: hubSession, id: '00000000-0000-4000-8000-000000000000' },
      { cookie: kiosk, ...SCREEN },
    );
    expect(remove.status).toBe(403);
  });

  it("serves the customer's methods", async () => {
    const catalog = await asScreen(kiosk, 'getCatalog', {});
    services = (catalog.json.result?.services as { _id: string }[]).map((s) => s._id);
    for (const method of customerMethods) {
      const answer = await asScreen(kiosk, method, inputFor(method, hubSession));
      expect({ method, status: answer.status }).toEqual({ method, status: 200 });
    }
  });
});

describe('a counter-role screen (the control)', () => {
  it('checks the PIN and, with its session, lists bookings and manages screens', async () => {
    const pin = await asScreen(counter, 'verifyStaffPin', { pin: PIN });
    expect(pin.json.result?.valid).toBe(true);
    const session = String(pin.json.result?.session);
    const list = await asScreen(counter, 'listBookings', { session });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.json.result)).toBe(true);
    const screens = await post('/api/hub/screens', { session }, { cookie: counter, ...SCREEN });
    expect(screens.status).toBe(200);
    expect(
      (screens.json.result?.screens as { name: string; role: string }[]).map((s) => s.role),
    ).toEqual(['kiosk', 'counter']);
  });
});
