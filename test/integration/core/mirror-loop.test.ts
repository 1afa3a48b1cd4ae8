/**
 * The mirror against a scripted API (a test double of the upstream client) and the kiosk's real
 * SQLite: what it does with each kind of answer, when it spends (opening hours, configured or
 * read from the cached slots), and its own loop (start, poke, a failing step, stop, sweep).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog, loadTimeSlots, saveTimeSlots } from '../../../electron/core/db/mirror-repo';
import { openKioskDb, type KioskDb } from '../../../electron/core/db/open';
import { RateGovernor } from '../../../electron/core/governor/rate-governor';
import { silentLogger } from '../../../electron/core/platform/log';
import {
  createMirror,
  type Mirror,
  type MirrorOptions,
} from '../../../electron/core/mirror/mirror';
import type { CallOptions } from '../../../electron/core/upstream/client';
import { DEFAULT_MIRROR_POLICY, type MirrorTask } from '../../../electron/core/mirror/plan';
import type { UpstreamClient } from '../../../electron/core/upstream/client';
import type { UpstreamOutcome } from '../../../electron/core/upstream/outcome';
import type { TimeSlot } from '../../../shared/api/schemas';
import { apiEmployee, apiService } from '../../support/api-fixtures';
import { makeTempDir } from '../../support/core/harness';
import { captureLog } from '../../support/core/log-capture';
import { timerClock, type TimerClock } from '../../support/core/manual-clock';

const TUESDAY_1000 = Date.parse('2026-11-24T09:00:00Z'); // 10:00 in Berlin
const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };

const service = (id: string, enabled: boolean) => apiService(id, { enabled });
const EMPLOYEE = apiEmployee('emp-a');

function slots(from: string, to: string): TimeSlot[] {
  const list: TimeSlot[] = [];
  for (
    let [h, m] = from.split(':').map(Number) as [number, number];
    `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}` <= to;
    m += 30
  ) {
    if (m >= 60) {
      h += 1;
      m -= 60;
    }
    const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
    if (time > to) break;
    list.push({ time, available: true, employeeId: 'emp-a', employeeName: 'A' });
  }
  return list;
}

type Override = (
  task: MirrorTask,
) => UpstreamOutcome<unknown> | Promise<UpstreamOutcome<unknown> | undefined> | undefined;

interface Rig {
  db: KioskDb;
  mirror: Mirror;
  clock: TimerClock;
  asked: string[];
  /** What the mirror told the client of each request (priority, waits). */
  calls: CallOptions[];
  outcomes: string[];
  /** Answers other than the normal ones, per task (undefined: the normal answer). */
  override: { fn: Override };
  enabled: { value: boolean };
}

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup) fn();
  cleanup = [];
});

/** A day's slot span per date and service: [first, last], or null for an empty list. */
type DaySlots = [string, string] | ((date: string, serviceId: string) => [string, string] | null);

