/**
 * What the kiosk's screens are told when a lookup (the catalog, a month's days, a day's time
 * slots) cannot be answered live: from the SQLite cache with `source: 'cache'` and its `asOf`,
 * else a KioskFailure whose code and message staff and the logs read. "Nothing live nor cached"
 * is `unavailable`; an API that answered something unusable is `not_available` (issue 18). Also:
 * a catalog needs both services and employees; the first catalog fetch waits for the rate
 * governor while a cached one does not; a hanging API costs a lookup no more than its time-out;
 * the days a service can be booked offline. Real core, real SQLite, real HTTP: a scripted API
 * (test/support/scripted-upstream.ts) or the reference server behind the fault proxy.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import type { Clock } from '../../../electron/core/platform/clock';
import { apiEmployee, apiService } from '../../support/api-fixtures';
import {
  corePerTest,
  kioskFailure as failure,
  makeTempDir,
  startCore,
} from '../../support/core/harness';
import { manualClock, timerClock } from '../../support/core/manual-clock';
import {
  startScriptedUpstream,
  type ScriptedAnswer,
  type ScriptedUpstream,
} from '../../support/scripted-upstream';

const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z');
const HOUR = 3_600_000;
const DATE = '2026-11-24';
const SERVICE = 'svc-on';

const ok = (data: unknown): ScriptedAnswer => ({ status: 200, json: { success: true, data } });
/** A 200 whose body is no catalog at all. */
const NONSENSE = ok('not a list of services');
const RATE_LIMITED: ScriptedAnswer = {
  status: 429,
  json: { success: false, message: 'Too many requests' },
  headers: { 'retry-after': '2' },
};
const NEITHER = (what: string) => ({
  code: 'unavailable',
  message: `${what} neither live nor cached`,
});

// --- A core on a scripted API, one per test -------------------------------------------------

let opened: { core: KioskCoreInternals; api: ScriptedUpstream; remove(): void } | null = null;
afterEach(async () => {
  const rig = opened;
  opened = null;
  await rig?.core.close();
  await rig?.api.close();
  rig?.remove();
});

/** A core on a scripted API that answers the catalog (one service, one employee) and a day. */
async function scripted(
  clock: Clock = manualClock(MONDAY_1000),
): Promise<{ core: KioskCoreInternals; api: ScriptedUpstream }> {
  const temp = makeTempDir('fd-lookups-cache-');
  const api = await startScriptedUpstream();
  api.script('getServices', ok([apiService(SERVICE)]));
  api.script('getEmployees', ok([apiEmployee('emp-1')]));
  api.script(
    'getTimeSlots',
    ok({ date: DATE, timeSlots: [{ time: '10:00', available: true, employeeId: 'emp-1' }] }),
  );
  api.script('getAvailableDays', ok({ year: 2026, month: 11, availableDays: [24], totalDays: 1 }));
  const core = await startCore(temp.dir, api.url, { clock, staffPin: null });
  opened = { core, api, remove: () => temp.remove() };
  return { core, api };
}

/** From now on every request to the scripted API has its connection reset before an answer. */
function unreachable(api: ScriptedUpstream): void {
  api.reset();
  api.script('any', 'reset');
}

/** Lets promise callbacks and socket I/O run, with no timer of a timer clock firing. */
async function settle(ms = 300): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** 'waiting' if the promise has not settled within `ms` of real time, else its outcome. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'waiting'> {
  const timeout = new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms));
  return Promise.race([promise, timeout]);
}

describe('a lookup neither live nor cached', () => {
  it('a catalog the API answers with something unusable, nothing cached: not_available, naming the catalog', async () => {
    const { core, api } = await scripted();
    api.script('getServices', NONSENSE);
    const catalog = await failure(core.api.getCatalog({}));
    expect(catalog.code).toBe('not_available');
    // Names what, and that the API answered (not that it is gone).
    expect(catalog.message).toBe(
      'the catalog is not available: the API answered something unexpected',
    );
    // A day's slots need the service's duration from that catalog: the same reason, not "gone".
    expect(await failure(core.api.getTimeSlots({ date: DATE, serviceId: SERVICE }))).toMatchObject({
      code: 'not_available',
      message: 'the API answered the catalog with something unexpected',
    });
  });

  it('a catalog never fetched and the API unreachable: unavailable, also once the kiosk stops trying', async () => {
    const { core, api } = await scripted();
    unreachable(api);
    const asked = () => api.seen.filter((r) => r.operation === 'getServices').length;
    expect(await failure(core.api.getCatalog({}))).toMatchObject(NEITHER('the catalog is'));
    expect(await failure(core.api.getCatalog({}))).toMatchObject(NEITHER('the catalog is')); // the probe
    const tried = asked();
    // Within the probe interval the API is not asked at all: still the same answer.
    expect(await failure(core.api.getCatalog({}))).toMatchObject(NEITHER('the catalog is'));
    expect(asked()).toBe(tried);
    expect((await core.api.getSyncStatus({})).online).toBe(false);
  });

  it('a month and a day neither live nor cached say which they are', async () => {
    const { core, api } = await scripted();
    await core.api.getCatalog({});
    unreachable(api);
    expect(
      await failure(core.api.getAvailableDays({ year: 2026, month: 11, serviceId: SERVICE })),
    ).toMatchObject(NEITHER('these days are'));
    expect(await failure(core.api.getTimeSlots({ date: DATE, serviceId: SERVICE }))).toMatchObject(
      NEITHER('these time slots are'),
    );
  });

  it('a service the live catalog lacks is not_found; with the API gone, its slots are unknown', async () => {
    const { core, api } = await scripted();
    await core.api.getCatalog({});
    expect(
      await failure(core.api.getTimeSlots({ date: DATE, serviceId: 'svc-nope' })),
    ).toMatchObject({ code: 'not_found', message: 'unknown service' });
    unreachable(api);
    expect(
      await failure(core.api.getTimeSlots({ date: DATE, serviceId: 'svc-nope' })),
    ).toMatchObject({
      code: 'unavailable',
      message: 'this service is not in the cached catalog, so the slots held for it are unknown',
    });
  });
});

