/**
 * Issue 9: staff undo a discard within UNDO_DISCARD_MS (the booking returns to the state it
 * had), and a rejected booking booked again links to its new booking (kept across a restart)
 * and can no longer be retried or discarded. Real SQLite, the real server through the proxy.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemTimers, type Clock } from '../../../electron/core/platform/clock';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import type { BookingRequest, TimeSlot } from '../../../shared/api/schemas';
import { UNDO_DISCARD_MS } from '../../../shared/kiosk-api';
import {
  MONDAY_0830,
  bookingRequest,
  makeTempDir,
  startCore,
  startUpstream,
  until,
  type UpstreamFixture,
  kioskFailure as failure,
  bookAtApi,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

const DATE = '2026-11-24';
const SERVICE = 'svc-damen-schnitt';

function movableClock(): Clock & { server: () => number; jump(ms: number): void } {
  let offset = MONDAY_0830 - Date.now();
  const now = () => Date.now() + offset;
  return { ...systemTimers, now, server: now, jump: (ms) => void (offset += ms) };
}

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let core: KioskCoreInternals | null = null;
let clock: ReturnType<typeof movableClock>;

beforeEach(async () => {
  temp = makeTempDir('fd-rebook-');
  clock = movableClock();
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

const openCore = async (): Promise<KioskCoreInternals> => {
  core = await startCore(join(temp.dir, 'kiosk'), upstream.proxy.url, { clock, mirrorDays: 2 });
  return core;
};

async function freeSlots(c: KioskCoreInternals): Promise<(TimeSlot & { employeeId: string })[]> {
  await c.api.getCatalog({});
  const { timeSlots } = await c.api.getTimeSlots({
    date: DATE,
    serviceId: SERVICE,
    employeeId: 'emp-anna',
    fresh: true,
  });
  return timeSlots.filter(
    (s): s is TimeSlot & { employeeId: string } => s.available && s.employeeId !== undefined,
  );
}

/** A booking queued while the API fails, whose slot someone else takes before it is sent. */
async function rejectedBooking(
  c: KioskCoreInternals,
  slot: TimeSlot & { employeeId: string },
  n: number,
): Promise<string> {
  upstream.proxy.setMode('500');
  const request = bookingRequest(
    { date: DATE, time: slot.time, serviceId: SERVICE, employeeId: slot.employeeId },
    n,
  );
  const queued = await c.api.createBooking(request);
  expect(queued.state).toBe('queued');
  expect(await bookAtApi(upstream, request, `other${n}@example.com`)).toBe(201);
  upstream.proxy.setMode('pass');
  await until(async () => {
    await c.replayer.runOnce();
    return c.api
      .listBookings({ session: await openStaffSession(c) })
      .then((list) => list.find((b) => b.localId === queued.localId)?.state === 'rejected');
  }, 10_000);
  return queued.localId;
}

