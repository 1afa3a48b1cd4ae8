/**
 * The variant upstream: the reference server's own app (buildApp over a demo-seeded SQLite
 * file) with hooks that answer as another legal remote would, one switch per gap of the spec
 * (switches.ts). server/ is not changed: the hooks only rewrite what the routes answer (and the
 * ids and Idempotency-Key they are asked with), so every rule stays the reference's; only
 * `bookedTimesStayFree` writes to the variant's own database (it frees each new booking's time).
 * On 127.0.0.1, port 0.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildApp } from '../../../server/app';
import { upsertApiKey, type KeyScope } from '../../../server/db/api-keys';
import { setBookingStatus } from '../../../server/db/bookings';
import { listEmployees } from '../../../server/db/catalog';
import { closeServerDb, openServerDb } from '../../../server/db/open';
import type { RateLimits } from '../../../server/db/rate-limits';
import { errorBody } from '../../../server/http/envelope';
import { seedDemo } from '../../../server/seed/demo';
import {
  DEFAULT_AVAILABILITY_SETTINGS,
  type AvailabilitySettings,
} from '../../../shared/booking/types';
import type { TimeSlot } from '../../../shared/api/schemas';
import { enforcedLimit } from './enforced-limit';
import { IdMap } from './ids';
import { Nonsense } from './nonsense';
import { slotsPerEmployee } from './per-employee';
import { operationOf, rewriteAnswer, type Answer } from './rewrite';
import { REFERENCE_SWITCHES, type VariantSwitches } from './switches';

export interface VariantUpstreamOptions {
  dbPath: string;
  keys: { key: string; scope: KeyScope }[];
  switches?: Partial<VariantSwitches>;
  rateLimit?: RateLimits;
  clock?: () => number;
  settings?: AvailabilitySettings;
}

export interface VariantUpstream {
  url: string;
  dbPath: string;
  switches(): VariantSwitches;
  /** Changes some switches from the next request on (the rest stay). */
  set(switches: Partial<VariantSwitches>): void;
  /** Answers sent under the API prefix, truncated ones included. */
  answers(): number;
  close(): Promise<void>;
}

const ROOMY: RateLimits = { perMinute: 6000, perDay: 100_000 };
const IDEMPOTENCY_HEADER = 'idempotency-key';

