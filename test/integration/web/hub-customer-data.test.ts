/**
 * Issue 20 security: a kiosk-role screen of the hub without a staff session gets no customer
 * data, through any method or event. A real hub over HTTPS (embedded reference server upstream);
 * one paired screen books, a second kiosk screen listens with no session, a forged one and a
 * live staff session, a counter screen with the live session (the control: the booking event
 * does go out, to that stream only).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpsRequest } from 'node:https';
import { hubRequest } from '../../support/hub-https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../electron/core/platform/log';
import { startKioskWeb, type KioskWeb } from '../../../electron/web/start-kiosk-web';
import { kioskApi, kioskMethods } from '../../../shared/kiosk-api';

const CUSTOMER = {
  name: 'Zelda Quarantotto',
  email: 'zelda.q@example.com',
  phone: '+49 30 9876543',
};
const SCREEN = { 'x-frontdesk-screen': '1' };

let dir: string;
let web: KioskWeb;
let session: string;

async function post(
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; text: string; setCookie: string }> {
  const { status, text, setCookie } = await hubRequest(web.port, {
    path,
    method: 'POST',
    headers,
    body,
  });
  return { status, text, setCookie };
}

async function call(cookie: string, method: string, input: unknown): Promise<unknown> {
  const answer = await post(`/api/kiosk/${method}`, input, { cookie, ...SCREEN });
  const body = JSON.parse(answer.text) as { ok: boolean; result?: unknown; error?: unknown };
  if (!body.ok) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

async function pairKiosk(name: string, role: 'kiosk' | 'counter' = 'kiosk'): Promise<string> {
  const code = JSON.parse((await post('/api/hub/codes', { session }, SCREEN)).text) as {
    result: { code: string };
  };
  const paired = await post('/api/hub/pair', { code: code.result.code, name, role }, SCREEN);
  expect(paired.status).toBe(200);
  return paired.setCookie;
}

/** Everything a screen's event stream receives until `close()`. */
function listen(cookie: string, staffSession?: string): Promise<{ text(): string; close(): void }> {
  return new Promise((resolve, reject) => {
    let text = '';
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: web.port,
        path: '/api/kiosk/events',
        method: 'GET',
        rejectUnauthorized: false,
        headers: {
          cookie,
          ...SCREEN,
          ...(staffSession ? { 'x-kiosk-session': staffSession } : {}),
        },
      },
      (res) => {
        expect(res.statusCode).toBe(200);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('error', () => undefined);
        resolve({ text: () => text, close: () => req.destroy() });
      },
    );
    req.on('error', (error) => (text === '' ? reject(error) : undefined));
    req.end();
  });
}

const eventTypes = (text: string): string[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => (JSON.parse(line.slice(6)) as { type: string }).type);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fd-hub-data-'));
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
    { pin: '4711', setupCode },
    { authorization: `Bearer ${web.token}` },
  );
  session = (JSON.parse(setup.text) as { result: { session: string } }).result.session;
});
afterAll(async () => {
  await web.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a kiosk screen without a staff session', () => {
  it('gets no booking event and no customer data in any public answer', async () => {
    const booker = await pairKiosk('Booking tablet');
    const watcher = await pairKiosk('Shop window');
    const staffScreen = await pairKiosk('Counter tablet', 'counter');
    const bare = await listen(watcher);
    const forged = await listen(watcher, 'A'.repeat(43));
    // A kiosk-role screen gets no booking event even with a live staff session (issue 30).
    const kioskWithSession = await listen(watcher, session);
    const staff = await listen(staffScreen, session);

    const catalog = (await call(booker, 'getCatalog', {})) as { services: { _id: string }[] };
    const serviceId = catalog.services[0]?._id ?? '';
    let booked: { date: string; time: string; employeeId: string } | null = null;
    for (let offset = 1; offset <= 14 && !booked; offset += 1) {
      const date = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const day = (await call(booker, 'getTimeSlots', { date, serviceId })) as {
        timeSlots: { time: string; available: boolean; employeeId?: string }[];
      };
      const slot = day.timeSlots.find((s) => s.available && s.employeeId);
      if (slot?.employeeId) booked = { date, time: slot.time, employeeId: slot.employeeId };
    }
    if (!booked) throw new Error('no free slot in two weeks');
    await call(booker, 'createBooking', { serviceId, ...booked, customer: CUSTOMER });

    // The control: the staff session's stream gets the booking, with the customer in it.
    await expect.poll(() => eventTypes(staff.text()), { timeout: 10_000 }).toContain('booking');
    expect(staff.text()).toContain(CUSTOMER.name);
    for (const stream of [bare, forged, kioskWithSession]) {
      expect(eventTypes(stream.text())).toContain('status');
      expect(eventTypes(stream.text())).not.toContain('booking');
      for (const value of Object.values(CUSTOMER)) expect(stream.text()).not.toContain(value);
    }
    for (const stream of [bare, forged, kioskWithSession, staff]) stream.close();

    // Every public method, with real input where it takes one: nothing of the customer's.
    const [year, month] = booked.date.split('-').map(Number);
    const inputs: Record<string, unknown> = {
      getAvailableDays: { year, month, serviceId },
      getTimeSlots: { date: booked.date, serviceId },
    };
    const publicMethods = kioskMethods.filter((m) => kioskApi[m].access === 'public');
    for (const method of publicMethods) {
      if (method === 'createBooking') continue; // books; its answer is the booking just made
      const answer = await post(`/api/kiosk/${method}`, inputs[method] ?? {}, {
        cookie: watcher,
        ...SCREEN,
      });
      for (const value of Object.values(CUSTOMER)) expect(answer.text).not.toContain(value);
    }
  });
});
