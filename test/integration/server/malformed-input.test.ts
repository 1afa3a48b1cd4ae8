/**
 * Bad input (issue 2): fast-check generates malformed requests against every endpoint -- wrong
 * types, missing fields, huge strings, odd unicode, bad dates, injection strings, raw non-JSON --
 * sent over real HTTP to the server listening on 127.0.0.1 (port 0, one keep-alive connection).
 * None may produce a 500, and none may change any table a request could write (harness
 * dataTables: everything but the rate-limit counters), except the one idempotency record that
 * decisions.md requires for a refused request that carried a key.
 */
// Every response this file's tests receive is checked against the OpenAPI document.
import '../../support/server/conformance-setup';
import fc from 'fast-check';
import { Pool } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../../shared/api/schemas';
import {
  BOOK_KEY,
  createTestApp,
  dataHash,
  dataTables,
  demoBooking,
  tableRows,
} from '../../support/server/harness';
import type { TestApp } from '../../support/server/harness';

let t: TestApp;
let pool: Pool;
beforeEach(async () => {
  t = await createTestApp();
  // One real booking (with a key) so that the tables are not trivially empty.
  expect(
    (await t.book(demoBooking({ time: '19:00' }), { idempotencyKey: 'seed-booking' })).statusCode,
  ).toBe(201);
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  pool = new Pool(url, { connections: 1, pipelining: 1 });
});
afterEach(async () => {
  await pool.close();
  await t.close();
});

const INJECTIONS = [
  "'; DROP TABLE bookings; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${process.exit()}',
  '../../etc/passwd',
  '\u0000',
  '%00%0d%0a',
  '__proto__',
  'constructor',
];
const ODD = ['\u202e', '\u200b', '\ufeff', '\ud83d\ude00', '\u0301', 'ß', '\u00a0', '\uffff'];

const injection = fc.constantFrom(...INJECTIONS);
const odd = fc
  .tuple(fc.constantFrom(...ODD), fc.string({ maxLength: 20, unit: 'grapheme' }))
  .map(([o, s]) => `${s}${o}`);
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);
const badDate = fc.oneof(
  fc.constantFrom(
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2026-1-5',
    '99999-01-01',
    '2026/11/24',
    '',
    ' ',
    'today',
  ),
  injection,
  odd,
);
const badTime = fc.oneof(
  fc.constantFrom('24:00', '11:60', '1100', '11:00:00', '-1:00', 'noon', ''),
  injection,
  odd,
);
const huge = (min: number) => fc.integer({ min, max: 12_000 }).map((n) => 'x'.repeat(n));

type Mutation = (body: Record<string, unknown>) => void;

/** Sets a customer field even when an earlier mutation removed or replaced the customer. */
function setCustomer(body: Record<string, unknown>, field: string, value: unknown): void {
  const customer = body.customer;
  if (customer !== null && typeof customer === 'object' && !Array.isArray(customer))
    (customer as Record<string, unknown>)[field] = value;
  else body.customer = { [field]: value };
}
const required = ['serviceId', 'employeeId', 'date', 'time', 'customer'] as const;
const customerFields = ['name', 'email', 'phone'] as const;

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constantFrom(...required).map(
    (f): Mutation =>
      (b) =>
        delete b[f],
  ),
  fc.constantFrom(...customerFields).map(
    (f): Mutation =>
      (b) =>
        setCustomer(b, f, undefined),
  ),
  fc.tuple(fc.constantFrom(...required, 'notes'), wrongType).map(
    ([f, v]): Mutation =>
      (b) =>
        (b[f] = v),
  ),
  fc.tuple(fc.constantFrom(...customerFields), wrongType).map(
    ([f, v]): Mutation =>
      (b) =>
        setCustomer(b, f, v),
  ),
  badDate.map(
    (v): Mutation =>
      (b) =>
        (b.date = v),
  ),
  badTime.map(
    (v): Mutation =>
      (b) =>
        (b.time = v),
  ),
  huge(201).map(
    (v): Mutation =>
      (b) =>
        setCustomer(b, 'name', v),
  ),
  huge(1001).map(
    (v): Mutation =>
      (b) =>
        (b.notes = v),
  ),
  huge(255).map(
    (v): Mutation =>
      (b) =>
        setCustomer(b, 'email', `${v}@example.com`),
  ),
  fc.oneof(injection, odd).map(
    (v): Mutation =>
      (b) =>
        setCustomer(b, 'email', v.replaceAll('@', '')),
  ),
  fc.oneof(injection, odd).map(
    (v): Mutation =>
      (b) =>
        setCustomer(b, 'phone', `${v}x`),
  ),
  // Ids that do not exist: refused with 404, still nothing written.
  fc.tuple(fc.constantFrom('serviceId', 'employeeId'), fc.oneof(injection, odd, huge(101))).map(
    ([f, v]): Mutation =>
      (b) =>
        (b[f] = v),
  ),
);

