/**
 * Issue 17, case 1: what a customer is told is what happens. A booking whose /book answer was
 * lost is `unknown` to the customer ("we are checking, staff will confirm"), never "taken", even
 * when the cache (whose "any employee" list names one employee per time) cannot call the slot
 * free for the employee booked; the replay under its Idempotency-Key settles it. Real core, real
 * reference server behind the fault proxy.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { openStaffSession } from '../../support/core/staff';
import {
  CORE_TEST_KEY,
  MONDAY_0830,
  bookingRequest,
  makeTempDir,
  offsetClock,
  serverBookings,
  startCore,
  startUpstream,
  until,
  warmUp,
  type UpstreamFixture,
} from '../../support/core/harness';

const DATE = '2026-11-24'; // Tuesday: Anna 09-18, Mehmet 11-20, both cut children's hair
const SERVICE = 'svc-kinder-schnitt';

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let core: KioskCoreInternals | null = null;
const clock = offsetClock(MONDAY_0830);

beforeEach(async () => {
  temp = makeTempDir('fd-told-');
  upstream = await startUpstream(temp.dir, {
    clock: clock.server,
    rateLimit: { perMinute: 6000, perDay: 100_000 },
  });
});

afterEach(async () => {
  await core?.close();
  core = null;
  await upstream.close();
  temp.remove();
});

/** An employee's own free times, asked of the reference server itself (the core's cache stays as is). */
async function serverFreeTimes(employeeId: string): Promise<Set<string>> {
  const query = new URLSearchParams({ date: DATE, serviceId: SERVICE, employeeId });
  const answer = await request(
    `${upstream.server.url}/api/public/booking/availability?${query.toString()}`,
    { headers: { authorization: `Bearer ${CORE_TEST_KEY}` } },
  );
  const body = (await answer.body.json()) as {
    data?: { timeSlots: { time: string; available: boolean }[] };
  };
  return new Set((body.data?.timeSlots ?? []).filter((s) => s.available).map((s) => s.time));
}

/** A time the cached "any employee" list names for one employee while another is free then. */
async function unnamedEmployeeSlot(
  c: KioskCoreInternals,
): Promise<{ time: string; other: string }> {
  const any = await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
  for (const other of ['emp-mehmet', 'emp-anna']) {
    const free = await serverFreeTimes(other);
    const slot = any.timeSlots.find(
      (s) =>
        s.available && s.employeeId !== undefined && s.employeeId !== other && free.has(s.time),
    );
    if (slot) return { time: slot.time, other };
  }
  throw new Error('no time listed under one employee while another is free');
}

describe('a lost /book answer for an employee the cached list does not name', () => {
  it('the customer is told unknown (never taken); the replay settles it to sent, one booking on the API', async () => {
    core = await startCore(`${temp.dir}/kiosk`, upstream.proxy.url, { clock, mirrorDays: 2 });
    const c = core;
    await warmUp(c, clock);
    const { time, other } = await unnamedEmployeeSlot(c);

    upstream.proxy.setMode('drop'); // the API books; its answer is lost
    const result = await c.api.createBooking(
      bookingRequest({ date: DATE, serviceId: SERVICE, employeeId: other, time }, 1),
    );
    // What the customer is told: we are checking, staff will confirm; no appointment number.
    expect(result.state).toBe('unknown');
    expect(result.booking).toBeNull();
    const created = serverBookings(upstream.dbPath);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ employeeId: other, time });

    // Staff see it waiting to be sent under its key (not given up, not dropped).
    const session = await openStaffSession(c);
    const [waiting] = await c.api.listBookings({ session });
    expect(waiting?.localId).toBe(result.localId);
    expect(waiting?.state).toBe('queued');

    upstream.proxy.setMode('pass');
    await until(async () => {
      await c.replayer.runOnce();
      return (await c.api.listBookings({ session }))[0]?.state === 'sent';
    }, 20_000);
    const [sent] = await c.api.listBookings({ session });
    expect(sent?.booking?.bookingId).toBe(created[0]?.id);
    expect(serverBookings(upstream.dbPath)).toHaveLength(1);
  });

  it('a lost answer for a free cached slot is unknown to the customer too, then sent once', async () => {
    core = await startCore(`${temp.dir}/kiosk`, upstream.proxy.url, { clock, mirrorDays: 2 });
    const c = core;
    await warmUp(c, clock);
    const any = await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
    const slot = any.timeSlots.find((s) => s.available && s.employeeId !== undefined);
    if (!slot?.employeeId) throw new Error('no free slot');
    upstream.proxy.setMode('drop');
    const result = await c.api.createBooking(
      bookingRequest(
        { date: DATE, serviceId: SERVICE, employeeId: slot.employeeId, time: slot.time },
        2,
      ),
    );
    expect(result.state).toBe('unknown');
    upstream.proxy.setMode('pass');
    const session = await openStaffSession(c);
    await until(async () => {
      await c.replayer.runOnce();
      return (await c.api.listBookings({ session }))[0]?.state === 'sent';
    }, 20_000);
    expect(serverBookings(upstream.dbPath)).toHaveLength(1);
  });
});
