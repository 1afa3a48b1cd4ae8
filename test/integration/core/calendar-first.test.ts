/**
 * Calendar first (issue 8): a kiosk started cold at any hour, here a Sunday evening with the shop
 * closed, against the real reference server at 60/min and 1,000/day on a virtual clock that
 * jumps to whenever the mirror wants to run next. Within 20 s the month's calendar of every
 * service works offline; within 2 minutes the slots of the next seven open days of every service.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Clock } from '../../../electron/core/platform/clock';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { addDays } from '../../../shared/booking/time';
import {
  makeTempDir,
  startCore,
  startUpstream,
  type UpstreamFixture,
} from '../../support/core/harness';

/** Sunday 2026-11-29 20:30 in Berlin: closed today, and tomorrow is the last day of the month. */
const START = Date.parse('2026-11-29T19:30:00Z');
const TODAY = '2026-11-29';

let now = START;
const clock: Clock = { now: () => now, setTimeout: () => ({}), clearTimeout: () => undefined };
let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let core: KioskCoreInternals;

beforeAll(async () => {
  temp = makeTempDir('fd-calendar-first-');
  upstream = await startUpstream(temp.dir, {
    clock: () => now,
    rateLimit: { perMinute: 60, perDay: 1000 },
  });
  core = await startCore(join(temp.dir, 'kiosk'), upstream.proxy.url, { clock });
});

afterAll(async () => {
  await core.close();
  await upstream.close();
  temp.remove();
});

/** Runs the mirror until the virtual clock reaches `until` (each request takes no time). */
async function runMirrorUntil(until: number): Promise<void> {
  while (now < until) {
    const next = await core.mirror.step();
    now = Math.min(until, Math.max(next, now + 1));
  }
}

/** With the API cut off: every call below must come from the cache. */
async function offline<T>(read: () => Promise<T>): Promise<T> {
  upstream.proxy.setMode('down');
  try {
    return await read();
  } finally {
    upstream.proxy.setMode('pass');
  }
}

it("shows this month's calendar offline within 20 s and the next seven open days' slots within 2 minutes", async () => {
  await runMirrorUntil(START + 20_000);
  const spentForCalendar = core.mirror.requests;
  const kindsAt20s = core.mirror.requestsByKind;
  const { services } = await offline(() => core.api.getCatalog({}));
  expect(services.length).toBe(6);
  const openDays = new Map<string, string[]>();
  for (const service of services) {
    const november = await offline(() =>
      core.api.getAvailableDays({ year: 2026, month: 11, serviceId: service._id }),
    );
    expect(november.source).toBe('cache');
    expect(november.availableDays.every((day) => day >= 30)).toBe(true); // nothing before today is open
    const december = await offline(() =>
      core.api.getAvailableDays({ year: 2026, month: 12, serviceId: service._id }),
    );
    const dates = [
      ...november.availableDays.map((d) => `2026-11-${String(d).padStart(2, '0')}`),
      ...december.availableDays.map((d) => `2026-12-${String(d).padStart(2, '0')}`),
    ].filter((date) => date >= TODAY);
    openDays.set(service._id, dates.slice(0, 7));
  }
  console.info('calendar-first: requests before the calendar worked offline', spentForCalendar);
  // Both months' calendars of every service came first (slot lists only after them).
  expect(kindsAt20s.days).toBe(2 * services.length);

  await runMirrorUntil(START + 120_000);
  let lists = 0;
  for (const [serviceId, dates] of openDays) {
    expect(dates).toHaveLength(7);
    expect(dates[6]! <= addDays(TODAY, 31)).toBe(true);
    for (const date of dates) {
      const slots = await offline(() => core.api.getTimeSlots({ date, serviceId }));
      expect(slots.source).toBe('cache');
      expect(slots.timeSlots.some((slot) => slot.available)).toBe(true);
      lists += 1;
    }
  }
  console.info(
    'calendar-first: requests after 2 minutes',
    core.mirror.requests,
    'slot lists checked',
    lists,
  );
  // Only open days were fetched: the catalog, the calendars and one list per open day.
  expect(core.mirror.requestsByKind.slots).toBe(lists);
}, 120_000);
