/**
 * Integration harness for the kiosk core: the real reference server (startServer, port 0, temp
 * SQLite, demo data), optionally behind the fault proxy, and a core on a temp data folder.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start-server';
import type { RateLimits } from '../../../server/db/rate-limits';
import type { Mailer } from '../../../server/mail/mailer';
import {
  createKioskCoreInternals,
  type KioskCoreInternals,
  type KioskCoreOptions,
} from '../../../electron/core/kiosk-core';
import { createMemorySecretStore } from '../../../electron/core/staff/secret-store';
import { startFaultProxy, type FaultProxy } from '../fault-proxy';
import { systemTimers, type Clock } from '../../../electron/core/platform/clock';
import type { BookingRequest, TimeSlot } from '../../../shared/api/schemas';
import { addDays, todayIn } from '../../../shared/booking/time';
import { KioskFailure } from '../../../shared/result';
import { TEST_PIN } from './staff';

export const CORE_TEST_KEY = 'core-test-book-key-0001';

export function makeTempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface UpstreamFixture {
  server: RunningServer;
  proxy: FaultProxy;
  dbPath: string;
  close(): Promise<void>;
}

export async function startUpstream(
  dir: string,
  options: { rateLimit?: RateLimits; clock?: () => number; mailer?: Mailer } = {},
): Promise<UpstreamFixture> {
  const dbPath = join(dir, 'server.db');
  const server = await startServer({
    port: 0,
    dbPath,
    seed: 'demo',
    keys: [{ key: CORE_TEST_KEY, scope: 'book' }],
    rateLimit: options.rateLimit ?? { perMinute: 600, perDay: 100_000 },
    clock: options.clock,
    mailer: options.mailer,
  });
  const proxy = await startFaultProxy({ target: server.url, clock: options.clock });
  return {
    server,
    proxy,
    dbPath,
    async close() {
      await proxy.close();
      await server.close();
    },
  };
}

/**
 * A core on a remote upstream, set up the way staff would (the first PIN, TEST_PIN, with the
 * printed setup code): until then the core takes no bookings (setup `required`). `staffPin: null`
 * leaves it unset.
 */
export async function startCore(
  dataDir: string,
  upstreamUrl: string,
  options: Partial<KioskCoreOptions> & { staffPin?: string | null } = {},
): Promise<KioskCoreInternals> {
  const { staffPin = TEST_PIN, ...coreOptions } = options;
  const core = await createKioskCoreInternals({
    dataDir,
    upstreamUrl,
    apiKey: CORE_TEST_KEY,
    secretStore: createMemorySecretStore(),
    autoStart: false,
    timeZone: 'Europe/Berlin',
    lookupTimeoutMs: 1_000,
    bookingTimeoutMs: 1_000,
    replayTimeoutMs: 1_000,
    // Short backoff so that retries happen within a test.
    replayPolicy: { backoff: { baseMs: 100, capMs: 1_000 } },
    ...coreOptions,
  });
  if (staffPin !== null && (await core.api.getPublicSettings(undefined)).setup === 'required') {
    const check = await core.api.setupStaffPin({
      pin: staffPin,
      ...(core.setupCode ? { setupCode: core.setupCode } : {}),
    });
    if (!check.valid || !check.session) {
      await core.close();
      throw new Error(`the test PIN was refused (${JSON.stringify(check)})`);
    }
    await core.api.endStaffSession({ session: check.session });
  }
  return core;
}

export interface ServerBookingRow {
  id: string;
  date: string;
  time: string;
  employeeId: string;
  email: string;
}

/** Bookings in the server's database, read straight from its SQLite file. */
export function serverBookings(dbPath: string): ServerBookingRow[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db
      .prepare(
        'select b.id, b.date, b.time, b.employee_id as employeeId, c.email from bookings b join customers c on c.id = b.customer_id',
      )
      .all() as ServerBookingRow[];
  } finally {
    db.close();
  }
}

/** A generous server budget: the tests under it are about the core, not the server's 429s. */
const ROOMY: RateLimits = { perMinute: 6000, perDay: 100_000 };

