/**
 * The staff actions of the engine through the real core against the reference server: Retry
 * (a new idempotency key after a clean refusal, the same key after a lost answer), Discard (not
 * for a booking that is sent), and "Sync now" resuming a queue paused for a refused key.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import type { LocalBooking } from '../../../shared/kiosk-api';
import type { TimeSlot } from '../../../shared/api/schemas';
import {
  MONDAY_0830,
  bookingRequest,
  corePerTest,
  firstFree,
  kioskFailure as failure,
  offsetClock,
  serverBookings,
  type startCore,
  until,
  type UpstreamFixture,
  bookAtApi,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

const DATE = '2026-11-24'; // Tuesday: Anna 09-18, Mehmet 11-20
const SERVICE = 'svc-damen-schnitt'; // 45 minutes

const clock = offsetClock(MONDAY_0830);
const openRig = corePerTest('fd-engine-staff-');
let dataDir = '';

/** Staff's side of the kiosk API, each call with a staff session opened as staff would. */
interface Staff {
  list(): Promise<LocalBooking[]>;
  retry(localId: string): Promise<LocalBooking>;
  discard(localId: string): Promise<LocalBooking>;
  restore(localId: string): Promise<LocalBooking>;
  syncNow(): ReturnType<KioskCoreInternals['api']['syncNow']>;
}

async function staffOf(c: KioskCoreInternals): Promise<Staff> {
  const session = await openStaffSession(c);
  return {
    // async: the transports await each call, so a failure thrown at once arrives as a rejection.
    list: async () => c.api.listBookings({ session }),
    retry: async (localId) => c.api.retryBooking({ session, localId }),
    discard: async (localId) => c.api.discardBooking({ session, localId }),
    restore: async (localId) => c.api.restoreBooking({ session, localId }),
    syncNow: async () => c.api.syncNow({ session }),
  };
}

async function open(
  options: Parameters<typeof startCore>[2] = {},
): Promise<{ c: KioskCoreInternals; up: UpstreamFixture; staff: Staff }> {
  const { core, upstream, dataDir: dir } = await openRig(clock, { mirrorDays: 2, ...options });
  dataDir = dir;
  return { c: core, up: upstream, staff: await staffOf(core) };
}

async function freeSlot(c: KioskCoreInternals): Promise<TimeSlot & { employeeId: string }> {
  return firstFree(
    (await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, employeeId: 'emp-anna' }))
      .timeSlots,
  );
}

