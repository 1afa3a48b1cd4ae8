/**
 * Every time a person has (issue 28, major 1): a customer who picks a person is offered every
 * time the API gives that person, although a fresh `any` list (which names one person per time)
 * is cached; the person's own list is asked live and cached, and offline the cached lists of the
 * person and of `any` are merged.
 */
import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '../../../shared/api/schemas';
import {
  bookAtApi,
  CORE_TEST_KEY,
  corePerTest,
  goOffline,
  type UpstreamFixture,
} from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';

const DATE = '2026-11-27'; // Friday
const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z');
/** Services with more than one person, and each of their people. */
const CASES = [
  { serviceId: 'svc-kinder-schnitt', employeeId: 'emp-sophie' },
  { serviceId: 'svc-kinder-schnitt', employeeId: 'emp-mehmet' },
  { serviceId: 'svc-damen-schnitt', employeeId: 'emp-anna' },
  { serviceId: 'svc-herren-schnitt', employeeId: 'emp-sophie' },
] as const;

const open = corePerTest('fd-person-times-');

/** The times the reference server itself lists as free for the person. */
async function apiTimes(
  upstream: UpstreamFixture,
  serviceId: string,
  employeeId: string,
): Promise<string[]> {
  const url = `${upstream.server.url}/api/public/booking/availability?date=${DATE}&serviceId=${serviceId}&employeeId=${employeeId}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${CORE_TEST_KEY}` } });
  const body = (await response.json()) as { data: { timeSlots: TimeSlot[] } };
  return freeTimes(body.data.timeSlots);
}

const freeTimes = (slots: readonly TimeSlot[]): string[] =>
  slots.filter((s) => s.available).map((s) => s.time);

describe("a person's times", () => {
  it.each(CASES)(
    '$serviceId with $employeeId: the API list for the person, online and from the cache, though a fresh "any" list is cached',
    async ({ serviceId, employeeId }) => {
      const { core, upstream } = await open(manualClock(MONDAY_1000), { mirrorDays: 2 });
      const any = await core.api.getTimeSlots({ date: DATE, serviceId });
      expect(any.source).toBe('live');
      const expected = await apiTimes(upstream, serviceId, employeeId);
      expect(expected.length).toBeGreaterThan(0);

      const live = await core.api.getTimeSlots({ date: DATE, serviceId, employeeId });
      expect(live.source).toBe('live');
      expect(freeTimes(live.timeSlots)).toEqual(expected);

      await goOffline(core, upstream, serviceId);
      const cached = await core.api.getTimeSlots({ date: DATE, serviceId, employeeId });
      expect(cached.source).toBe('cache');
      expect(freeTimes(cached.timeSlots)).toEqual(expected);
    },
  );

  it('the "any" list names Sophie for fewer times than she has: the shortfall this fixes', async () => {
    const { core, upstream } = await open(manualClock(MONDAY_1000), { mirrorDays: 2 });
    const any = await core.api.getTimeSlots({ date: DATE, serviceId: 'svc-kinder-schnitt' });
    const named = any.timeSlots.filter((s) => s.available && s.employeeId === 'emp-sophie');
    const own = await apiTimes(upstream, 'svc-kinder-schnitt', 'emp-sophie');
    expect(named.length).toBeLessThan(own.length);
  });

  it('offline, the cached lists of the person and of "any" are merged, the fresher deciding', async () => {
    const clock = manualClock(MONDAY_1000);
    const { core, upstream } = await open(clock, { mirrorDays: 2 });
    const serviceId = 'svc-kinder-schnitt';
    const employeeId = 'emp-sophie';
    const any = await core.api.getTimeSlots({ date: DATE, serviceId });
    const named = any.timeSlots.filter((s) => s.available && s.employeeId === employeeId);
    expect(named.length).toBeGreaterThan(1);
    // Someone books Sophie's first named time at the API; her own list, fetched later, has it taken.
    const gone = named[0]!.time;
    expect(await bookAtApi(upstream, { date: DATE, time: gone, serviceId, employeeId })).toBe(201);
    clock.advance(60_000);
    const own = await core.api.getTimeSlots({ date: DATE, serviceId, employeeId });
    expect(own.source).toBe('live');
    await goOffline(core, upstream, serviceId);
    const merged = await core.api.getTimeSlots({ date: DATE, serviceId, employeeId });
    expect(merged.source).toBe('cache');
    expect(freeTimes(merged.timeSlots)).not.toContain(gone);
    expect(freeTimes(merged.timeSlots)).toEqual(freeTimes(own.timeSlots));

    // A fresher "any" list that names her for a time her older list has taken: offered again.
    upstream.proxy.setMode('pass');
    clock.advance(120_000);
    const later = await core.api.getTimeSlots({ date: DATE, serviceId, fresh: true });
    expect(later.source).toBe('live');
    const freedAgain = later.timeSlots.find((s) => s.available && s.employeeId === employeeId);
    expect(freedAgain).toBeDefined();
    await goOffline(core, upstream, serviceId);
    const again = await core.api.getTimeSlots({ date: DATE, serviceId, employeeId });
    expect(again.source).toBe('cache');
    expect(again.asOf).toBe(own.asOf); // the older list's age: holds sent since are taken out
    expect(freeTimes(again.timeSlots)).toEqual(freeTimes(own.timeSlots));
  });

  it('offline with only the "any" list cached: the times it named the person for', async () => {
    const { core, upstream } = await open(manualClock(MONDAY_1000), { mirrorDays: 2 });
    const serviceId = 'svc-kinder-schnitt';
    const any = await core.api.getTimeSlots({ date: DATE, serviceId });
    await goOffline(core, upstream, serviceId);
    const cached = await core.api.getTimeSlots({ date: DATE, serviceId, employeeId: 'emp-mehmet' });
    expect(cached.source).toBe('cache');
    expect(freeTimes(cached.timeSlots)).toEqual(
      any.timeSlots.filter((s) => s.available && s.employeeId === 'emp-mehmet').map((s) => s.time),
    );
  });
});