export interface CoreRig {
  core: KioskCoreInternals;
  upstream: UpstreamFixture;
  /** The core's data folder. */
  dataDir: string;
}

/**
 * One reference server (behind the fault proxy, on the core's clock) and one core per test,
 * closed after each test: `const open = corePerTest('fd-engine-')`, then in a test
 * `const { core } = await open(clock, { mirrorDays: 2 })`.
 */
export function corePerTest(
  prefix: string,
): (clock: Clock, options?: Partial<KioskCoreOptions>) => Promise<CoreRig> {
  let opened: (CoreRig & { temp: { remove(): void } }) | null = null;
  afterEach(async () => {
    const rig = opened;
    opened = null;
    await rig?.core.close();
    await rig?.upstream.close();
    rig?.temp.remove();
  });
  return async (clock, options = {}) => {
    const temp = makeTempDir(prefix);
    // A clock with its own `server` time (one whose kiosk wall clock jumps) gives it to the API.
    const server = (clock as Partial<{ server: () => number }>).server;
    const upstream = await startUpstream(temp.dir, {
      clock: server ?? (() => clock.now()),
      rateLimit: ROOMY,
    });
    const dataDir = join(temp.dir, 'kiosk');
    try {
      opened = {
        core: await startCore(dataDir, upstream.proxy.url, { clock, ...options }),
        upstream,
        dataDir,
        temp,
      };
    } catch (error) {
      await upstream.close();
      temp.remove();
      throw error;
    }
    return opened;
  };
}

/** The KioskFailure a kiosk call rejects with (anything else fails the test). */
export async function kioskFailure(promise: Promise<unknown>): Promise<KioskFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (error instanceof KioskFailure) return error;
  throw new Error(`expected a KioskFailure, got ${String(error)}`);
}

/**
 * The first free slot at least `days` after today in Berlin, on the real clock: the embedded
 * demo server books on its own clock, and not every day has every person or service (nobody
 * works on Sunday, Anna not on Saturday, the beard trim not on Monday: server/seed/demo.ts).
 */
export async function freeSlotAhead(
  core: Pick<KioskCoreInternals, 'api'>,
  query: { serviceId: string; employeeId?: string },
  days = 3,
): Promise<{ date: string; time: string; employeeId: string }> {
  const today = todayIn('Europe/Berlin', Date.now());
  for (let day = days; day < days + 7; day += 1) {
    const date = addDays(today, day);
    const { timeSlots } = await core.api.getTimeSlots({ date, ...query, fresh: true });
    const slot = timeSlots.find((s) => s.available && s.employeeId !== undefined);
    if (slot?.employeeId) return { date, time: slot.time, employeeId: slot.employeeId };
  }
  throw new Error(`no free slot of ${query.serviceId} in the week from ${days} days ahead`);
}

/**
 * A clock whose `now` runs at real speed from a chosen instant (so dates are fixed and the
 * server and the core agree), with real timers.
 */
export function offsetClock(startAt: number): Clock & { server: () => number } {
  const offset = startAt - Date.now();
  const now = () => Date.now() + offset;
  return { ...systemTimers, now, server: now };
}

/** Monday 2026-11-23 08:30 in Berlin (07:30 UTC): a working day with every service offered. */
export const MONDAY_0830 = Date.parse('2026-11-23T07:30:00Z');

/**
 * Runs mirror steps (waiting for the governor in real time) until nothing is due. Bounded by
 * steps, not by the wall clock: a busy machine makes each step slower, not more of them.
 */
export async function warmUp(
  core: KioskCoreInternals,
  clock: Clock,
  maxSteps = 2_000,
): Promise<number> {
  for (let step = 0; step < maxSteps; step += 1) {
    const next = await core.mirror.step();
    const wait = next - clock.now();
    if (wait > 60_000) return core.mirror.requests;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 1_000)));
  }
  throw new Error('mirror warm-up did not finish');
}

