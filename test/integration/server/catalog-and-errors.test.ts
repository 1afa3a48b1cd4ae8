/**
 * decisions.md "Status codes" and "Lists": envelopes everywhere, 401/403/404/400/413/500, list order.
 */
// Every response this file's tests receive is checked against the OpenAPI document.
import '../../support/server/conformance-setup';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { hashKey, upsertApiKey, revokeApiKey } from '../../../server/db/api-keys';
import { upsertEmployee, upsertService } from '../../../server/db/catalog';
import { closeServerDb, openServerDb } from '../../../server/db/open';
import { DEMO_EMPLOYEES, DEMO_SERVICES, seedDemo } from '../../../server/seed/demo';
import {
  API_PREFIX,
  EmployeesEnvelope,
  ErrorEnvelopeSchema,
  ServicesEnvelope,
  TimeSlotsEnvelope,
} from '../../../shared/api/schemas';
import { DEFAULT_AVAILABILITY_SETTINGS } from '../../../shared/booking/types';
import {
  BOOK_KEY,
  HIGH_LIMITS,
  READ_KEY,
  createTestApp,
  demoBooking,
  observeResponses,
  tempDir,
} from '../../support/server/harness';
import type { TestApp } from '../../support/server/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

function expectError(
  response: { statusCode: number; json(): unknown; body: string },
  status: number,
) {
  expect(response.statusCode).toBe(status);
  const body = ErrorEnvelopeSchema.parse(response.json());
  expect(response.body).not.toMatch(/\n\s+at /);
  return body;
}

