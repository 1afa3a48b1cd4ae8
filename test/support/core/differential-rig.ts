/**
 * The rig of the availability differential test (issue 37): the reference server (port 0, demo
 * seed, its own temp SQLite) behind the fault proxy and an answer gate (answer-gate.ts), and a
 * kiosk core with its loops on, all on one timerClock that moves only when the test moves it,
 * timer by timer on a quiet link (stepped-run.ts), so a run is the same on a fast or a busy
 * machine. A second API key lets the test act as another client of the API (and read the API's
 * truth) without touching the kiosk's budget. What the test asks of the kiosk goes through its
 * public API (the staff API for its outbox).
 */
import Database from 'better-sqlite3';
import { randomBytes, scryptSync } from 'node:crypto';
import { join } from 'node:path';
import { API_PREFIX, type TimeSlot } from '../../../shared/api/schemas';
import type { LocalBooking } from '../../../shared/kiosk-api';
import { KioskFailure } from '../../../shared/result';
import { startServer, type RunningServer } from '../../../server/start-server';
import { closeServerDb, openServerDb } from '../../../server/db/open';
import { upsertService } from '../../../server/db/catalog';
import { DEMO_SERVICES, seedDemo } from '../../../server/seed/demo';
import {
  createKioskCoreInternals,
  type KioskCoreInternals,
} from '../../../electron/core/kiosk-core';
import type { EngineFreshness } from '../../../electron/core/engine';
import { DEFAULT_MIRROR_POLICY } from '../../../electron/core/mirror/plan';
import { createMemorySecretStore } from '../../../electron/core/staff/secret-store';
import { startFaultProxy, type FaultProxy } from '../fault-proxy';
import { startAnswerGate, type AnswerGate } from './answer-gate';
import { CORE_TEST_KEY, makeTempDir } from './harness';
import { timerClock, type TimerClock } from './manual-clock';
import { quiet, runUntil, steppedRun } from './stepped-run';
import { TEST_PIN } from './staff';

/** The other client's key (scope book): its requests never count against the kiosk's key. */
const OTHER_KEY = 'differential-other-client-key-01';

/**
 * Small ages, so that "past a refresh" is a few kiosk minutes: the kiosk asks live for a list
 * older than this, and the mirror refreshes the next days this often.
 */
export const RIG_FRESHNESS: EngineFreshness = {
  todayMaxAgeMs: 60_000,
  otherMaxAgeMs: 3 * 60_000,
  catalogMaxAgeMs: 24 * 3_600_000,
};

/** How often the mirror refreshes the days of its window: out of step with RIG_FRESHNESS. */
export const RIG_MIRROR_AGE_MS = 2 * 60_000;

/**
 * IT's hash of the test PIN (so the core needs no setup step), in the self-describing format of
 * electron/core/staff/pin.ts with a tiny work factor: a run opens one staff session, and the
 * real factor (about 30 ms of CPU each) would be paid hundreds of times for nothing.
 */