export async function until(
  check: () => Promise<boolean> | boolean,
  maxMs: number,
  everyMs = 50,
): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export function bookingRequest(
  slot: { date: string; time: string; serviceId: string; employeeId: string },
  n: number,
): BookingRequest {
  return {
    ...slot,
    customer: {
      name: `Test Customer ${n}`,
      email: `customer${n}@example.com`,
      phone: '+49 30 555 0101',
    },
  };
}

/** Anna's Tuesday with the 45-minute cut (09-18): the day the staff and Sync now tests book. */
const ANNA_TUESDAY = { date: '2026-11-24', serviceId: 'svc-damen-schnitt' } as const;
export type AnnaSlot = TimeSlot & { employeeId: string };

/** Anna's free slots that Tuesday, asked of the API itself: the kiosk is online after it. */
export async function annaTuesdaySlots(core: Pick<KioskCoreInternals, 'api'>): Promise<AnnaSlot[]> {
  const { timeSlots } = await core.api.getTimeSlots({
    ...ANNA_TUESDAY,
    employeeId: 'emp-anna',
    fresh: true,
  });
  return timeSlots.filter((s): s is AnnaSlot => s.available && s.employeeId === 'emp-anna');
}

/** Customer `n`'s request for one of Anna's slots that Tuesday. */
export const annaRequest = (slot: AnnaSlot, n: number): BookingRequest =>
  bookingRequest({ ...ANNA_TUESDAY, employeeId: slot.employeeId, time: slot.time }, n);

/** Customer `n` books `slot` while the API answers 500 (a clean failure): queued; the API then passes again. */
export async function queuedAfter500(
  core: Pick<KioskCoreInternals, 'api'>,
  up: UpstreamFixture,
  slot: AnnaSlot,
  n: number,
): Promise<string> {
  up.proxy.setMode('500');
  const result = await core.api.createBooking(annaRequest(slot, n));
  if (result.state !== 'queued') throw new Error(`expected queued, got ${result.state}`);
  up.proxy.setMode('pass');
  return result.localId;
}

/**
 * Someone else books straight at the reference server (not through a kiosk), as `Other`: the
 * status of the API's answer (201 when it booked).
 */
export async function bookAtApi(
  upstream: Pick<UpstreamFixture, 'server'>,
  slot: Pick<BookingRequest, 'date' | 'time' | 'serviceId' | 'employeeId'>,
  email = 'other@example.com',
): Promise<number> {
  const response = await fetch(`${upstream.server.url}/api/public/booking/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${CORE_TEST_KEY}` },
    body: JSON.stringify({
      date: slot.date,
      time: slot.time,
      serviceId: slot.serviceId,
      employeeId: slot.employeeId,
      customer: { name: 'Other', email, phone: '0301111' },
    }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Revokes every API key of the reference server behind `dbPath`: its next answer is a 401. */
export function revokeKeys(dbPath: string): void {
  const db = new Database(dbPath);
  try {
    db.prepare('update api_keys set revoked_at = 1').run();
  } finally {
    db.close();
  }
}

/**
 * The API gone: two failed live lookups of `serviceId` (on a day no test caches). The first
 * finds the API gone, the second is the probe that starts the probe interval (until it passes,
 * a booking does not try the API itself).
 */
export async function goOffline(
  core: KioskCoreInternals,
  upstream: UpstreamFixture,
  serviceId: string,
): Promise<void> {
  upstream.proxy.setMode('down');
  const lookup = () =>
    core.api.getTimeSlots({ date: '2026-11-26', serviceId, fresh: true }).catch(() => null);
  await lookup(); // not cached: 'unavailable', but the API was tried
  await lookup();
  if ((await core.api.getSyncStatus({})).online)
    throw new Error('the kiosk did not notice the API was gone');
}

/** The first free slot of a day that names its employee (for `employeeId` only, if given). */
export function firstFree(
  slots: readonly TimeSlot[],
  employeeId?: string,
): TimeSlot & { employeeId: string } {
  const slot = slots.find(
    (s): s is TimeSlot & { employeeId: string } =>
      s.available &&
      s.employeeId !== undefined &&
      (employeeId === undefined || s.employeeId === employeeId),
  );
  if (!slot) throw new Error('no free slot');
  return slot;
}