export async function startVariantUpstream(
  options: VariantUpstreamOptions,
): Promise<VariantUpstream> {
  const clock = options.clock ?? Date.now;
  const settings = options.settings ?? DEFAULT_AVAILABILITY_SETTINGS;
  let switches: VariantSwitches = { ...REFERENCE_SWITCHES, ...options.switches };
  let nonsense: Nonsense | null = null;
  let nonsenseSeed: string | null = null;
  const ids = new IdMap(() => switches.ids);
  const enforced = enforcedLimit(clock);
  let answered = 0;

  const db = openServerDb(options.dbPath);
  seedDemo(db);
  db.transaction((tx) => {
    for (const { key, scope } of options.keys) upsertApiKey(tx, key, scope, clock());
  });
  const app = buildApp({
    db,
    clock,
    mailer: null,
    limits: options.rateLimit ?? ROOMY,
    settings,
    docs: false,
  });

  const nonsenseNow = (): Nonsense | null => {
    const wanted = switches.nonsense ? JSON.stringify(switches.nonsense) : null;
    if (wanted !== nonsenseSeed) {
      nonsenseSeed = wanted;
      nonsense = switches.nonsense
        ? new Nonsense(switches.nonsense.seed, switches.nonsense.impossibleDates)
        : null;
    }
    return nonsense;
  };

  // Root hooks run before the API plugin's own (auth, rate limit), for every route.
  let closing = false;
  app.addHook('onRequest', async (request, reply) => {
    if (switches.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, switches.delayMs));
    // A request delayed past close() must not reach the closed database.
    if (closing) return reply.code(503).send(errorBody('Service unavailable', 'shutting down'));
    if (!switches.idempotency) delete request.headers[IDEMPOTENCY_HEADER];
    return undefined;
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    // After the API's own auth and limiter (their hooks run first): only requests they let in.
    const refusedFor = request.url.startsWith('/api/')
      ? enforced.refuse(switches.enforcedPerMinute)
      : null;
    if (refusedFor !== null)
      return reply
        .code(429)
        .header('retry-after', refusedFor)
        .send({ success: false, message: 'Rate limit exceeded', retryAfter: refusedFor });
    const query = request.query as Record<string, string | undefined> | undefined;
    if (query) {
      for (const field of ['serviceId', 'employeeId'] as const) {
        const value = query[field];
        if (value !== undefined && value !== 'any') query[field] = ids.in(value);
      }
      const operation = operationOf(request.method, request.url.split('?')[0] ?? '');
      if (
        operation === 'availability' &&
        switches.omittedEmployee === 'reject' &&
        query.employeeId === undefined
      ) {
        return reply.code(400).send(errorBody('Invalid request', 'query.employeeId: required'));
      }
    }
    const body = request.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object') {
      for (const field of ['serviceId', 'employeeId'] as const) {
        const value = body[field];
        if (typeof value === 'string') body[field] = ids.in(value);
      }
    }
    return undefined;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || typeof payload !== 'string') return payload;
    answered += 1;
    const operation = operationOf(request.method, path);
    const query = (request.query ?? {}) as Record<string, string | undefined>;
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload) as unknown;
    } catch {
      return payload;
    }
    if (
      operation === 'availability' &&
      reply.statusCode === 200 &&
      switches.slotShape === 'per-employee' &&
      (query.employeeId === undefined || query.employeeId === 'any')
    ) {
      const data = (parsed as { data: { timeSlots: TimeSlot[] } }).data;
      data.timeSlots = slotsPerEmployee(
        db,
        { date: String(query.date), serviceId: String(query.serviceId) },
        data.timeSlots,
        clock(),
        settings,
      );
    }
    if (operation === 'book' && switches.bookedTimesStayFree && reply.statusCode < 300)
      keepTimeFree(parsed);
    const asked =
      operation === 'available-days'
        ? { year: Number(query.year), month: Number(query.month) }
        : {};
    const someEmployee = someEmployeeFor(query.employeeId);
    const headerNames = [
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'retry-after',
    ] as const;
    const headers: Answer['headers'] = {};
    for (const name of headerNames) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const out = rewriteAnswer(
      { status: reply.statusCode, body: parsed, headers },
      { switches, ids, operation, asked, nowMs: clock(), nonsense: nonsenseNow(), someEmployee },
    );
    void reply.code(out.status);
    for (const name of headerNames) {
      const value = out.headers[name];
      if (value === undefined) reply.removeHeader(name);
      else void reply.header(name, value);
    }
    const text = JSON.stringify(out.body);
    if (switches.truncateEvery > 0 && answered % switches.truncateEvery === 0)
      return truncated(reply, text);
    return text;
  });

  /**
   * bookedTimesStayFree: the new booking is stored as cancelled, which the reference's busy
   * lists and overlap check skip (server/db/bookings.ts, ACTIVE): it stays in the table
   * (serverBookings counts it) but blocks nothing, so its time is listed and booked again.
   */
  function keepTimeFree(answer: unknown): void {
    const data = (answer as { data?: { bookingId?: unknown } } | null)?.data;
    if (typeof data?.bookingId === 'string') setBookingStatus(db, data.bookingId, 'cancelled');
  }

  function someEmployeeFor(employeeId: string | undefined): { id: string; name: string } | null {
    const rows = listEmployees(db);
    const row = rows.find((e) => e.id === employeeId) ?? rows[0];
    return row ? { id: row.id, name: row.name } : null;
  }

  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    closeServerDb(db);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    dbPath: options.dbPath,
    switches: () => ({ ...switches }),
    set(partial) {
      switches = { ...switches, ...partial };
    },
    answers: () => answered,
    close() {
      closing = true;
      closed ??= (async () => {
        try {
          await app.close();
        } finally {
          closeServerDb(db);
        }
      })();
      return closed;
    },
  };
}

/**
 * Half the body, then the connection is cut: Content-Length promises the whole, so the client
 * sees a body that ends early (not merely invalid JSON).
 */
function truncated(reply: FastifyReply, text: string): Readable {
  const bytes = Buffer.from(text);
  void reply.header('content-length', bytes.length);
  const stream = new Readable({ read() {} });
  stream.push(bytes.subarray(0, Math.floor(bytes.length / 2)));
  setTimeout(() => stream.destroy(new Error('truncated by the variant upstream')), 20);
  return stream;
}
