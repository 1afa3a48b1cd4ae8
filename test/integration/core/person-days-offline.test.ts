/**
 * Issue 37, a person's days: once a person is chosen the day strip asks `getAvailableDays` with
 * `employeeId` (and the service). The mirror keeps those days for each person seen doing each
 * service (this month and the next), so the kiosk answers them from its cache with the API
 * gone, as the API would: Sophie does the ladies' cut but never on a Tuesday, which the
 * service's own calendar (Anna works Tuesdays) cannot say. Loops on, the reference server,
 * the shared clock moved only while nothing is on the wire.
 */
import { describe, expect, it } from 'vitest';
import { CORE_TEST_KEY, corePerTest } from '../../support/core/harness';
import { timerClock } from '../../support/core/manual-clock';
import { steppedRun } from '../../support/core/stepped-run';

const TUESDAY_1000 = Date.parse('2026-11-24T09:00:00Z');
const SERVICE = 'svc-damen-schnitt';

const open = corePerTest('fd-person-days-');

const PEOPLE = [
  { employeeId: 'emp-sophie', month: 11 },
  { employeeId: 'emp-sophie', month: 12 },
  { employeeId: 'emp-anna', month: 11 },
  { employeeId: 'emp-anna', month: 12 },
];

describe("a person's days", () => {
  it('come from the mirror with the API gone, as the API gives them (this month and the next)', async () => {
    const clock = timerClock(TUESDAY_1000);
    const { core, upstream } = await open(clock, { autoStart: true });
    // The first screens, then the people's days (after the first window: issue 37's spread).
    await steppedRun(clock, upstream.proxy, 25 * 60_000);
    const fromApi = new Map<string, number[]>();
    for (const { employeeId, month } of PEOPLE) {
      const response = await fetch(
        `${upstream.server.url}/api/public/booking/available-days?year=2026&month=${month}&serviceId=${SERVICE}&employeeId=${employeeId}`,
        { headers: { authorization: `Bearer ${CORE_TEST_KEY}` } },
      );
      const { data } = (await response.json()) as { data: { availableDays: number[] } };
      fromApi.set(`${employeeId} ${month}`, data.availableDays);
    }

    upstream.proxy.setMode('down');
    for (const { employeeId, month } of PEOPLE) {
      const days = await core.api.getAvailableDays({
        year: 2026,
        month,
        serviceId: SERVICE,
        employeeId,
      });
      expect(days.source, `${employeeId} ${month}`).toBe('cache');
      expect(days.availableDays, `${employeeId} ${month}`).toEqual(
        fromApi.get(`${employeeId} ${month}`),
      );
    }
    // Tuesdays are open for the service (Anna works them), never for Sophie.
    for (const [month, tuesdays] of [
      [11, [24]],
      [12, [1, 8, 15, 22]],
    ] as const) {
      const service = await core.api.getAvailableDays({ year: 2026, month, serviceId: SERVICE });
      expect(service.availableDays).toEqual(expect.arrayContaining([...tuesdays]));
      const sophie = await core.api.getAvailableDays({
        year: 2026,
        month,
        serviceId: SERVICE,
        employeeId: 'emp-sophie',
      });
      for (const day of tuesdays) expect(sophie.availableDays).not.toContain(day);
    }
  });
});