function serverSql(up: UpstreamFixture, sql: string, ...params: unknown[]): void {
  const db = new Database(up.dbPath);
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

function outboxKey(localId: string): string {
  const db = new Database(join(dataDir, 'kiosk.db'), { readonly: true });
  try {
    return (
      db.prepare('select idempotency_key as k from outbox where local_id = ?').get(localId) as {
        k: string;
      }
    ).k;
  } finally {
    db.close();
  }
}

/** Queues a booking of `slot` while the API answers 500 (a clean failure), then lets it pass. */
async function queuedBooking(
  c: KioskCoreInternals,
  up: UpstreamFixture,
  slot: { time: string },
  n: number,
): Promise<string> {
  up.proxy.setMode('500');
  const result = await c.api.createBooking(
    bookingRequest({ date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: slot.time }, n),
  );
  expect(result.state).toBe('queued');
  up.proxy.setMode('pass');
  return result.localId;
}

/**
 * A booking queued while the API answers 500 on a running core, discarded between two of the
 * loop's attempts (nothing is due: the loop sleeps); then the API passes again.
 */
async function discardedWhileTheLoopSleeps(n: number) {
  const { c, up, staff } = await open({ autoStart: true });
  const slot = await freeSlot(c);
  up.proxy.setMode('500');
  const result = await c.api.createBooking(
    bookingRequest({ date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: slot.time }, n),
  );
  expect(result.state).toBe('queued');
  await until(
    () =>
      staff.discard(result.localId).then(
        () => true,
        () => false,
      ),
    20_000,
  );
  up.proxy.setMode('pass');
  return { up, staff, localId: result.localId };
}

describe('Retry', () => {
  it('after a clean refusal sends under a new key: the API answers afresh instead of replaying its refusal', async () => {
    const { c, up, staff } = await open();
    const slot = await freeSlot(c);
    const localId = await queuedBooking(c, up, slot, 1);
    // Someone else takes the slot; the replay is refused (409) and the booking ends rejected.
    const other = { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: slot.time };
    const otherEmail = 'customer99@example.com';
    expect(await bookAtApi(up, other, otherEmail)).toBe(201);
    await until(async () => {
      await c.replayer.runOnce();
      return (await staff.list())[0]?.state === 'rejected';
    }, 20_000);
    expect((await staff.list())[0]).toMatchObject({
      state: 'rejected',
      lastError: { status: 409 },
    });
    const refusedKey = outboxKey(localId);

    // The other booking is cancelled: the slot is free again, and staff press Retry.
    serverSql(
      up,
      "update bookings set status = 'cancelled' where customer_id in (select id from customers where email = ?)",
      otherEmail,
    );
    const retried = await staff.retry(localId);
    expect(retried.state).toBe('queued');
    expect(outboxKey(localId)).not.toBe(refusedKey);
    await c.replayer.runOnce();
    const [sent] = await staff.list();
    expect(sent).toMatchObject({ state: 'sent', localId });
    expect(serverBookings(up.dbPath).map((b) => b.id)).toContain(sent?.booking?.bookingId);
  });

  it('after a lost answer keeps the key, so the booking the API did create is found again', async () => {
    const { c, up, staff } = await open();
    const slot = await freeSlot(c);
    up.proxy.setMode('drop'); // the API books; its answer is lost
    const result = await c.api.createBooking(
      bookingRequest(
        { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: slot.time },
        2,
      ),
    );
    expect(result.state).toBe('unknown'); // the customer: we are checking, staff confirm
    const created = serverBookings(up.dbPath);
    expect(created).toHaveLength(1);
    // Staff are asked to check it (as after a 409 that may have been our own first request).
    const kiosk = new Database(join(dataDir, 'kiosk.db'));
    try {
      kiosk.prepare("update outbox set state = 'unknown' where local_id = ?").run(result.localId);
    } finally {
      kiosk.close();
    }
    up.proxy.setMode('pass');
    const key = outboxKey(result.localId);
    expect((await staff.retry(result.localId)).state).toBe('queued');
    expect(outboxKey(result.localId)).toBe(key);
    await c.replayer.runOnce();
    const [sent] = await staff.list();
    expect(sent).toMatchObject({ state: 'sent', booking: { bookingId: created[0]?.id } });
    expect(serverBookings(up.dbPath)).toHaveLength(1);
  });

  it('wakes the running replayer: the retried booking goes out with no other call', async () => {
    const { up, staff, localId } = await discardedWhileTheLoopSleeps(3);
    expect((await staff.retry(localId)).state).toBe('queued');
    await until(async () => (await staff.list())[0]?.state === 'sent', 20_000);
    expect(serverBookings(up.dbPath)).toHaveLength(1);
  });

  it('Undo of a discard wakes the running replayer: the restored booking goes out with no other call', async () => {
    const { up, staff, localId } = await discardedWhileTheLoopSleeps(10);
    expect((await staff.restore(localId)).state).toBe('queued');
    await until(async () => (await staff.list())[0]?.state === 'sent', 10_000);
    expect(serverBookings(up.dbPath)).toHaveLength(1);
  });

  it('leaves a sent booking as it is, and knows no unknown id', async () => {
    const { c, up, staff } = await open();
    const slot = await freeSlot(c);
    const sent = await c.api.createBooking(
      bookingRequest(
        { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: slot.time },
        4,
      ),
    );
    expect(sent.state).toBe('sent');
    const requests = up.proxy.requests();
    expect(await staff.retry(sent.localId)).toMatchObject({
      state: 'sent',
      booking: { bookingId: sent.booking?.bookingId },
    });
    await c.replayer.runOnce();
    expect(up.proxy.requests()).toBe(requests);
    expect((await failure(staff.retry('no-such-booking'))).code).toBe('not_found');
  });
});

describe('Discard', () => {
  it('refuses a sent booking; a queued one is discarded, never sent, and frees its slot', async () => {
    const { c, up, staff } = await open();
    const slot = await freeSlot(c);
    const sent = await c.api.createBooking(
      bookingRequest(
        { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: slot.time },
        5,
      ),
    );
    expect((await failure(staff.discard(sent.localId))).code).toBe('invalid_request');
    expect((await staff.list()).find((b) => b.localId === sent.localId)?.state).toBe('sent');

    const next = (
      await c.api.getTimeSlots({
        date: DATE,
        serviceId: SERVICE,
        employeeId: 'emp-anna',
        fresh: true,
      })
    ).timeSlots.find((s) => s.available && s.time >= '14:00');
    if (!next) throw new Error('no free slot');
    const localId = await queuedBooking(c, up, next, 6);
    const held = await c.api.getTimeSlots({
      date: DATE,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    expect(held.timeSlots.find((s) => s.time === next.time)?.available).toBe(false);
    expect((await staff.discard(localId)).state).toBe('discarded');
    await c.replayer.runOnce();
    expect(serverBookings(up.dbPath)).toHaveLength(1); // only the first
    const freed = await c.api.getTimeSlots({
      date: DATE,
      serviceId: SERVICE,
      employeeId: 'emp-anna',
    });
    expect(freed.timeSlots.find((s) => s.time === next.time)?.available).toBe(true);
    expect((await c.api.getSyncStatus({})).queued).toBe(0);
  });
});

describe('Sync now', () => {
  it('resumes a queue paused for a refused key once the key works again', async () => {
    const { c, up, staff } = await open();
    const slot = await freeSlot(c);
    serverSql(up, 'update api_keys set revoked_at = 1');
    const result = await c.api.createBooking(
      bookingRequest(
        { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: slot.time },
        7,
      ),
    );
    expect(result.state).toBe('queued');
    expect((await c.api.getSyncStatus({})).mode).toBe('paused');
    await c.replayer.runOnce();
    expect((await staff.list())[0]?.state).toBe('queued'); // paused: not sent

    serverSql(up, 'update api_keys set revoked_at = null'); // the key is valid again upstream
    const status = await staff.syncNow();
    expect(status.mode).toBe('enabled');
    expect((await staff.list())[0]?.state).toBe('sent');
    expect(serverBookings(up.dbPath)).toHaveLength(1);
  });

  it('online: sends at once what waits out a backoff, refreshes the mirror, and reports what it sent', async () => {
    const { c, up, staff } = await open();
    const slot = await freeSlot(c);
    const localId = await queuedBooking(c, up, slot, 8);
    const requests = up.proxy.requests();
    const status = await staff.syncNow();
    expect(status.report).toEqual({ result: 'online', sent: 1, stillQueued: 0 });
    expect((await staff.list()).find((b) => b.localId === localId)?.state).toBe('sent');
    expect(serverBookings(up.dbPath)).toHaveLength(1);
    // Beside the probe (the 500 made the kiosk offline) and the booking, the mirror asks the
    // API for what it keeps (one sweep), after the answer (issue 30: Sync now answers at once).
    await until(() => up.proxy.requests() - requests > 2, 10_000);
  });

  it('offline: asks the API once, sends nothing, and reports what still waits', async () => {
    const { c, up, staff } = await open();
    const slot = await freeSlot(c);
    up.proxy.setMode('500');
    const queued = await c.api.createBooking(
      bookingRequest(
        { date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', time: slot.time },
        9,
      ),
    );
    expect(queued.state).toBe('queued');
    up.proxy.setMode('down');
    const status = await staff.syncNow();
    expect(status.report).toEqual({ result: 'offline', sent: 0, stillQueued: 1 });
    expect(status.online).toBe(false);
    expect(serverBookings(up.dbPath)).toHaveLength(0);

    // The API is back: Sync now finds out with one request and sends at once.
    up.proxy.setMode('pass');
    const back = await staff.syncNow();
    expect(back.report).toEqual({ result: 'online', sent: 1, stillQueued: 0 });
    expect(serverBookings(up.dbPath)).toHaveLength(1);
  });
});