const bookBody = fc
  .tuple(
    fc.array(mutation, { minLength: 1, maxLength: 3 }),
    fc.constantFrom('11:00', '12:15', '13:30'),
  )
  .map(([mutations, time]) => {
    const body = structuredClone(demoBooking({ time })) as unknown as Record<string, unknown>;
    for (const m of mutations) m(body);
    return JSON.stringify(body);
  });
const rawBody = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 2 }),
  fc.constantFrom('{', '[]', 'null', '"x"', '{"customer":', '\u0000'),
);

const queryValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  injection,
  odd,
  fc.integer().map(String),
  fc.constantFrom('2026', '13', '-1', '1e3', '0x10', 'NaN'),
);
const query = fc
  .dictionary(
    fc.constantFrom('year', 'month', 'date', 'serviceId', 'employeeId', 'x'),
    queryValue,
    { maxKeys: 4 },
  )
  .map((q) => new URLSearchParams(q).toString());

type Request = {
  method: 'GET' | 'POST';
  url: string;
  payload?: string;
  contentType?: string;
  idempotencyKey?: string;
};
const request: fc.Arbitrary<Request> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(bookBody, fc.option(fc.string({ minLength: 1, maxLength: 40 }), { nil: undefined }))
      .map(([payload, idempotencyKey]): Request => ({
        method: 'POST',
        url: '/book',
        payload,
        idempotencyKey,
      })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        rawBody,
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
      )
      .map(([payload, contentType]): Request => ({
        method: 'POST',
        url: '/book',
        payload,
        contentType,
      })),
  },
  {
    weight: 2,
    arbitrary: query.map((q): Request => ({ method: 'GET', url: `/available-days?${q}` })),
  },
  {
    weight: 2,
    arbitrary: query.map((q): Request => ({ method: 'GET', url: `/availability?${q}` })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('/services', '/employees'), query)
      .map(([p, q]): Request => ({ method: 'GET', url: `${p}?${q}` })),
  },
);

const IDEMPOTENCY = 'idempotency_records';

describe('malformed requests', () => {
  it('never answer 500 and never change the data (>= 200 generated requests over real HTTP)', async () => {
    const others = dataTables(t.db).filter((table) => table !== IDEMPOTENCY);
    expect(others).toEqual(
      expect.arrayContaining([
        'bookings',
        'customers',
        'counters',
        'services',
        'employees',
        'api_keys',
      ]),
    );
    const othersBefore = dataHash(t.db, others);
    let records = tableRows(t.db, IDEMPOTENCY);
    const seen = new Map<number, number>();
    let recorded = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = { authorization: `Bearer ${BOOK_KEY}` };
        if (r.method === 'POST') headers['content-type'] = r.contentType ?? 'application/json';
        if (r.idempotencyKey !== undefined) headers['idempotency-key'] = r.idempotencyKey;
        const response = await pool.request({
          method: r.method,
          path: `${API_PREFIX}${r.url}`,
          headers,
          body: r.payload,
        });
        const text = await response.body.text();
        seen.set(response.statusCode, (seen.get(response.statusCode) ?? 0) + 1);
        expect(response.statusCode).toBeLessThan(500);
        const body = JSON.parse(text) as { success: boolean };
        expect(typeof body.success).toBe('boolean');
        if (r.method === 'POST') expect(response.statusCode).not.toBe(201);
        expect(dataHash(t.db, others)).toBe(othersBefore);

        // A keyed request that passed validation and was refused (404 for an unknown id) is
        // remembered so that its retry gets the same answer: exactly that one record may appear.
        const after = tableRows(t.db, IDEMPOTENCY);
        if (JSON.stringify(after) !== JSON.stringify(records)) {
          expect(r.idempotencyKey).toBeDefined();
          // Never for a request refused by validation: it never started (book.ts).
          expect(body).not.toMatchObject({ message: 'Invalid request' });
          const key = (r.idempotencyKey ?? '').trim(); // HTTP drops the header value's outer spaces
          const without = (rows: Record<string, unknown>[]) =>
            rows.filter((row) => row.key !== key);
          expect(without(after)).toEqual(without(records));
          expect(records.some((row) => row.key === key)).toBe(false);
          expect(after.filter((row) => row.key === key)).toEqual([
            expect.objectContaining({
              state: 'done',
              status_code: response.statusCode,
              response: text,
            }),
          ]);
          recorded += 1;
          records = after;
        }
      }),
      { numRuns: 250, seed: 20261121 },
    );
    // The generator reached the refusals it was meant to.
    expect(seen.get(400) ?? 0).toBeGreaterThan(100);
    expect(seen.get(404) ?? 0).toBeGreaterThan(0);
    // The seed reaches the keyed refusals too (4 records with seed 20261121).
    expect(recorded).toBeGreaterThan(0);
  });
});