function cheapPinHash(): string {
  const [n, r, p] = [16, 1, 1];
  const salt = randomBytes(16);
  const hash = scryptSync(TEST_PIN, salt, 32, { N: n, r, p });
  return ['scrypt', n, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}
const PIN_HASH = cheapPinHash();

/** What the other client's booking came to: the API's status and, when booked, when. */
export interface DirectAnswer {
  status: number;
  at: number;
}

export interface DifferentialRig {
  core: KioskCoreInternals;
  proxy: FaultProxy;
  /** Between the kiosk and the proxy: holds an answer back on demand; the wire time waits for. */
  gate: AnswerGate;
  server: RunningServer;
  clock: TimerClock;
  dbPath: string;
  /**
   * The API's own list now, asked with the other client's key (not through the kiosk). Asked
   * again only when the API's bookings changed: the days the test uses are days ahead, whose
   * lists nothing else changes (the clock's moves reach no minimum notice).
   */
  truth(query: { date: string; serviceId: string; employeeId?: string }): Promise<TimeSlot[]>;
  /** The other client books straight at the API (not through the proxy). */
  bookDirect(
    slot: { date: string; time: string; serviceId: string; employeeId: string },
    email: string,
  ): Promise<DirectAnswer>;
  /** Every booking of the kiosk's outbox (the staff API's list). */
  outbox(): Promise<LocalBooking[]>;
  /** Moves the clock by `ms`, each timer firing on a quiet link (loops run as far as that). */
  advance(ms: number): Promise<void>;
  /** Moves the clock until `done`, at most `maxMs` of kiosk time; how long it took. */
  advanceUntil(done: () => Promise<boolean>, maxMs: number): Promise<number>;
  /** Waits (real time) until no request of the kiosk is on the wire. */
  quiet(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The demo salon with only `services` offered (the others disabled): the mirror then keeps only
 * what the test asks about, which makes a run several times cheaper.
 */
function seedDemoWith(dbPath: string, services: readonly string[]): void {
  const db = openServerDb(dbPath);
  try {
    seedDemo(db);
    for (const service of DEMO_SERVICES)
      if (!services.includes(service.id))
        upsertService(db, { ...service, features: [...service.features], enabled: false });
  } finally {
    closeServerDb(db);
  }
}

export async function startDifferentialRig(options: {
  start: number;
  mirrorDays: number;
  /** The demo's services the API offers (the others are disabled). */
  services: readonly string[];
}): Promise<DifferentialRig> {
  const clock = timerClock(options.start);
  const temp = makeTempDir('fd-differential-');
  const dbPath = join(temp.dir, 'server.db');
  seedDemoWith(dbPath, options.services);
  const server = await startServer({
    port: 0,
    dbPath,
    keys: [
      { key: CORE_TEST_KEY, scope: 'book' },
      { key: OTHER_KEY, scope: 'book' },
    ],
    rateLimit: { perMinute: 100_000, perDay: 1_000_000 },
    clock: () => clock.now(),
    docs: false,
  });
  const proxy = await startFaultProxy({ target: server.url, clock: () => clock.now() });
  const gate = await startAnswerGate(proxy.url);
  let core: KioskCoreInternals;
  try {
    core = await createKioskCoreInternals({
      dataDir: join(temp.dir, 'kiosk'),
      upstreamUrl: gate.url,
      apiKey: CORE_TEST_KEY,
      secretStore: createMemorySecretStore(),
      staffPinHash: PIN_HASH,
      staffIdleTimeoutSec: 3600,
      clock,
      autoStart: true,
      timeZone: 'Europe/Berlin',
      mirrorDays: options.mirrorDays,
      mirrorPolicy: {
        ...DEFAULT_MIRROR_POLICY,
        openDays: options.mirrorDays,
        futureMaxAgeMs: RIG_MIRROR_AGE_MS,
      },
      freshness: RIG_FRESHNESS,
      // The kiosk's budget out of the way: the test is about what is free, not about 429s.
      governor: { minuteLimit: 100_000, dayLimit: 1_000_000 },
      // Real time: generous, so that a busy machine never turns a slow answer into a fault (no
      // step lets the API hang).
      lookupTimeoutMs: 30_000,
      bookingTimeoutMs: 30_000,
      replayTimeoutMs: 30_000,
      replayPolicy: { backoff: { baseMs: 100, maxMs: 1_000 } },
      // Known offline, a booking is queued without trying the API (the probe loop finds it back).
      offlineProbeMs: 3_600_000,
    });
  } catch (error) {
    await gate.close();
    await proxy.close();
    await server.close();
    temp.remove();
    throw error;
  }

  // The API's bookings, read straight from its database: the version its lists depend on
  // (bookings are only ever added here: nothing in these tests cancels one).
  const serverDb = new Database(dbPath, { readonly: true });
  const bookingsVersion = () =>
    JSON.stringify(serverDb.prepare('select count(*), max(rowid) from bookings').get());
  const truths = new Map<string, TimeSlot[]>();

  let session: string | null = null;
  const openSession = async (): Promise<string> => {
    const check = await core.api.verifyStaffPin({ pin: TEST_PIN });
    if (!check.valid || !check.session) throw new Error('the rig: staff PIN refused');
    return check.session;
  };

  const other = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${API_PREFIX}${path}`, {
      ...init,
      headers: {
        ...init.headers,
        authorization: `Bearer ${OTHER_KEY}`,
        'content-type': 'application/json',
      },
    });

  return {
    core,
    proxy,
    gate,
    server,
    clock,
    dbPath,
    async truth({ date, serviceId, employeeId }) {
      const query = new URLSearchParams({ date, serviceId });
      if (employeeId !== undefined) query.set('employeeId', employeeId);
      const key = `${bookingsVersion()} ${query.toString()}`;
      const known = truths.get(key);
      if (known) return known;
      const response = await other(`/availability?${query.toString()}`);
      const body = (await response.json()) as { data?: { timeSlots: TimeSlot[] } };
      if (response.status !== 200 || !body.data)
        throw new Error(`the API's list of ${query.toString()}: ${response.status}`);
      truths.set(key, body.data.timeSlots);
      return body.data.timeSlots;
    },
    async bookDirect(slot, email) {
      const at = clock.now();
      const response = await other('/book', {
        method: 'POST',
        body: JSON.stringify({
          ...slot,
          customer: { name: 'Other Client', email, phone: '0301111' },
        }),
      });
      await response.arrayBuffer();
      return { status: response.status, at };
    },
    async outbox() {
      session ??= await openSession();
      try {
        return await core.api.listBookings({ session });
      } catch (error) {
        if (!(error instanceof KioskFailure) || error.code !== 'unauthorized') throw error;
        session = await openSession();
        return core.api.listBookings({ session });
      }
    },
    advance: (ms) => steppedRun(clock, gate, ms, { stepMs: 30_000 }),
    advanceUntil: (done, maxMs) => runUntil(clock, gate, done, maxMs, { stepMs: 30_000 }),
    quiet: () => quiet(gate),
    async close() {
      try {
        await core.close();
      } finally {
        serverDb.close();
        await gate.close();
        await proxy.close();
        await server.close();
        temp.remove();
      }
    },
  };
}