function rig(
  options: Partial<MirrorOptions> = {},
  start = TUESDAY_1000,
  daySlots: DaySlots = ['09:00', '18:00'],
  serviceIds = ['svc-on'],
): Rig {
  const temp = makeTempDir('fd-mirror-loop-');
  const db = openKioskDb({ dataDir: temp.dir });
  cleanup.push(() => {
    db.$client.close();
    temp.remove();
  });
  const clock = timerClock(start);
  const asked: string[] = [];
  const calls: CallOptions[] = [];
  const outcomes: string[] = [];
  const override: Rig['override'] = { fn: () => undefined };
  const enabled = { value: true };
  const answer = async <T>(
    task: MirrorTask,
    call: CallOptions,
    normal: T,
  ): Promise<UpstreamOutcome<T>> => {
    calls.push(call);
    asked.push(
      task.kind === 'slots'
        ? `slots ${task.date} ${task.serviceId}${task.employeeId ? ` ${task.employeeId}` : ''}`
        : task.kind === 'days'
          ? `days ${task.year}-${task.month} ${task.serviceId}${task.employeeId ? ` ${task.employeeId}` : ''}`
          : task.kind,
    );
    const odd = await override.fn(task);
    return (
      (odd as UpstreamOutcome<T> | undefined) ?? { kind: 'ok', status: 200, data: normal, meta }
    );
  };
  const client: UpstreamClient = {
    getServices: (call) =>
      answer({ kind: 'services' }, call, [
        ...serviceIds.map((id) => service(id, true)),
        service('svc-off', false),
      ]),
    getEmployees: (call) => answer({ kind: 'employees' }, call, [EMPLOYEE]),
    getAvailableDays: (query, call) =>
      answer(
        {
          kind: 'days',
          year: query.year,
          month: query.month,
          serviceId: query.serviceId ?? '',
          ...(query.employeeId ? { employeeId: query.employeeId } : {}),
        },
        call,
        {
          year: query.year,
          month: query.month,
          availableDays: [24, 25, 26, 27, 30],
          totalDays: 5,
        },
      ),
    getTimeSlots: (query, call) => {
      const span =
        typeof daySlots === 'function' ? daySlots(query.date, query.serviceId) : daySlots;
      return answer(
        {
          kind: 'slots',
          date: query.date,
          serviceId: query.serviceId,
          ...(query.employeeId ? { employeeId: query.employeeId } : {}),
        },
        call,
        { date: query.date, timeSlots: span ? slots(...span) : [] },
      );
    },
    book: () => Promise.reject(new Error('not the mirror')),
    close: () => Promise.resolve(),
  };
  const governor = new RateGovernor({ minuteLimit: 6_000, dayLimit: 100_000 });
  const mirror = createMirror({
    db,
    client: () => client,
    governor: () => governor,
    clock,
    timeZone: 'Europe/Berlin',
    mirrorDays: 2,
    onOutcome: (outcome) => outcomes.push(outcome.kind),
    enabled: () => enabled.value,
    log: silentLogger,
    ...options,
  });
  return { db, mirror, clock, asked, calls, outcomes, override, enabled };
}

/** Steps at the clock's time until the mirror wants a later time; returns that time. */
async function settle(r: Rig, max = 200): Promise<number> {
  for (let i = 0; i < max; i += 1) {
    const next = await r.mirror.step();
    if (next > r.clock.now()) return next;
  }
  throw new Error('the mirror did not settle');
}

