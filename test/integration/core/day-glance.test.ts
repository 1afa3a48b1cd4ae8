/**
 * Today at a glance (getDayGlance) through the real core against the reference server, on a
 * manual clock both share: the mirror's plan fetches each employee's own list of today (one
 * request each, refreshed every staffDayMaxAgeMs), the view answers from the cache alone, names
 * this kiosk's customers only in a staff session, and matches what the API gives each person.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { DEFAULT_MIRROR_POLICY } from '../../../electron/core/mirror/plan';
import { durationMinutes } from '../../../shared/api/duration';
import type { DayGlance } from '../../../shared/kiosk-api';
import {
  CORE_TEST_KEY,
  bookAtApi,
  bookingRequest,
  corePerTest,
  kioskFailure,
  until,
  type UpstreamFixture,
} from '../../support/core/harness';
import { manualClock, type ManualClock } from '../../support/core/manual-clock';
import { openStaffSession } from '../../support/core/staff';

const TUESDAY_1000 = Date.parse('2026-11-24T09:00:00Z'); // 10:00 in Berlin
const TODAY = '2026-11-24';
const openRig = corePerTest('fd-day-glance-');

/** Steps the mirror, moving the clock to each next step, until the next is beyond `maxMs`. */
async function settle(c: KioskCoreInternals, clock: ManualClock, maxMs: number): Promise<void> {
  const end = clock.now() + maxMs;
  for (let i = 0; i < 2_000; i += 1) {
    const next = await c.mirror.step();
    if (next > end) return;
    if (next > clock.now()) clock.set(next);
  }
  throw new Error('the mirror did not settle');
}

/** The employees' own lists of today in the kiosk's mirror: `employee|service`. */
function ownLists(dataDir: string): string[] {
  const db = new Database(join(dataDir, 'kiosk.db'), { readonly: true });
  try {
    const rows = db
      .prepare(
        "select employee_key as e, service_id as s from mirror_time_slots where date = ? and employee_key != 'any' order by e",
      )
      .all(TODAY) as { e: string; s: string }[];
    return rows.map((r) => `${r.e}|${r.s}`);
  } finally {
    db.close();
  }
}

/** What the API itself gives one person for one service today (asked straight, not through the kiosk). */
async function apiFreeTimes(
  upstream: UpstreamFixture,
  employeeId: string,
  serviceId: string,
): Promise<string[]> {
  const url = new URL(`${upstream.server.url}/api/public/booking/availability`);
  url.search = new URLSearchParams({ date: TODAY, serviceId, employeeId }).toString();
  const response = await fetch(url, { headers: { authorization: `Bearer ${CORE_TEST_KEY}` } });
  const body = (await response.json()) as {
    data: { timeSlots: { time: string; available: boolean }[] };
  };
  return body.data.timeSlots.filter((s) => s.available).map((s) => s.time);
}

/** What the API gives one person for one service on `date` (asked straight). */
async function apiFreeTimesOn(
  upstream: UpstreamFixture,
  date: string,
  employeeId: string,
  serviceId: string | null | undefined,
): Promise<string[]> {
  const url = new URL(`${upstream.server.url}/api/public/booking/availability`);
  url.search = new URLSearchParams({ date, serviceId: serviceId ?? '', employeeId }).toString();
  const response = await fetch(url, { headers: { authorization: `Bearer ${CORE_TEST_KEY}` } });
  const body = (await response.json()) as {
    data: { timeSlots: { time: string; available: boolean }[] };
  };
  return body.data.timeSlots.filter((s) => s.available).map((s) => s.time);
}

const minuteOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

const freeOf = (glance: DayGlance, employeeId: string): string[] =>
  glance.employees
    .find((column) => column.employeeId === employeeId)
    ?.cells.filter((cell) => cell.state === 'free')
    .map((cell) => cell.time) ?? [];

