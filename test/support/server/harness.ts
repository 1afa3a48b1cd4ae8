/**
 * Builds the real reference server on a temp SQLite file for tests: `inject()` for speed,
 * `startServer` on 127.0.0.1 port 0 where real HTTP matters. Nothing here is a mock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/app';
import { upsertApiKey } from '../../../server/db/api-keys';
import { closeServerDb, openServerDb } from '../../../server/db/open';
import type { ServerDb } from '../../../server/db/open';
import type { RateLimits } from '../../../server/db/rate-limits';
import type { Mailer } from '../../../server/mail/mailer';
import { seedDemo } from '../../../server/seed/demo';
import { recordResponse } from './openapi-conformance';
import { startServer } from '../../../server/start-server';
import type { RunningServer, StartServerOptions } from '../../../server/start-server';
import { API_PREFIX } from '../../../shared/api/schemas';
import type { BookingRequest } from '../../../shared/api/schemas';
import { DEFAULT_AVAILABILITY_SETTINGS } from '../../../shared/booking/types';
import type { AvailabilitySettings } from '../../../shared/booking/types';
import type { LanguageCode } from '../../../shared/languages';

export const BOOK_KEY = 'test-book-key-0001';
export const READ_KEY = 'test-read-key-0001';
export const OTHER_BOOK_KEY = 'test-book-key-0002';

/** Monday 2026-11-23, 08:00 in Berlin. */
export const MONDAY_0800 = Date.parse('2026-11-23T07:00:00Z');

export function tempDir(prefix = 'fd-server-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TestClock {
  (): number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(start = MONDAY_0800): TestClock {
  let now = start;
  const clock = (() => now) as TestClock;
  clock.set = (ms) => {
    now = ms;
  };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

export interface TestAppOptions {
  clock?: TestClock;
  limits?: RateLimits;
  mailer?: Mailer | null;
  settings?: Partial<AvailabilitySettings>;
  dbPath?: string;
  seed?: boolean;
  /** The shop's language (the server's `--language`). */
  language?: LanguageCode;
}

export interface TestApp {
  app: FastifyInstance;
  db: ServerDb;
  dbPath: string;
  clock: TestClock;
  get(path: string, key?: string | null): Promise<LightMyRequestResponse>;
  book(
    body: unknown,
    options?: { key?: string; idempotencyKey?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Every response of `app` (inject() or listening) is checked against the OpenAPI document
 * (openapi-conformance.ts). Call before the app is ready.
 */
export function observeResponses(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : '';
    recordResponse({
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      headers: reply.getHeaders(),
      body,
    });
    return payload;
  });
}

export const HIGH_LIMITS: RateLimits = { perMinute: 1_000_000, perDay: 10_000_000 };

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const tmp = options.dbPath ? undefined : tempDir();
  const dbPath = options.dbPath ?? join(tmp!.dir, 'server.db');
  const clock = options.clock ?? testClock();
  const db = openServerDb(dbPath);
  if (options.seed !== false) seedDemo(db);
  upsertApiKey(db, BOOK_KEY, 'book', clock());
  upsertApiKey(db, OTHER_BOOK_KEY, 'book', clock());
  upsertApiKey(db, READ_KEY, 'read', clock());
  const app = buildApp({
    db,
    clock,
    mailer: options.mailer ?? null,
    language: options.language,
    limits: options.limits ?? HIGH_LIMITS,
    settings: { ...DEFAULT_AVAILABILITY_SETTINGS, ...options.settings },
  });
  observeResponses(app);
  await app.ready();
  const auth = (key: string | null | undefined) =>
    key === null ? {} : { authorization: `Bearer ${key ?? BOOK_KEY}` };
  return {
    app,
    db,
    dbPath,
    clock,
    get: (path, key) =>
      app.inject({ method: 'GET', url: `${API_PREFIX}${path}`, headers: auth(key) }),
    book: (body, opts = {}) =>
      app.inject({
        method: 'POST',
        url: `${API_PREFIX}/book`,
        headers: {
          ...auth(opts.key),
          'content-type': 'application/json',
          ...(opts.idempotencyKey === undefined ? {} : { 'idempotency-key': opts.idempotencyKey }),
          ...opts.headers,
        },
        payload: JSON.stringify(body),
      }),
    async close() {
      await app.close();
      closeServerDb(db);
      tmp?.remove();
    },
  };
}

/**
 * The real server listening on 127.0.0.1 with a free port, on a fresh temp database with the
 * demo data and the test keys (BOOK_KEY may book, READ_KEY may only read).
 */
export async function startTestServer(
  options: Partial<StartServerOptions> = {},
): Promise<RunningServer & { dbPath: string }> {
  const tmp = tempDir();
  const dbPath = options.dbPath ?? join(tmp.dir, 'server.db');
  const server = await startServer({
    seed: 'demo',
    keys: [
      { key: BOOK_KEY, scope: 'book' },
      { key: OTHER_BOOK_KEY, scope: 'book' },
      { key: READ_KEY, scope: 'read' },
    ],
    rateLimit: HIGH_LIMITS,
    clock: () => MONDAY_0800,
    ...options,
    dbPath,
  });
  return {
    ...server,
    dbPath,
    async close() {
      await server.close();
      tmp.remove();
    },
  };
}

/** A valid booking of the demo catalog: Mehmet, men's cut, Tuesday 2026-11-24 11:00. */
export function demoBooking(overrides: Partial<BookingRequest> = {}): BookingRequest {
  return {
    serviceId: 'svc-herren-schnitt',
    employeeId: 'emp-mehmet',
    date: '2026-11-24',
    time: '11:00',
    customer: { name: 'Erika Mustermann', email: 'erika@example.com', phone: '+49 30 555 0100' },
    ...overrides,
  };
}

/**
 * Tables whose contents a request may change, read from the schema so that a table added later
 * is covered too. Only `rate_limit_counters` is left out: every authenticated request counts
 * against its key's minute and day windows by design (decisions.md), so they change with each
 * request whatever its outcome; they have tests of their own (rate-limit.test.ts).
 */
export function dataTables(db: ServerDb): string[] {
  const rows = db.$client
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all() as { name: string }[];
  return rows.map((r) => r.name).filter((name) => name !== 'rate_limit_counters');
}

/** Every row of a table, ordered by all its columns (so equal contents give equal lists). */
export function tableRows(db: ServerDb, table: string): Record<string, unknown>[] {
  const columns = db.$client.pragma(`table_info(${JSON.stringify(table)})`) as { name: string }[];
  const order = columns.map((c) => JSON.stringify(c.name)).join(', ');
  return db.$client
    .prepare(`SELECT * FROM ${JSON.stringify(table)} ORDER BY ${order}`)
    .all() as Record<string, unknown>[];
}

/** Content hash of every table a request could change (see dataTables), or of `tables` only. */
export function dataHash(db: ServerDb, tables: readonly string[] = dataTables(db)): string {
  const hash = createHash('sha256');
  for (const table of tables) hash.update(`${table}\n${JSON.stringify(tableRows(db, table))}\n`);
  return hash.digest('hex');
}

export function rowCount(
  db: ServerDb,
  table: 'bookings' | 'customers' | 'idempotency_records',
): number {
  return (db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}