describe('mirror against a scripted API', () => {
  it('fetches the catalog first, keeps only enabled services, and counts its requests by kind', async () => {
    const r = rig();
    await settle(r);
    expect(r.asked.slice(0, 2)).toEqual(['services', 'employees']);
    expect(loadCatalog(r.db).services.map((s) => s._id)).toEqual(['svc-on']);
    expect(r.mirror.requests).toBe(r.asked.length);
    const byKind = r.mirror.requestsByKind;
    expect(byKind.services + byKind.employees + byKind.days + byKind.slots).toBe(r.asked.length);
    // The service's calendar of this month and the next, then emp-a's own (issue 37).
    expect(byKind).toMatchObject({ services: 1, employees: 1, days: 4 });
    expect(loadTimeSlots(r.db, { date: '2026-11-24', serviceId: 'svc-on' })).not.toBeNull();
    expect(r.outcomes.every((kind) => kind === 'ok')).toBe(true);
  });

  it('a 5xx sets that task aside and goes on with the next at once; a minute later it is asked again', async () => {
    const r = rig();
    r.override.fn = (task) =>
      task.kind === 'services' ? { kind: 'http', status: 503, message: 'down', meta } : undefined;
    expect(await r.mirror.step()).toBe(r.clock.now());
    expect(await r.mirror.step()).toBe(r.clock.now());
    expect(r.asked).toEqual(['services', 'employees']);
    r.override.fn = () => undefined;
    r.clock.set(r.clock.now() + DEFAULT_MIRROR_POLICY.failureBackoffMs - 1);
    await r.mirror.step();
    expect(r.asked.at(-1)).not.toBe('services');
    r.clock.set(TUESDAY_1000 + DEFAULT_MIRROR_POLICY.failureBackoffMs + 1);
    await r.mirror.step();
    expect(r.asked.at(-1)).toBe('services');
  });

  it('a refusal of the request itself (404) sets the task aside for the idle age', async () => {
    const r = rig();
    r.override.fn = (task) =>
      task.kind === 'services' ? { kind: 'http', status: 404, message: 'gone', meta } : undefined;
    expect(await r.mirror.step()).toBe(r.clock.now());
    r.override.fn = () => undefined;
    r.clock.set(TUESDAY_1000 + DEFAULT_MIRROR_POLICY.failureBackoffMs + 1);
    await r.mirror.step();
    expect(r.asked).toEqual(['services', 'employees']);
    r.clock.set(TUESDAY_1000 + DEFAULT_MIRROR_POLICY.idleMaxAgeMs + 1);
    await r.mirror.step();
    expect(r.asked.at(-1)).toBe('services');
  });

  it('a 429 waits its Retry-After; a throttled request its wait, at least 100 ms', async () => {
    const r = rig();
    r.override.fn = () => ({ kind: 'rateLimited', retryAfterMs: 7_000, meta });
    expect((await r.mirror.step()) - r.clock.now()).toBe(7_000);
    r.override.fn = () => ({ kind: 'throttled', waitMs: 20 });
    expect((await r.mirror.step()) - r.clock.now()).toBe(100);
    r.override.fn = () => ({ kind: 'throttled', waitMs: 2_500 });
    expect((await r.mirror.step()) - r.clock.now()).toBe(2_500);
    expect(r.outcomes).toEqual(['rateLimited', 'throttled', 'throttled']);
  });

  it('while it may not send (a refused key) it asks nothing and looks again in a minute', async () => {
    const r = rig();
    r.enabled.value = false;
    expect((await r.mirror.step()) - r.clock.now()).toBe(60_000);
    expect(r.asked).toEqual([]);
  });

  it('configured opening hours: after the first fill it sleeps until the warm-up before opening', async () => {
    const r = rig(
      { openingHours: { open: '09:00', close: '17:00' }, warmUpMinutes: 5 },
      Date.parse('2026-11-24T05:00:00Z'),
    ); // 06:00
    const next = await settle(r);
    expect(next).toBe(Date.parse('2026-11-24T07:55:00Z')); // 08:55 in Berlin
  });

  it('without configured hours it reads them from the cached slots: after the last slot it waits for midnight', async () => {
    const r = rig({}, TUESDAY_1000, ['10:00', '15:00']);
    await settle(r);
    r.clock.set(Date.parse('2026-11-24T15:30:00Z')); // 16:30, after the last slot at 15:00
    const next = await settle(r);
    expect(next).toBe(Date.parse('2026-11-24T23:01:00Z')); // 00:01 in Berlin
  });
});