describe('getDayGlance', () => {
  it("shows each employee's day as the API gives it, from the mirror's own lists, without a request of its own", async () => {
    const clock = manualClock(TUESDAY_1000);
    const { core, upstream, dataDir } = await openRig(clock, { mirrorDays: 2 });
    const session = await openStaffSession(core);
    // Staff open the view: from then on the mirror keeps each person's list of today.
    await core.api.getDayGlance({ session });
    await settle(core, clock, 60_000);

    // The plan fetched one list of today per bookable employee: their shortest service.
    const catalog = await core.api.getCatalog(undefined);
    const bookable = catalog.employees.filter((e) => e.available).map((e) => e._id);
    expect(ownLists(dataDir).map((entry) => entry.split('|')[0])).toEqual([...bookable].sort());
    expect(ownLists(dataDir)).toContain('emp-mehmet|svc-bart'); // 15 minutes: his finest grid

    const requests = core.mirror.requests;
    const glance = await core.api.getDayGlance({ session });
    expect(core.mirror.requests).toBe(requests);
    expect(glance.date).toBe(TODAY);
    expect(glance.employees.map((c) => c.employeeId)).toEqual(bookable);
    for (const column of glance.employees) {
      expect(column.serviceId, column.employeeId).not.toBeNull();
      // A person who does not work today has no cells (issue 38): they are shown as off.
      expect(column.cells).toHaveLength(column.off ? 0 : glance.times.length);
      // Every free time of the view is one the API gives that person, and none is missing.
      expect(freeOf(glance, column.employeeId), column.employeeId).toEqual(
        await apiFreeTimes(upstream, column.employeeId, column.serviceId ?? ''),
      );
      // Nothing before 10:00 is offered: it is past.
      const early = column.cells.filter((cell) => cell.time < '10:00');
      expect(early.every((cell) => cell.state === 'past')).toBe(true);
    }
  });

  it("labels this kiosk's booking with its customer over its whole duration, at once and from the cache", async () => {
    const clock = manualClock(TUESDAY_1000);
    const { core } = await openRig(clock, { mirrorDays: 2 });
    const session = await openStaffSession(core);
    // Staff open the view: from then on the mirror keeps each person's list of today.
    await core.api.getDayGlance({ session });
    await settle(core, clock, 60_000);
    const before = await core.api.getDayGlance({ session });
    const anna = before.employees.find((c) => c.employeeId === 'emp-anna');
    const time = freeOf(before, 'emp-anna').find((t) => t >= '14:00');
    if (!anna?.serviceId || !time) throw new Error('Anna has no free time this afternoon');

    // A 45-minute cut for Anna, booked at this kiosk.
    const booked = await core.api.createBooking(
      bookingRequest(
        { date: TODAY, time, serviceId: 'svc-damen-schnitt', employeeId: 'emp-anna' },
        7,
      ),
    );
    expect(booked.state).toBe('sent');
    const requests = core.mirror.requests;
    const after = await core.api.getDayGlance({ session });
    expect(core.mirror.requests).toBe(requests);
    const cells = after.employees
      .find((c) => c.employeeId === 'emp-anna')
      ?.cells.filter((cell) => cell.state === 'booked');
    const [h, m] = time.split(':').map(Number) as [number, number];
    const inside = (t: string): boolean => {
      const [th, tm] = t.split(':').map(Number) as [number, number];
      const minutes = th * 60 + tm - (h * 60 + m);
      return minutes >= 0 && minutes < 45;
    };
    expect(cells?.map((cell) => cell.time)).toEqual(after.times.filter(inside));
    expect(cells?.[0]?.booking).toMatchObject({
      localId: booked.localId,
      customerName: 'Test Customer 7',
      serviceId: 'svc-damen-schnitt',
      time,
      state: 'sent',
    });
    // The other people's columns do not show it.
    const others = after.employees.filter((c) => c.employeeId !== 'emp-anna');
    expect(others.flatMap((c) => c.cells).some((cell) => cell.state === 'booked')).toBe(false);
  });

  it('shows a time the API refused as taken on replay as busy, not free, from the same cached list', async () => {
    const clock = manualClock(TUESDAY_1000);
    const { core, upstream } = await openRig(clock, { mirrorDays: 2 });
    const session = await openStaffSession(core);
    await core.api.getDayGlance({ session });
    await settle(core, clock, 60_000);
    const before = await core.api.getDayGlance({ session });
    const serviceId = before.employees.find((c) => c.employeeId === 'emp-anna')?.serviceId;
    const time = freeOf(before, 'emp-anna').find((t) => t >= '14:00');
    if (!serviceId || !time) throw new Error('Anna has no free time this afternoon');
    const slot = { date: TODAY, time, serviceId, employeeId: 'emp-anna' };

    // Queued while the API fails; meanwhile someone else books the time at the API.
    upstream.proxy.setMode('500');
    const queued = await core.api.createBooking(bookingRequest(slot, 8));
    expect(queued.state).toBe('queued');
    upstream.proxy.setMode('pass');
    expect(await bookAtApi(upstream, slot)).toBe(201);
    const requests = core.mirror.requests;
    await until(async () => {
      clock.set(clock.now() + 60_000); // past the queued booking's backoff
      await core.replayer.runOnce();
      const bookings = await core.api.listBookings({ session });
      return bookings.some((b) => b.localId === queued.localId && b.state === 'rejected');
    }, 15_000);

    // The view answers from the list it had (no request of its own): the time is not free.
    const after = await core.api.getDayGlance({ session });
    expect(core.mirror.requests).toBe(requests);
    const cell = after.employees
      .find((c) => c.employeeId === 'emp-anna')
      ?.cells.find((c) => c.time === time);
    expect(cell?.state).toBe('busy');
    // Only the times whose visit would overlap the other customer's went; the rest stay free.
    const catalog = await core.api.getCatalog(undefined);
    const service = catalog.services.find((s) => s._id === serviceId);
    const minutes = service ? durationMinutes(service) : 0;
    const gone = freeOf(before, 'emp-anna').filter((t) => !freeOf(after, 'emp-anna').includes(t));
    expect(gone).toContain(time);
    for (const t of gone) expect(Math.abs(minuteOf(t) - minuteOf(time)), t).toBeLessThan(minutes);
    expect(freeOf(after, 'emp-anna').every((t) => freeOf(before, 'emp-anna').includes(t))).toBe(
      true,
    );
  });

  it('issue 38 item 15c: a person who does not work that day is off, not busy; the next days are shown from the mirror, one list per person for the day on screen', async () => {
    const clock = manualClock(TUESDAY_1000);
    const { core, upstream } = await openRig(clock, { mirrorDays: 2 });
    const session = await openStaffSession(core);
    await core.api.getDayGlance({ session });
    await settle(core, clock, 60_000);

    // Tuesday: Sophie Wagner never works on Tuesdays (her own list of the day is empty).
    const today = await core.api.getDayGlance({ session });
    const sophie = today.employees.find((c) => c.employeeId === 'emp-sophie');
    expect(sophie).toMatchObject({ off: true, cells: [] });
    expect(sophie?.asOf).not.toBeNull();
    const anna = today.employees.find((c) => c.employeeId === 'emp-anna');
    expect(anna?.off).toBeUndefined();
    expect(freeOf(today, 'emp-anna').length).toBeGreaterThan(0);

    // Saturday: not known until the view shows it (no request of its own), then from the mirror.
    const SATURDAY = '2026-11-28';
    const requests = core.mirror.requests;
    const first = await core.api.getDayGlance({ session, date: SATURDAY });
    expect(core.mirror.requests).toBe(requests);
    expect(first.date).toBe(SATURDAY);
    expect(first.employees.every((c) => c.asOf === null && c.cells.length === 0)).toBe(true);
    await settle(core, clock, 60_000);
    const people = today.employees.length;
    // One own list per bookable person for the day shown, no more.
    expect(core.mirror.requests - requests).toBe(people);
    const saturday = await core.api.getDayGlance({ session, date: SATURDAY });
    const offOn = (glance: DayGlance) =>
      glance.employees.filter((c) => c.off).map((c) => c.employeeId);
    // Anna and Sophie work Monday to Friday only; Mehmet works Saturday mornings.
    expect(offOn(saturday).sort()).toEqual(['emp-anna', 'emp-sophie']);
    const mehmet = saturday.employees.find((c) => c.employeeId === 'emp-mehmet');
    const apiMehmet = await apiFreeTimesOn(upstream, SATURDAY, 'emp-mehmet', mehmet?.serviceId);
    // A later day has no past times: every free time of the API is offered.
    expect(freeOf(saturday, 'emp-mehmet')).toEqual(apiMehmet);
    expect(apiMehmet.length).toBeGreaterThan(0);

    // Beyond the view's days, or before today: refused.
    for (const date of ['2026-11-23', '2026-12-01'])
      expect((await kioskFailure(core.api.getDayGlance({ session, date }))).code).toBe(
        'invalid_request',
      );
  });

  it('issue 38 item 15e: a later day the shop is closed reads as closed once the mirror knows it, not "not known" forever', async () => {
    const clock = manualClock(TUESDAY_1000);
    const { core } = await openRig(clock, { mirrorDays: 2 });
    const session = await openStaffSession(core);
    const SUNDAY = '2026-11-29'; // the demo shop is closed on Sundays
    const before = await core.api.getDayGlance({ session, date: SUNDAY });
    expect(before.employees.every((c) => c.asOf === null && c.off === undefined)).toBe(true);
    await settle(core, clock, 60_000);
    // The calendar says closed: no list of the day is fetched, and none is needed to say so.
    const sunday = await core.api.getDayGlance({ session, date: SUNDAY });
    expect(sunday.times).toEqual([]);
    expect(sunday.employees.length).toBeGreaterThan(0);
    expect(sunday.employees.map((c) => [c.employeeId, c.off, c.asOf !== null])).toEqual(
      sunday.employees.map((c) => [c.employeeId, true, true]),
    );
  });

  it('spends none of the budget on the day view until staff open it, then keeps it', async () => {
    const clock = manualClock(TUESDAY_1000);
    const { core, dataDir } = await openRig(clock, { mirrorDays: 2 });
    await settle(core, clock, 60_000);
    expect(ownLists(dataDir)).toEqual([]);
    const session = await openStaffSession(core);
    await core.api.getDayGlance({ session });
    await settle(core, clock, 60_000);
    expect(ownLists(dataDir).length).toBeGreaterThan(0);
  });

  it('is refused without a live staff session: it carries customers’ names', async () => {
    const clock = manualClock(TUESDAY_1000);
    const { core } = await openRig(clock, { mirrorDays: 2 });
    const failure = await kioskFailure(
      core.api.getDayGlance({ session: 'not-a-session-0123456789' }),
    );
    expect(failure.code).toBe('unauthorized');
  });

  it("refreshes each person's list every staffDayMaxAgeMs, not sooner: within the mirror's budget", async () => {
    const clock = manualClock(TUESDAY_1000);
    const { core, dataDir } = await openRig(clock, { mirrorDays: 2 });
    const session = await openStaffSession(core);
    // Staff open the view: from then on the mirror keeps each person's list of today.
    await core.api.getDayGlance({ session });
    await settle(core, clock, 60_000);
    // People with times left today; a day that is over (or not worked) waits idleMaxAgeMs.
    const working = (await core.api.getDayGlance({ session })).employees.filter((c) =>
      c.cells.some((cell) => cell.state === 'free' && cell.time > '11:00'),
    );
    expect(working.length).toBeGreaterThan(1);
    const people = working.length;
    const fetchedAt = (): number[] => {
      const db = new Database(join(dataDir, 'kiosk.db'), { readonly: true });
      try {
        return (
          db
            .prepare(
              "select fetched_at as at from mirror_time_slots where date = ? and employee_key != 'any'",
            )
            .all(TODAY) as { at: number }[]
        ).map((r) => r.at);
      } finally {
        db.close();
      }
    };
    const first = Math.max(...fetchedAt());
    // Up to just before the age limit: the other refreshes run, the people's lists do not.
    clock.set(first + DEFAULT_MIRROR_POLICY.staffDayMaxAgeMs - 60_000);
    await settle(core, clock, 30_000);
    expect(Math.max(...fetchedAt())).toBe(first);
    clock.set(first + DEFAULT_MIRROR_POLICY.staffDayMaxAgeMs + 1);
    // Background requests are paced by the governor: a few minutes for everything due.
    await settle(core, clock, 5 * 60_000);
    const refreshed = fetchedAt().filter((at) => at > first);
    expect(refreshed).toHaveLength(people);
  });
});
