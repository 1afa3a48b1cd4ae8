/**
 * What a customer's booking tells the rest of the kiosk, through the real core and the reference
 * server behind the fault proxy, on a manual clock: the status bar hears what the booking's
 * request taught the kiosk (contact, a refused key), a first refused key pauses the queue so it
 * spends no request on it, a booking queued offline reaches the counter screen at once, the
 * API's yes wins over a stale cache, and "now" for the offline checks is the API's clock.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import type { KioskEvent, SyncStatus } from '../../../shared/kiosk-api';
import {
  bookingRequest,
  corePerTest,
  goOffline,
  kioskFailure as failure,
  revokeKeys,
  serverBookings,
  type UpstreamFixture,
} from '../../support/core/harness';
import { manualClock, type ManualClock } from '../../support/core/manual-clock';
import { openStaffSession } from '../../support/core/staff';

const DATE = '2026-11-24'; // Tuesday: Anna 09-18
const SERVICE = 'svc-damen-schnitt'; // 45 minutes
const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z'); // 10:00 in Berlin

const openRig = corePerTest('fd-booking-told-');

interface Rig {
  c: KioskCoreInternals;
  up: UpstreamFixture;
  clock: ManualClock;
  /** The last status the subscribers heard. */
  lastStatus: () => SyncStatus | undefined;
  events: KioskEvent[];
}

async function open(clock: ManualClock = manualClock(MONDAY_1000)): Promise<Rig> {
  const { core, upstream } = await openRig(clock, { mirrorDays: 2 });
  const events: KioskEvent[] = [];
  // As the counter screen does: booking events come with a live staff session.
  const session = await openStaffSession(core);
  core.events.subscribe((event) => events.push(event), { session: () => session });
  const lastStatus = () =>
    events.filter((e): e is Extract<KioskEvent, { type: 'status' }> => e.type === 'status').at(-1)
      ?.status;
  return { c: core, up: upstream, clock, lastStatus, events };
}

/** Anna's free times on Tuesday, fetched live (and so cached). */
async function annaSlots(c: KioskCoreInternals, fresh = false): Promise<string[]> {
  const day = await c.api.getTimeSlots({
    date: DATE,
    serviceId: SERVICE,
    employeeId: 'emp-anna',
    fresh,
  });
  return day.timeSlots.filter((s) => s.available).map((s) => s.time);
}
/** Anna's first free time, booked through the kiosk, and her day fetched again: cached as taken. */
async function bookedAndRecached(c: KioskCoreInternals): Promise<string> {
  const [time] = await annaSlots(c);
  expect((await c.api.createBooking(annaAt(time!, 1))).state).toBe('sent');
  await annaSlots(c, true);
  return time!;
}
/** The day's first free time and its last: far enough apart that one booking leaves the other free. */
function twoApart(times: string[]): { taken: string; free: string } {
  const [taken, free] = [times[0], times.at(-1)];
  if (!taken || !free || taken === free) throw new Error('Anna has no two free times');
  return { taken, free };
}
const annaAt = (time: string, n: number) =>
  bookingRequest({ date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time }, n);

async function states(c: KioskCoreInternals): Promise<string[]> {
  const list = await c.api.listBookings({ session: await openStaffSession(c) });
  return list.map((b) => `${b.request.time} ${b.state}`).sort();
}

describe('what a booking tells the status bar', () => {
  it('a booking the API refuses still counts as contact: subscribers hear the new last sync', async () => {
    const { c, clock, lastStatus, events } = await open();
    const [time] = await annaSlots(c);
    clock.advance(60_000);
    expect((await c.api.createBooking(annaAt(time!, 1))).state).toBe('sent');
    clock.advance(60_000);
    expect((await failure(c.api.createBooking(annaAt(time!, 2)))).code).toBe('slot_taken');
    expect(lastStatus()?.lastSyncAt).toBe(new Date(MONDAY_1000 + 120_000).toISOString());
    // The refused one was dropped (`booking.dropped`): no booking event for an entry that is gone.
    expect(events.filter((e) => e.type === 'booking')).toHaveLength(1);
  });

  it('a refused key on a booking the cache calls taken: refused, the status says paused, and the queue spends no request', async () => {
    const { c, up, clock, lastStatus } = await open();
    const { taken, free } = twoApart(await annaSlots(c));
    expect((await c.api.createBooking(annaAt(taken, 1))).state).toBe('sent');
    up.proxy.setMode('500');
    expect((await c.api.createBooking(annaAt(free, 2))).state).toBe('queued');
    up.proxy.setMode('pass');
    revokeKeys(up.dbPath);
    const refused = await failure(c.api.createBooking(annaAt(taken, 3)));
    expect(refused).toMatchObject({ code: 'slot_taken', message: 'this slot is not free' });
    expect(lastStatus()?.mode).toBe('paused');
    clock.advance(5_000); // past the 5xx's backoff: the queued booking is due
    const requests = up.proxy.requests();
    await c.replayer.runOnce();
    expect(up.proxy.requests()).toBe(requests);
    expect(await states(c)).toEqual([`${taken} sent`, `${free} queued`]);
  });

  it('no answer on a booking the cache calls taken leaves the queue running', async () => {
    const { c, up, clock } = await open();
    const { taken, free } = twoApart(await annaSlots(c));
    expect((await c.api.createBooking(annaAt(taken, 1))).state).toBe('sent');
    up.proxy.setMode('500');
    expect((await c.api.createBooking(annaAt(free, 2))).state).toBe('queued');
    expect((await failure(c.api.createBooking(annaAt(taken, 3)))).code).toBe('slot_taken');
    up.proxy.setMode('pass');
    clock.advance(5_000); // past the 5xx's backoff: the queued booking is due
    await c.replayer.runOnce();
    expect(await states(c)).toEqual([`${taken} sent`, `${free} sent`]);
  });

  it('the first refused key on a booking of a free slot queues it, held, and pauses the queue', async () => {
    const { c, up, clock, lastStatus } = await open();
    const [time] = await annaSlots(c);
    revokeKeys(up.dbPath);
    expect((await c.api.createBooking(annaAt(time!, 1))).state).toBe('queued');
    expect(lastStatus()).toMatchObject({ mode: 'paused', queued: 1 });
    clock.advance(5_000); // past the 401's backoff: were the queue running, the booking would be due
    const requests = up.proxy.requests();
    await c.replayer.runOnce();
    expect(up.proxy.requests()).toBe(requests);
    expect(await states(c)).toEqual([`${time} queued`]);
  });
});