describe('how and when the mirror asks', () => {
  it('asks in the background (never the reserve), waits for no one, and gives an answer 30 s or the timeout it was given', async () => {
    const r = rig();
    await r.mirror.sweep(3);
    expect(r.calls).toEqual(
      Array.from({ length: 3 }, () => ({
        priority: 'background',
        maxWaitMs: 0,
        timeoutMs: 30_000,
      })),
    );
    const slow = rig({ timeoutMs: 5_000 });
    await slow.mirror.step();
    expect(slow.calls).toEqual([{ priority: 'background', maxWaitMs: 0, timeoutMs: 5_000 }]);
  });

  it('configured opening hours win over the span of the cached slots', async () => {
    // Slots 09:00-18:00, the shop configured 07:00-21:00: at 20:30 it still spends.
    const r = rig({ openingHours: { open: '07:00', close: '21:00' } });
    await settle(r);
    r.clock.set(Date.parse('2026-11-24T19:30:00Z')); // 20:30 in Berlin
    const asked = r.asked.length;
    expect(await settle(r)).toBeLessThan(Date.parse('2026-11-24T23:01:00Z'));
    expect(r.asked.slice(asked)).toContain('slots 2026-11-24 svc-on');
  });

  it('a day with no slots cached spends within the fallback hours, until 20:00', async () => {
    const r = rig({}, TUESDAY_1000, (date) => (date === '2026-11-24' ? null : ['09:00', '18:00']));
    await settle(r);
    r.clock.set(Date.parse('2026-11-24T18:59:00Z')); // 19:59: tomorrow's list is due again
    const asked = r.asked.length;
    expect(await settle(r)).toBeLessThan(Date.parse('2026-11-24T23:01:00Z'));
    expect(r.asked.slice(asked)).toContain('slots 2026-11-25 svc-on');
    r.clock.set(Date.parse('2026-11-24T19:01:00Z')); // 20:01: closed until just after midnight
    expect(await settle(r)).toBe(Date.parse('2026-11-24T23:01:00Z'));
  });

  it('where the clocks jump at midnight (Santiago, 6 September) it looks again an hour after closing', async () => {
    // 21:00 on Saturday 5 September, after closing; the 6th has no 00:00 (00:00 -> 01:00).
    const start = Date.parse('2026-09-06T01:00:00Z');
    const r = rig(
      { timeZone: 'America/Santiago', openingHours: { open: '08:00', close: '20:00' } },
      start,
    );
    expect(await settle(r)).toBe(start + 3_600_000);
  });

  it('sweep stops at a back-off: the API unreachable is asked once', async () => {
    const r = rig();
    r.override.fn = () => ({ kind: 'network', reason: 'connect', message: 'connect' });
    expect(await r.mirror.sweep(10)).toBe(r.clock.now() + 5_000);
    expect(r.asked).toEqual(['services']);
  });
});

describe('opening hours read from the cached slots', () => {
  // Each day has its own hours, and no one service spans them: the shop opens with the earliest
  // first slot of that day over all services and closes with the latest last slot.
  const SPANS: Record<string, Record<string, [string, string] | null>> = {
    '2026-11-24': {
      'svc-a': ['10:00', '13:00'],
      'svc-b': ['09:30', '17:00'],
      'svc-c': ['11:00', '15:00'],
    },
    '2026-11-25': { 'svc-a': ['09:00', '12:00'], 'svc-b': ['08:00', '19:00'], 'svc-c': null },
    '2026-11-26': {
      'svc-a': ['06:30', '21:00'],
      'svc-b': ['06:30', '21:00'],
      'svc-c': ['06:30', '21:00'],
    },
  };
  const hoursRig = (start: number): Rig =>
    rig({}, start, (date, id) => SPANS[date]?.[id] ?? ['09:00', '18:00'], [
      'svc-a',
      'svc-b',
      'svc-c',
    ]);
  const at = (berlin: string): number => Date.parse(`${berlin}+01:00`);
  const AFTER_CLOSING_24 = at('2026-11-25T00:01:00');

  it("before opening it sleeps until 2 minutes before that day's earliest first slot, and spends from then", async () => {
    const r = hoursRig(at('2026-11-24T06:00:00'));
    expect(await settle(r)).toBe(at('2026-11-24T09:28:00')); // svc-b's 09:30, not another day's
    r.clock.set(at('2026-11-24T09:27:00'));
    expect(await settle(r)).toBe(at('2026-11-24T09:28:00'));
    r.clock.set(at('2026-11-24T09:28:00'));
    const next = await settle(r);
    expect(next).toBeGreaterThan(r.clock.now());
    expect(next).toBeLessThan(at('2026-11-24T12:00:00'));
  });

  it("it spends until that day's latest last slot, including its minute, then waits for midnight", async () => {
    const r = hoursRig(TUESDAY_1000);
    await settle(r);
    for (const open of ['16:30', '17:00']) {
      r.clock.set(at(`2026-11-24T${open}:00`)); // after svc-a and svc-c close, not svc-b
      expect(await settle(r)).toBeLessThan(AFTER_CLOSING_24);
    }
    r.clock.set(at('2026-11-24T17:01:00'));
    expect(await settle(r)).toBe(AFTER_CLOSING_24);
  });

  it('the next day has hours of its own (a service with no slots that day counts for nothing)', async () => {
    const r = hoursRig(TUESDAY_1000);
    await settle(r);
    r.clock.set(at('2026-11-25T06:00:00'));
    expect(await settle(r)).toBe(at('2026-11-25T07:58:00')); // svc-b's 08:00, not the 26th's 06:30
    r.clock.set(at('2026-11-25T18:59:00'));
    expect(await settle(r)).toBeLessThan(at('2026-11-26T00:01:00'));
    r.clock.set(at('2026-11-25T19:01:00'));
    expect(await settle(r)).toBe(at('2026-11-26T00:01:00'));
  });
});