describe('discard with undo, rebook with a link', () => {
  it('a discard can be undone within the window, back to the state it had; later it cannot', async () => {
    const c = await openCore();
    const session = await openStaffSession(c);
    const slots = await freeSlots(c);
    const rejected = await rejectedBooking(c, slots[0]!, 1);

    expect((await c.api.discardBooking({ session, localId: rejected })).state).toBe('discarded');
    expect((await c.api.restoreBooking({ session, localId: rejected })).state).toBe('rejected');
    // Undo once only: a second restore finds nothing to undo.
    expect((await failure(c.api.restoreBooking({ session, localId: rejected }))).code).toBe(
      'invalid_request',
    );

    await c.api.discardBooking({ session, localId: rejected });
    clock.jump(UNDO_DISCARD_MS + 1_000);
    expect((await failure(c.api.restoreBooking({ session, localId: rejected }))).code).toBe(
      'invalid_request',
    );
    const [after] = (await c.api.listBookings({ session: await openStaffSession(c) })).filter(
      (b) => b.localId === rejected,
    );
    expect(after?.state).toBe('discarded');
  });

  it('a restored queued booking is sent; without a staff session restore is refused', async () => {
    const c = await openCore();
    const session = await openStaffSession(c);
    const [slot] = await freeSlots(c);
    upstream.proxy.setMode('500');
    const queued = await c.api.createBooking(
      bookingRequest(
        { date: DATE, time: slot!.time, serviceId: SERVICE, employeeId: slot!.employeeId },
        2,
      ),
    );
    await c.api.discardBooking({ session, localId: queued.localId });
    expect(
      (await failure(c.api.restoreBooking({ session: 'x'.repeat(32), localId: queued.localId })))
        .code,
    ).toBe('unauthorized');
    expect((await c.api.restoreBooking({ session, localId: queued.localId })).state).toBe('queued');
    upstream.proxy.setMode('pass');
    await until(async () => {
      await c.replayer.runOnce();
      return (
        (await c.api.listBookings({ session })).find((b) => b.localId === queued.localId)?.state ===
        'sent'
      );
    }, 10_000);
  });

  it('a rejected booking booked again links to the new one, loses retry and discard, and keeps the link after a restart', async () => {
    const c = await openCore();
    const session = await openStaffSession(c);
    const slots = await freeSlots(c);
    const rejected = await rejectedBooking(c, slots[0]!, 3);
    const later = slots[slots.length - 1]!;
    const again = await c.api.createBooking(
      bookingRequest(
        { date: DATE, time: later.time, serviceId: SERVICE, employeeId: later.employeeId },
        3,
      ),
    );
    expect(again.state).toBe('sent');

    // Only a rejected booking can be linked, and only to a booking of this kiosk.
    expect(
      (
        await failure(
          c.api.linkRebooking({ session, localId: again.localId, rebookedAs: rejected }),
        )
      ).code,
    ).toBe('invalid_request');
    expect(
      (
        await failure(
          c.api.linkRebooking({ session, localId: rejected, rebookedAs: 'no-such-booking' }),
        )
      ).code,
    ).toBe('not_found');
    // Not booked again as itself.
    expect(
      (await failure(c.api.linkRebooking({ session, localId: rejected, rebookedAs: rejected })))
        .code,
    ).toBe('invalid_request');
    expect(
      (await c.api.linkRebooking({ session, localId: rejected, rebookedAs: again.localId }))
        .rebookedAs,
    ).toBe(again.localId);
    expect((await failure(c.api.retryBooking({ session, localId: rejected }))).code).toBe(
      'invalid_request',
    );
    expect((await failure(c.api.discardBooking({ session, localId: rejected }))).code).toBe(
      'invalid_request',
    );

    await c.close();
    core = null;
    const reopened = await openCore();
    const list = await reopened.api.listBookings({ session: await openStaffSession(reopened) });
    expect(list.find((b) => b.localId === rejected)).toMatchObject({
      state: 'rejected',
      rebookedAs: again.localId,
    });
    expect(list.find((b) => b.localId === again.localId)?.rebookedAs).toBeNull();
  });
  it('issue 38 item 15: a rebooking links only a booking for the same customer (name and e-mail or phone), refused in the core otherwise', async () => {
    const c = await openCore();
    const session = await openStaffSession(c);
    const slots = await freeSlots(c);
    const rejected = await rejectedBooking(c, slots[0]!, 4);
    // Three later times an hour apart, so that the 45-minute bookings do not overlap.
    const minutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    const apart: typeof slots = [];
    for (const slot of slots.slice(1).reverse())
      if (apart.every((taken) => minutes(taken.time) - minutes(slot.time) >= 60)) apart.push(slot);
    const [latest, later, late] = apart;
    const book = (slot: TimeSlot & { employeeId: string }, customer: BookingRequest['customer']) =>
      c.api.createBooking({
        ...bookingRequest(
          { date: DATE, time: slot.time, serviceId: SERVICE, employeeId: slot.employeeId },
          4,
        ),
        customer,
      });
    // The next walk-in, booked from the rebooking screen: another customer, not linked.
    const walkIn = await book(latest!, {
      name: 'Jonas Weber',
      email: 'jonas.weber@example.com',
      phone: '+49 30 7654321',
    });
    const refused = await failure(
      c.api.linkRebooking({ session, localId: rejected, rebookedAs: walkIn.localId }),
    );
    expect(refused).toMatchObject({
      code: 'invalid_request',
      message: 'a booking for another customer is not a rebooking',
    });
    // A namesake with other contacts is someone else too.
    const namesake = await book(later!, {
      name: 'Test Customer 4',
      email: 'someone.else@example.com',
      phone: '+49 40 999999',
    });
    expect(
      (
        await failure(
          c.api.linkRebooking({ session, localId: rejected, rebookedAs: namesake.localId }),
        )
      ).code,
    ).toBe('invalid_request');
    const unlinked = await c.api.listBookings({ session });
    expect(unlinked.find((b) => b.localId === rejected)?.rebookedAs).toBeNull();

    // The same customer as staff retype them (case, spaces, one contact corrected): linked.
    const again = await book(late!, {
      name: '  test  CUSTOMER 4 ',
      email: 'Customer4@Example.com',
      phone: '0049 30 555 0199',
    });
    expect(
      (await c.api.linkRebooking({ session, localId: rejected, rebookedAs: again.localId }))
        .rebookedAs,
    ).toBe(again.localId);
  });
});
