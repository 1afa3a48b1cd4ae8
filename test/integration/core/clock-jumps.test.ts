/**
 * Issue 17, case 2: time that cannot go backwards. Intervals and backoff run on the monotonic
 * clock; a queued booking is never given up while the API cannot be reached (a weekend offline,
 * the wall clock jumping +25 h or -30 h); it ends only when the API refuses it or its appointment
 * passed while it waited. Real core, real reference server behind the fault proxy.
 */
import { describe, expect, it } from 'vitest';
import { systemTimers, type Clock } from '../../../electron/core/platform/clock';
import { openStaffSession } from '../../support/core/staff';
import {
  MONDAY_0830,
  bookingRequest,
  corePerTest,
  firstFree,
  serverBookings,
  until,
} from '../../support/core/harness';

const HOUR = 3_600_000;
const THURSDAY = '2026-11-26';
const SERVICE = 'svc-damen-schnitt';

interface JumpingClock extends Clock {
  /** The API's clock (it never jumps). */
  server(): number;
  /** The kiosk's wall clock jumps; no time passes. */
  jump(ms: number): void;
  /** Time really passes, for everyone (a weekend). */
  pass(ms: number): void;
}

function jumpingClock(start: number): JumpingClock {
  const origin = Date.now();
  let jumped = 0;
  let passed = 0;
  const real = () => Date.now() - origin;
  return {
    ...systemTimers,
    now: () => start + real() + passed + jumped,
    monotonic: () => real() + passed,
    server: () => start + real() + passed,
    jump: (ms) => void (jumped += ms),
    pass: (ms) => void (passed += ms),
  };
}

const open = corePerTest('fd-jumps-');

/** A booking queued while the API answers only 500 (a clean failure: no answer was lost). */
async function queueOne(clock: JumpingClock) {
  const rig = await open(clock, { mirrorDays: 1 });
  const { core, upstream } = rig;
  const day = await core.api.getTimeSlots({ date: THURSDAY, serviceId: SERVICE });
  const slot = firstFree(day.timeSlots);
  upstream.proxy.setMode('500');
  const result = await core.api.createBooking(
    bookingRequest(
      { date: THURSDAY, serviceId: SERVICE, employeeId: slot.employeeId, time: slot.time },
      1,
    ),
  );
  expect(result.state).toBe('queued');
  return { ...rig, result };
}

async function stateOf(rig: Awaited<ReturnType<typeof queueOne>>): Promise<string | undefined> {
  const session = await openStaffSession(rig.core);
  return (await rig.core.api.listBookings({ session })).find(
    (b) => b.localId === rig.result.localId,
  )?.state;
}

async function sentOnceBack(rig: Awaited<ReturnType<typeof queueOne>>): Promise<void> {
  rig.upstream.proxy.setMode('pass');
  await until(async () => {
    await rig.core.replayer.runOnce();
    return (await stateOf(rig)) === 'sent';
  }, 20_000);
  expect(serverBookings(rig.upstream.dbPath)).toHaveLength(1);
}

describe('a queued booking and the clock', () => {
  it('a weekend offline (60 h) gives nothing up: still queued, sent once the API is back', async () => {
    const clock = jumpingClock(MONDAY_0830);
    const rig = await queueOne(clock);
    await rig.core.replayer.runOnce();
    clock.pass(60 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the backoff (max 1 s)
    await rig.core.replayer.runOnce();
    expect(await stateOf(rig)).toBe('queued');
    expect((await rig.core.api.getSyncStatus({})).queued).toBe(1);
    await sentOnceBack(rig);
  });

  it('the wall clock jumping +25 h gives nothing up and ends no appointment early', async () => {
    const clock = jumpingClock(MONDAY_0830);
    const rig = await queueOne(clock);
    clock.jump(25 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await rig.core.replayer.runOnce();
    expect(await stateOf(rig)).toBe('queued');
    await sentOnceBack(rig);
  });

  it('the wall clock jumping back 30 h pushes no retry out: the next attempt is still within the backoff', async () => {
    const clock = jumpingClock(MONDAY_0830);
    const rig = await queueOne(clock);
    await rig.core.replayer.runOnce();
    const tried = rig.upstream.proxy.requests();
    clock.jump(-30 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await rig.core.replayer.runOnce();
    expect(rig.upstream.proxy.requests()).toBeGreaterThan(tried); // tried again, not 30 h out
    expect(await stateOf(rig)).toBe('queued');
    await sentOnceBack(rig);
  });

  it('an appointment that passed while the API was away ends the booking: staff see it rejected, the API has nothing', async () => {
    const clock = jumpingClock(MONDAY_0830);
    const rig = await queueOne(clock);
    // The API gone altogether (connections refused: no request can reach it).
    await rig.upstream.proxy.close();
    clock.pass(4 * 24 * HOUR); // Friday: Thursday's appointment is gone
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await rig.core.replayer.runOnce();
    const session = await openStaffSession(rig.core);
    const [ended] = await rig.core.api.listBookings({ session });
    expect(ended?.state).toBe('rejected');
    expect(ended?.lastError?.message).toMatch(/appointment time passed/);
    await rig.core.replayer.runOnce(); // nothing left to send
    expect((await rig.core.api.getSyncStatus({})).queued).toBe(0);
    expect(serverBookings(rig.upstream.dbPath)).toHaveLength(0);
  });
});