describe('what the mirror keeps', () => {
  it('days for this month and the next; today and the next mirrorDays-1 days kept within the hour, later days daily', async () => {
    const r = rig({ mirrorDays: 2 });
    await settle(r);
    // The service's calendars first; emp-a's own days after the slot lists (issue 37).
    expect(r.asked.filter((a) => a.startsWith('days'))).toEqual([
      'days 2026-11 svc-on',
      'days 2026-12 svc-on',
      'days 2026-11 svc-on emp-a',
      'days 2026-12 svc-on emp-a',
    ]);
    expect(r.asked.slice(-2)).toEqual(['days 2026-11 svc-on emp-a', 'days 2026-12 svc-on emp-a']);
    const asked = r.asked.length;
    r.clock.set(TUESDAY_1000 + DEFAULT_MIRROR_POLICY.futureMaxAgeMs + 60_000);
    await settle(r);
    // Today and tomorrow (the window) are fetched again; the 26th waits for its daily refresh.
    expect(
      r.asked
        .slice(asked)
        .filter((a) => a.startsWith('slots'))
        .sort(),
    ).toEqual(['slots 2026-11-24 svc-on', 'slots 2026-11-25 svc-on']);
  });

  it('on a new day it drops the slot lists of the days before', async () => {
    const r = rig({ mirrorDays: 2 });
    await settle(r);
    expect(loadTimeSlots(r.db, { date: '2026-11-24', serviceId: 'svc-on' })).not.toBeNull();
    r.clock.set(Date.parse('2026-11-25T09:00:00Z'));
    await r.mirror.step();
    expect(loadTimeSlots(r.db, { date: '2026-11-24', serviceId: 'svc-on' })).toBeNull();
    expect(loadTimeSlots(r.db, { date: '2026-11-25', serviceId: 'svc-on' })).not.toBeNull();
  });

  it('while the governor holds requests back it asks nothing and looks again when the wait ends', async () => {
    const governor = new RateGovernor({ minuteLimit: 60, dayLimit: 1_000 });
    governor.onRateLimited(TUESDAY_1000, 30_000);
    const r = rig({ governor: () => governor });
    expect(await r.mirror.step()).toBe(TUESDAY_1000 + 30_000);
    expect(r.asked).toEqual([]);
  });
});