describe('a booking queued offline', () => {
  it('reaches subscribers at once: the queued booking, then the count', async () => {
    const { c, up, events, lastStatus } = await open();
    const [time] = await annaSlots(c);
    await goOffline(c, up, SERVICE);
    events.length = 0;
    const queued = await c.api.createBooking(annaAt(time!, 1));
    expect(queued.state).toBe('queued');
    expect(events.find((e) => e.type === 'booking')).toMatchObject({
      booking: { localId: queued.localId, state: 'queued' },
    });
    expect(lastStatus()?.queued).toBe(1);
  });

  it('a queued booking the replay sends reaches subscribers as sent, then the count', async () => {
    const { c, up, clock, events, lastStatus } = await open();
    const [time] = await annaSlots(c);
    up.proxy.setMode('500');
    const queued = await c.api.createBooking(annaAt(time!, 1));
    expect(queued.state).toBe('queued');
    up.proxy.setMode('pass');
    events.length = 0;
    clock.advance(60_000); // past the retry's backoff
    await c.replayer.runOnce();
    const told = events.flatMap((e) =>
      e.type === 'booking' ? [`${e.booking.localId} ${e.booking.state}`] : [],
    );
    expect(told).toEqual([`${queued.localId} sending`, `${queued.localId} sent`]);
    expect(lastStatus()?.queued).toBe(0);
  });

  it('is refused, and told why, when the cached day says no: taken, off the grid, or not cached', async () => {
    const { c, up } = await open();
    const time = await bookedAndRecached(c);
    await goOffline(c, up, SERVICE);
    expect(await failure(c.api.createBooking(annaAt(time, 2)))).toMatchObject({
      code: 'slot_taken',
      message: 'this slot is not free',
    });
    expect(await failure(c.api.createBooking(annaAt('09:07', 3)))).toMatchObject({
      code: 'invalid_request',
      message: 'this time is not on the slot grid of the cached day',
    });
    const wednesday = { ...annaAt(time, 4), date: '2026-11-25' };
    expect(await failure(c.api.createBooking(wednesday))).toMatchObject({
      code: 'unavailable',
      message: 'this day is not cached and the API is unreachable',
    });
    expect(await states(c)).toEqual([`${time} sent`]);
  });

  it("is judged by the API's clock: a time past there is refused as past, though the kiosk's clock is behind", async () => {
    // The kiosk's clock is two hours behind the API's: 10:00 here, 12:00 there.
    const clock = Object.assign(manualClock(MONDAY_1000), {
      server: () => clock.now() + 2 * 3_600_000,
    });
    const { c, up } = await open(clock);
    const monday = await c.api.getTimeSlots({
      date: '2026-11-23',
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    const eleven = monday.timeSlots.find((s) => s.time === '11:00');
    expect(eleven?.available).toBe(false); // past for the API
    await goOffline(c, up, SERVICE);
    const refused = await failure(
      c.api.createBooking(
        bookingRequest(
          { date: '2026-11-23', serviceId: SERVICE, employeeId: 'emp-anna', time: '11:00' },
          1,
        ),
      ),
    );
    expect(refused.code).toBe('invalid_input');
  });
});

describe('the API decides', () => {
  it('a refusal costs one more request only when it may mean a taken slot of a known service and person', async () => {
    const { c, up } = await open();
    await c.api.getCatalog({});
    const [time] = await annaSlots(c);
    /** The requests a refused booking spent, and what the customer heard. */
    const refusal = async (request: ReturnType<typeof annaAt>) => {
      const before = up.proxy.requests();
      const { code } = await failure(c.api.createBooking(request));
      return { code, requests: up.proxy.requests() - before };
    };
    expect((await c.api.createBooking(annaAt(time!, 1))).state).toBe('sent');
    // 409 says "taken" itself; a 404 for a person the catalog lacks cannot be a taken slot.
    expect(await refusal(annaAt(time!, 2))).toEqual({ code: 'slot_taken', requests: 1 });
    expect(await refusal({ ...annaAt(time!, 3), employeeId: 'emp-nope' })).toEqual({
      code: 'not_found',
      requests: 1,
    });
    // A 400 for a known service and person: the day's slots are asked; the time is not there.
    expect(await refusal(annaAt('10:07', 4))).toEqual({ code: 'invalid_request', requests: 2 });
  });

  it('a booking the API accepts is sent, though the cached day (since freed) called the slot taken', async () => {
    const { c, up } = await open();
    const time = await bookedAndRecached(c);
    // The shop cancels it at the API: the slot is free again, the cache does not know.
    const db = new Database(up.dbPath);
    db.prepare('delete from bookings').run();
    db.close();
    expect(serverBookings(up.dbPath)).toHaveLength(0);
    const again = await c.api.createBooking(annaAt(time, 2));
    expect(again.state).toBe('sent');
    expect(serverBookings(up.dbPath)).toHaveLength(1);
  });
});