describe('the catalog', () => {
  it('needs both services and employees: services alone are neither shown nor stored', async () => {
    const { core, api } = await scripted();
    api.script('getEmployees', { status: 500, json: { success: false, message: 'boom' } });
    expect(await failure(core.api.getCatalog({}))).toMatchObject(NEITHER('the catalog is'));
    unreachable(api);
    expect(await failure(core.api.getCatalog({}))).toMatchObject(NEITHER('the catalog is'));
  });

  it('served from the cache says so, with the time it was fetched', async () => {
    const clock = manualClock(MONDAY_1000);
    const { core, api } = await scripted(clock);
    const live = await core.api.getCatalog({});
    expect(live).toMatchObject({ source: 'live', asOf: new Date(MONDAY_1000).toISOString() });
    clock.advance(5 * HOUR); // stale: asked again
    api.script('getServices', NONSENSE);
    expect(await core.api.getCatalog({})).toEqual({
      services: live.services,
      employees: live.employees,
      source: 'cache',
      asOf: new Date(MONDAY_1000).toISOString(),
    });
  });

  it('the first fetch waits for the rate governor (up to 5 s), then is live', async () => {
    const clock = timerClock(MONDAY_1000);
    const { core, api } = await scripted(clock);
    api.script('getServices', RATE_LIMITED); // the governor holds everything for 2 s
    expect(await failure(core.api.getCatalog({}))).toMatchObject(NEITHER('the catalog is'));
    api.script('getServices', ok([apiService(SERVICE)]));
    const first = core.api.getCatalog({});
    await settle();
    expect(clock.pending()).toEqual([2_000]); // waiting for the governor, not refused
    await clock.advance(2_000);
    expect(await first).toMatchObject({
      source: 'live',
      asOf: new Date(clock.now()).toISOString(),
    });
  });

  it('a cached catalog does not wait for the rate governor: the cache at once', async () => {
    const clock = timerClock(MONDAY_1000);
    const { core, api } = await scripted(clock);
    const live = await core.api.getCatalog({});
    clock.set(MONDAY_1000 + 5 * HOUR); // stale: asked again
    api.script('getServices', RATE_LIMITED);
    expect((await core.api.getCatalog({})).source).toBe('cache');
    api.script('getServices', ok([apiService(SERVICE)]));
    const served = await within(core.api.getCatalog({}), 1_000);
    expect(served).toMatchObject({ source: 'cache', asOf: live.asOf });
    expect(clock.pending()).toEqual([]);
  });
});

describe('against the reference server', () => {
  const openRig = corePerTest('fd-lookups-cache-ref-');
  const REF_SERVICE = 'svc-damen-schnitt';

  it('a hanging API costs a lookup its time-out only, then the cached day', async () => {
    const { core, upstream } = await openRig(manualClock(MONDAY_1000), { lookupTimeoutMs: 500 });
    const live = await core.api.getTimeSlots({ date: DATE, serviceId: REF_SERVICE });
    upstream.proxy.setMode('hang');
    const started = Date.now();
    const cached = await core.api.getTimeSlots({ date: DATE, serviceId: REF_SERVICE, fresh: true });
    expect(Date.now() - started).toBeLessThan(5_000); // the client's own default is 10 s
    expect(cached).toMatchObject({ source: 'cache', asOf: live.asOf, timeSlots: live.timeSlots });
  });

  it('bookable offline: the cached days with a free slot, today or later, ascending', async () => {
    const clock = manualClock(MONDAY_1000);
    const { core, upstream } = await openRig(clock, { mirrorDays: 2 });
    const slots = (date: string) => core.api.getTimeSlots({ date, serviceId: REF_SERVICE });
    await core.api.getAvailableDays({ year: 2026, month: 11, serviceId: REF_SERVICE });
    await core.api.getAvailableDays({ year: 2026, month: 11 });
    // Fetched out of order: Thursday, Sunday (closed), Tuesday, Monday (today).
    for (const date of ['2026-11-26', '2026-11-29', '2026-11-24', '2026-11-23']) await slots(date);
    upstream.proxy.setMode('down');
    const month = await core.api.getAvailableDays({
      year: 2026,
      month: 11,
      serviceId: REF_SERVICE,
    });
    expect(month).toMatchObject({ source: 'cache', bookableOffline: [23, 24, 26] });
    clock.advance(24 * HOUR); // Tuesday: Monday has passed
    const later = await core.api.getAvailableDays({
      year: 2026,
      month: 11,
      serviceId: REF_SERVICE,
    });
    expect(later.bookableOffline).toEqual([24, 26]);
    // The whole shop's month from the cache: as the API said it, nothing to book offline.
    const shop = await core.api.getAvailableDays({ year: 2026, month: 11 });
    expect(shop.source).toBe('cache');
    expect(shop).not.toHaveProperty('bookableOffline');
  });
});