describe('lists', () => {
  it('services: enabled and not deleted, ordered by sortOrder then title', async () => {
    upsertService(t.db, {
      ...DEMO_SERVICES[0],
      id: 'svc-aaa-same-order',
      title: 'Aaa first by title',
      features: [],
      sortOrder: 10,
    });
    const response = await t.get('/services');
    expect(response.statusCode).toBe(200);
    const { data } = ServicesEnvelope.parse(response.json());
    const ids = data.map((s) => s._id);
    expect(ids).not.toContain('svc-dauerwelle'); // disabled
    expect(ids).not.toContain('svc-hochsteckfrisur'); // soft-deleted
    expect(ids.slice(0, 3)).toEqual([
      'svc-aaa-same-order',
      'svc-damen-schnitt',
      'svc-herren-schnitt',
    ]);
    const orders = data.map((s) => s.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(data.find((s) => s._id === 'svc-faerben')?.duration).toEqual({
      value: 2,
      unit: 'hours',
    });
    expect(
      data.every((s) => s.pricing.currency === 'EUR' && s.pricing.taxRate === 19 && s.enabled),
    ).toBe(true);
    expect(new Set(data.map((s) => s.category)).size).toBeGreaterThanOrEqual(2);
  });

  it('employees: bookable ones ordered by name', async () => {
    upsertEmployee(t.db, {
      ...DEMO_EMPLOYEES[0],
      id: 'emp-aaron',
      name: 'Aaron Adler',
      serviceIds: [],
    });
    const { data } = EmployeesEnvelope.parse((await t.get('/employees')).json());
    expect(data.map((e) => e.name)).toEqual([
      'Aaron Adler',
      'Anna Becker',
      'Mehmet Yilmaz',
      'Sophie Wagner',
    ]);
    expect(data.map((e) => e._id)).not.toContain('emp-lukas');
    expect(data.every((e) => e.available)).toBe(true);
  });
});

describe('demo seed', () => {
  it('is idempotent and matches what server/seed/demo.ts exports', async () => {
    const fresh = await createTestApp({ seed: false });
    try {
      seedDemo(fresh.db);
      const first = (await fresh.get('/services')).body;
      const employees = (await fresh.get('/employees')).body;
      seedDemo(fresh.db);
      expect((await fresh.get('/services')).body).toBe(first);
      expect((await fresh.get('/employees')).body).toBe(employees);
      const listed = ServicesEnvelope.parse(JSON.parse(first)).data.map((s) => s._id);
      expect(listed).toEqual(
        DEMO_SERVICES.filter((s) => s.enabled && !('deletedAt' in s)).map((s) => s.id),
      );
      expect(listed.length).toBeGreaterThanOrEqual(5);
    } finally {
      await fresh.close();
    }
  });
});

describe('catalog changes', () => {
  it('a change committed by another connection (another process) is seen at once', async () => {
    const query = '/availability?date=2026-11-29&serviceId=svc-bart&employeeId=emp-sunday';
    expect((await t.get('/availability?date=2026-11-29&serviceId=svc-bart')).statusCode).toBe(200); // warms the cache
    const other = openServerDb(t.dbPath);
    upsertEmployee(other, {
      id: 'emp-sunday',
      name: 'Sonja Sonntag',
      email: 'sonja@salon-lindenhof.example',
      phone: '+49 30 2',
      role: 'Barbierin',
      bookable: true,
      weekly: { 0: [{ start: '10:00', end: '12:00' }] },
      breaks: {},
      serviceIds: ['svc-bart'],
    });
    closeServerDb(other);
    const response = await t.get(query);
    expect(response.statusCode).toBe(200);
    const slots = TimeSlotsEnvelope.parse(response.json()).data.timeSlots;
    expect(slots.filter((s) => s.available).map((s) => s.time)).toContain('10:00');
  });

  it('changed hours and a disabled service written on this connection are served at once, not from a cache', async () => {
    const fresh = await createTestApp();
    try {
      const query =
        '/availability?date=2026-11-24&serviceId=svc-herren-schnitt&employeeId=emp-mehmet';
      const times = async () =>
        TimeSlotsEnvelope.parse((await fresh.get(query)).json()).data.timeSlots.map((s) => s.time);
      expect((await times())[0]).toBe('11:00'); // warms the catalog cache and the schedule index
      const mehmet = DEMO_EMPLOYEES[1];
      upsertEmployee(fresh.db, {
        ...mehmet,
        weekly: { 2: [{ start: '15:00', end: '16:00' }] },
        breaks: {},
        serviceIds: [...mehmet.serviceIds],
      });
      expect(await times()).toEqual(['15:00', '15:15', '15:30', '15:45']);
      const herren = DEMO_SERVICES[1];
      expect(herren.id).toBe('svc-herren-schnitt');
      upsertService(fresh.db, { ...herren, features: [...herren.features], enabled: false });
      expectError(await fresh.get(query), 404);
      expectError(await fresh.book(demoBooking({ time: '15:00' })), 404);
    } finally {
      await fresh.close();
    }
  });
});

describe('authentication', () => {
  it.each([
    ['no header', undefined],
    ['wrong scheme', 'Basic dXNlcjpwYXNz'],
    ['empty bearer', 'Bearer '],
    ['unknown key', 'Bearer not-a-known-key'],
  ])('401 for %s', async (_name, authorization) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/services`,
      headers: authorization === undefined ? {} : { authorization },
    });
    expectError(response, 401);
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('401 for a revoked key', async () => {
    upsertApiKey(t.db, 'soon-revoked-key', 'book', t.clock());
    expect((await t.get('/services', 'soon-revoked-key')).statusCode).toBe(200);
    revokeApiKey(t.db, 'soon-revoked-key', t.clock());
    expectError(await t.get('/services', 'soon-revoked-key'), 401);
  });

  it('a key added or revoked by another connection (another process) counts at once', async () => {
    expectError(await t.get('/services', 'key-of-another-process'), 401); // warms the key cache
    const other = openServerDb(t.dbPath);
    try {
      // Raw SQL on another connection: only SQLite's data_version tells this one about it.
      other.$client
        .prepare(
          "INSERT INTO api_keys (id, key_hash, scope, created_at) VALUES ('k-other', ?, 'read', 0)",
        )
        .run(hashKey('key-of-another-process'));
      expect((await t.get('/services', 'key-of-another-process')).statusCode).toBe(200);
      other.$client.prepare('UPDATE api_keys SET revoked_at = 1').run();
      expectError(await t.get('/services', 'key-of-another-process'), 401);
      expectError(await t.get('/services', BOOK_KEY), 401);
      other.$client.prepare('UPDATE api_keys SET revoked_at = NULL').run();
      expect((await t.get('/services', BOOK_KEY)).statusCode).toBe(200);
    } finally {
      closeServerDb(other);
    }
  });

  it('stores keys only as hashes', () => {
    const rows = t.db.$client.prepare('SELECT * FROM api_keys').all();
    expect(JSON.stringify(rows)).not.toContain(BOOK_KEY);
  });

  it('403 for a read-only key on POST /book, 200 on reads', async () => {
    expect((await t.get('/services', READ_KEY)).statusCode).toBe(200);
    const body = expectError(await t.book(demoBooking(), { key: READ_KEY }), 403);
    expect(body.error).toMatch(/read/);
  });
});

describe('error envelopes', () => {
  it('404 with the envelope for an unknown path', async () => {
    const body = expectError(await t.app.inject({ method: 'GET', url: '/nope' }), 404);
    expect(body.error).toContain('/nope');
    expectError(await t.get('/bookings'), 404);
    expectError(
      await t.app.inject({
        method: 'DELETE',
        url: `${API_PREFIX}/book`,
        headers: { authorization: `Bearer ${BOOK_KEY}` },
      }),
      404,
    );
  });

  it('400 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/book`,
      headers: { authorization: `Bearer ${BOOK_KEY}`, 'content-type': 'application/json' },
      payload: '{"serviceId": ',
    });
    expect(expectError(response, 400).error).toMatch(/^body/);
    const plain = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/book`,
      headers: { authorization: `Bearer ${BOOK_KEY}`, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expectError(plain, 400);
  });

  it('413 for a body over 16 KiB', async () => {
    const response = await t.book({ ...demoBooking(), notes: 'x'.repeat(17 * 1024) });
    expectError(response, 413);
  });

  it('500 with the envelope and no stack trace on an unexpected failure', async () => {
    const tmp = tempDir();
    const db = openServerDb(`${tmp.dir}/broken.db`);
    upsertApiKey(db, BOOK_KEY, 'book', Date.now());
    const app = buildApp({
      db,
      clock: Date.now,
      mailer: null,
      limits: HIGH_LIMITS,
      settings: DEFAULT_AVAILABILITY_SETTINGS,
    });
    observeResponses(app);
    // Break the storage under the running app: every query now throws inside the handler.
    db.$client.prepare('DROP TABLE employee_services').run();
    db.$client.prepare('DROP TABLE services').run();
    const response = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/services`,
      headers: { authorization: `Bearer ${BOOK_KEY}` },
    });
    const body = expectError(response, 500);
    expect(body.error).not.toMatch(/services|sqlite|no such table/i);
    await app.close();
    closeServerDb(db);
    tmp.remove();
  });
});
