/**
 * Issue 28: a time the API just refused on replay was still offered two minutes later at the
 * counter (from the slot list cached before the refusal). After a queued booking is refused as
 * taken, its time is not offered from a list fetched before the refusal (kiosk and counter ask
 * the same getTimeSlots), nor queued again offline, until a list fetched after it says
 * otherwise. Real core, real reference server behind the fault proxy.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import {
  MONDAY_0830,
  annaRequest,
  annaTuesdaySlots,
  bookAtApi,
  kioskFailure,
  makeTempDir,
  offsetClock,
  queuedAfter500,
  startCore,
  startUpstream,
  until,
  type UpstreamFixture,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

const DATE = '2026-11-24';
const SERVICE = 'svc-damen-schnitt';

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let core: KioskCoreInternals | null = null;
const clock = offsetClock(MONDAY_0830);

beforeEach(async () => {
  temp = makeTempDir('fd-refused-time-');
  upstream = await startUpstream(temp.dir, { clock: clock.server });
  // Offline, every lookup tries the API again (no probe interval to wait out in real time).
  core = await startCore(`${temp.dir}/kiosk`, upstream.proxy.url, {
    clock,
    mirrorDays: 2,
    offlineProbeMs: 1,
  });
});
afterEach(async () => {
  await core?.close();
  core = null;
  await upstream.close();
  temp.remove();
});

async function annaOffers(c: KioskCoreInternals, time: string, fresh = false) {
  const answer = await c.api.getTimeSlots({
    date: DATE,
    serviceId: SERVICE,
    employeeId: 'emp-anna',
    ...(fresh ? { fresh } : {}),
  });
  const slot = answer.timeSlots.find((s) => s.time === time);
  return { source: answer.source, offered: slot?.available === true };
}

/** Cancels every booking at the reference server (decisions.md: a cancelled booking frees its slot). */
function cancelAllAtApi(): void {
  const db = new Database(upstream.dbPath);
  try {
    db.prepare("update bookings set status = 'cancelled'").run();
  } finally {
    db.close();
  }
}

describe('a time refused as taken on replay', () => {
  it('is not offered from the list cached before the refusal, until a list fetched after it', async () => {
    const c = core!;
    const slot = (await annaTuesdaySlots(c))[4]!; // Anna's list is cached now
    const localId = await queuedAfter500(c, upstream, slot, 1);
    expect(await bookAtApi(upstream, annaRequest(slot, 2))).toBe(201); // someone else was first

    const session = await openStaffSession(c);
    await until(async () => {
      await c.replayer.runOnce();
      const bookings = await c.api.listBookings({ session });
      return bookings.some((b) => b.localId === localId && b.state === 'rejected');
    }, 15_000);

    // The counter (and the kiosk) ask again within the cache's freshness: not offered.
    expect(await annaOffers(c, slot.time)).toEqual({ source: 'cache', offered: false });
    // Nor is it queued again while the API fails (the cache's check, as offline).
    upstream.proxy.setMode('500');
    expect((await kioskFailure(c.api.createBooking(annaRequest(slot, 3)))).code).toBe('slot_taken');
    upstream.proxy.setMode('pass');

    // A list fetched after the refusal decides: the time was freed at the API.
    cancelAllAtApi();
    expect(await annaOffers(c, slot.time, true)).toEqual({ source: 'live', offered: true });
    expect(await annaOffers(c, slot.time)).toEqual({ source: 'cache', offered: true });
  });
});