describe('after a booking of this kiosk (noteBooked)', () => {
  const DELAY = DEFAULT_MIRROR_POLICY.bookedRefreshDelayMs;
  const booking = { date: '2026-11-25', serviceId: 'svc-on', employeeId: 'emp-a' };

  it("asks that day's cached lists again the delay after, once for bookings close together; a person's list never cached is not asked", async () => {
    const r = rig();
    await settle(r);
    const asked = r.asked.length;
    r.mirror.noteBooked(booking);
    r.clock.set(TUESDAY_1000 + 10_000);
    r.mirror.noteBooked({ ...booking, employeeId: 'emp-b' });
    expect(await settle(r)).toBe(TUESDAY_1000 + DELAY);
    expect(r.asked.slice(asked)).toEqual([]);
    r.clock.set(TUESDAY_1000 + DELAY);
    await settle(r);
    // The any list once for both bookings; neither person's own list was ever cached.
    expect(r.asked.slice(asked)).toEqual(['slots 2026-11-25 svc-on']);
  });

  it("a person's cached list is asked too; a day before today, or one fetched since the booking, is not", async () => {
    const r = rig();
    await settle(r);
    saveTimeSlots(
      r.db,
      { ...booking, employeeId: 'emp-a' },
      { date: booking.date, timeSlots: slots('09:00', '18:00') },
      TUESDAY_1000 - 60_000,
    );
    const asked = r.asked.length;
    r.mirror.noteBooked(booking);
    r.mirror.noteBooked({ ...booking, date: '2026-11-23' });
    r.clock.set(TUESDAY_1000 + DELAY);
    await settle(r);
    expect(r.asked.slice(asked).sort()).toEqual([
      'slots 2026-11-25 svc-on',
      'slots 2026-11-25 svc-on emp-a',
    ]);
    // A customer's lookup fetched the list after the next booking: nothing left to ask.
    const again = r.asked.length;
    r.mirror.noteBooked(booking);
    r.clock.set(TUESDAY_1000 + DELAY + 1);
    saveTimeSlots(
      r.db,
      { date: booking.date, serviceId: 'svc-on' },
      { date: booking.date, timeSlots: slots('09:00', '18:00') },
      r.clock.now(),
    );
    saveTimeSlots(
      r.db,
      booking,
      { date: booking.date, timeSlots: slots('09:00', '18:00') },
      r.clock.now(),
    );
    r.clock.set(TUESDAY_1000 + 3 * DELAY);
    await settle(r);
    expect(r.asked.slice(again)).toEqual([]);
  });

  it('wakes the running loop: a booking made while it sleeps until a far refresh is not left to it', async () => {
    const r = rig();
    r.mirror.start();
    await r.clock.advance(60_000);
    const asked = r.asked.length;
    r.mirror.noteBooked(booking);
    await r.clock.advance(DELAY + 1_000);
    expect(r.asked.slice(asked)).toEqual(['slots 2026-11-25 svc-on']);
    await r.mirror.stop();
  });
});

