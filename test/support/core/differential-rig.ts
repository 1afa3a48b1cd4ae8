/**
 * The rig of the availability differential test (issue 37): the reference server (port 0, demo
 * seed, its own temp SQLite) behind the fault proxy and an answer gate (answer-gate.ts), and a
 * kiosk core with its loops on, all on one timerClock that moves only when the test moves it,
 * timer by timer on a quiet link (stepped-run.ts), so a run is the same on a fast or a busy
 * machine. A second API key lets the test act as another client of the API (and read the API's
 * truth) without touching the kiosk's budget. What the test asks of the kiosk goes through its
 * public API (the staff API for its outbox). Each rig starts from a copy of a template (one
 * started, warmed and stopped rig's folders; see RigTemplate).
 */
import Database from 'better-sqlite3';
import { randomBytes, scryptSync } from 'node:crypto';
import { cpSync } from 'node:fs';
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

/** The API's lists by its bookings and the query (see truth()): the same in every rig. */
const truths = new Map<string, TimeSlot[]>();

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
   * only for a set of the API's bookings not seen before: the days the test uses are days
   * ahead, whose lists nothing else changes (the clock's moves reach no minimum notice).
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
  /** Stops everything; removes the folders unless `keep` (a template's). */
  close(options?: { keep?: boolean }): Promise<void>;
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

/** What a rig is started with; a template keeps it for the rigs started from it. */
export interface RigOptions {
  start: number;
  mirrorDays: number;
  /** The demo's services the API offers (the others are disabled). */
  services: readonly string[];
}

/**
 * A started rig's folders (server.db, the kiosk's data folder) after a clean stop: every run
 * starts from a copy, with the mirror warm and the lists the template asked for cached, instead
 * of paying for the start, the mirror's warm-up and the first live lookups again each time.
 */
export interface RigTemplate {
  options: RigOptions;
  dir: string;
  /** The kiosk time it stopped at: the copies start there. */
  at: number;
  remove(): void;
}

/** Starts a rig on a new template and runs `prime` on it (the warm-up), then stops it. */
export async function prepareRigTemplate(
  options: RigOptions,
  prime: (rig: DifferentialRig) => Promise<void>,
): Promise<RigTemplate> {
  const temp = makeTempDir('fd-differential-template-');
  try {
    seedDemoWith(join(temp.dir, 'server.db'), options.services);
    const clock = timerClock(options.start);
    const rig = await launch(temp.dir, clock, options);
    try {
      await prime(rig);
    } finally {
      await rig.close({ keep: true });
    }
    return { options, dir: temp.dir, at: clock.now(), remove: () => temp.remove() };
  } catch (error) {
    temp.remove();
    throw error;
  }
}

/** A rig on a copy of the template, at the kiosk time the template stopped at. */
export async function startDifferentialRig(template: RigTemplate): Promise<DifferentialRig> {
  const temp = makeTempDir('fd-differential-');
  cpSync(template.dir, temp.dir, { recursive: true });
  const clock = timerClock(template.at);
  try {
    return await launch(temp.dir, clock, template.options, temp);
  } catch (error) {
    temp.remove();
    throw error;
  }
}

async function launch(
  dir: string,
  clock: TimerClock,
  options: RigOptions,
  temp?: { remove(): void },
): Promise<DifferentialRig> {
  const dbPath = join(dir, 'server.db');
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
      dataDir: join(dir, 'kiosk'),
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
      // While the API is away the queue retries at most every minute (the clock moves minutes
      // at a time); when it is back, the kiosk's probe wakes the queue at once.
      replayPolicy: { backoff: { baseMs: 1_000, capMs: 60_000 } },
      // Known offline, a booking is queued without trying the API (the probe loop finds it back).
      offlineProbeMs: 3_600_000,
      snapshotDays: 0,
    });
  } catch (error) {
    await gate.close();
    await proxy.close();
    await server.close();
    throw error;
  }

  // The API's bookings, read straight from its database: what its lists of the days ahead are
  // a function of, so that rigs with the same bookings share what the API answered.
  const serverDb = new Database(dbPath, { readonly: true });
  const bookingSet = () =>
    JSON.stringify(
      serverDb
        .prepare(
          'select date, time, employee_id, service_id, status from bookings order by date, time, employee_id',
        )
        .all(),
    );

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
      const key = `${bookingSet()} ${query.toString()}`;
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
    async close({ keep = false } = {}) {
      try {
        await core.close();
      } finally {
        serverDb.close();
        await gate.close();
        await proxy.close();
        await server.close();
        if (!keep) temp?.remove();
      }
    },
  };
}