describe('mirror loop', () => {
  it('start drives the steps on the clock; poke before start does nothing; stop ends it', async () => {
    const r = rig({}, TUESDAY_1000);
    r.mirror.poke();
    await r.clock.advance(1_000);
    expect(r.asked).toEqual([]);
    r.mirror.start();
    await r.clock.advance(60_000);
    expect(r.asked.length).toBeGreaterThan(5);
    await r.mirror.stop();
    const asked = r.asked.length;
    expect(r.clock.pending()).toEqual([]);
    await r.clock.advance(3_600_000);
    r.mirror.poke();
    await r.clock.advance(1_000);
    expect(r.asked.length).toBe(asked);
  });

  it('a step still running when the loop stops schedules nothing after it ends', async () => {
    const r = rig({}, TUESDAY_1000);
    let release = (): void => undefined;
    r.override.fn = () => new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
    r.mirror.start();
    await r.clock.advance(10);
    expect(r.asked).toEqual(['services']);
    const stopped = r.mirror.stop();
    release();
    await stopped;
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.clock.pending()).toEqual([]);
  });

  it('a step that throws is tried again in 30 s, and the loop goes on', async () => {
    const r = rig({}, TUESDAY_1000);
    r.override.fn = () => {
      throw new Error('boom');
    };
    r.mirror.start();
    await r.clock.advance(20);
    expect(r.asked).toEqual(['services']);
    expect(r.clock.pending()).toEqual([30_000 - 10]);
    r.override.fn = () => undefined;
    await r.clock.advance(29_989);
    expect(r.asked).toEqual(['services']);
    await r.clock.advance(1);
    expect(r.asked).toEqual(['services', 'services']);
    await r.clock.advance(10); // the next step, at least 10 ms on
    expect(r.asked.slice(0, 3)).toEqual(['services', 'services', 'employees']);
    await r.mirror.stop();
  });

  it('a poke brings a far step forward to now', async () => {
    const r = rig({}, TUESDAY_1000);
    r.mirror.start();
    await r.clock.advance(120_000); // filled: the next step is minutes away
    expect(Math.min(...r.clock.pending())).toBeGreaterThan(60_000);
    r.mirror.poke();
    expect(r.clock.pending()).toEqual([10]);
    await r.mirror.stop();
  });

  it('the first step runs 10 ms after start: steps are at least 10 ms apart', async () => {
    const r = rig({}, TUESDAY_1000);
    r.mirror.start();
    expect(r.clock.pending()).toEqual([10]);
    await r.clock.advance(5);
    expect(r.asked).toEqual([]);
    await r.clock.advance(5);
    expect(r.asked).toEqual(['services']);
    await r.mirror.stop();
  });

  it('sweep runs what is due, up to its limit, and stops when nothing is', async () => {
    const r = rig();
    await r.mirror.sweep(3);
    expect(r.asked).toHaveLength(3);
    const next = await r.mirror.sweep(1_000);
    expect(next).toBeGreaterThan(r.clock.now());
    const asked = r.asked.length;
    await r.mirror.sweep(1_000);
    expect(r.asked.length).toBe(asked);
  });

  it('a failed days or slots request keeps what the cache had', async () => {
    const r = rig();
    await settle(r);
    const wednesday = { date: '2026-11-25', serviceId: 'svc-on' };
    const slotsBefore = loadTimeSlots(r.db, wednesday);
    expect(slotsBefore).not.toBeNull();
    r.override.fn = (task) =>
      task.kind === 'days' || task.kind === 'slots'
        ? { kind: 'http', status: 503, message: 'down', meta }
        : undefined;
    // Wednesday 10:00: this month's days and Wednesday's slots are due again; both fail.
    r.clock.set(TUESDAY_1000 + 24 * 3_600_000 + 1);
    const asked = r.asked.length;
    await settle(r);
    const retried = r.asked.slice(asked);
    expect(retried).toContain('days 2026-11 svc-on');
    expect(retried).toContain('slots 2026-11-25 svc-on');
    expect(loadTimeSlots(r.db, wednesday)).toEqual(slotsBefore);
  });

  it('logs what IT needs to know: a step that threw, the API unreachable (with the back-off), a refresh failed or refused', async () => {
    const { log, lines } = captureLog('core:mirror');
    const r = rig({ log });
    r.override.fn = () => {
      throw new Error('boom');
    };
    r.mirror.start();
    await r.clock.advance(20);
    await r.mirror.stop();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^ERROR core:mirror: mirror step failed \{"error":\{.*"message":"boom"/,
    );
    r.override.fn = () => ({ kind: 'network', reason: 'connect', message: 'connect' });
    await r.mirror.step();
    r.override.fn = (task) =>
      task.kind === 'services' ? { kind: 'http', status: 503, message: 'down', meta } : undefined;
    await r.mirror.step();
    r.override.fn = (task) =>
      task.kind === 'employees' ? { kind: 'http', status: 404, message: 'gone', meta } : undefined;
    await r.mirror.step();
    expect(lines.slice(1)).toEqual([
      'WARN core:mirror: upstream unreachable; mirror backs off {"delayMs":5000}',
      'WARN core:mirror: refresh failed {"task":"services","reason":"http 503"}',
      'WARN core:mirror: refresh refused {"task":"employees","status":404}',
    ]);
  });
});
