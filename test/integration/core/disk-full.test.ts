/**
 * Issue 17, case 5: a full disk during the round trip. The real core on real SQLite, whose
 * durable commits fail with SQLITE_FULL while the injected fault says so (platform/disk-full.ts), and
 * the real reference server behind the fault proxy. Each test asserts what the customer and staff
 * are told and what the API ends up with.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { freeSlots } from '../../support/core/crash-run';
import {
  CORE_TEST_KEY,
  bookingRequest,
  kioskFailure,
  makeTempDir,
  serverBookings,
  startCore,
  startUpstream,
  type UpstreamFixture,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

const SERVICE = 'svc-bart';

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let core: KioskCoreInternals | null = null;
let dataDir: string;
/** Whether the kiosk's disk is full now (read by the fault at each durable commit). */
let diskFull: () => boolean = () => false;

beforeEach(async () => {
  temp = makeTempDir('fd-disk-');
  upstream = await startUpstream(temp.dir, { rateLimit: { perMinute: 6000, perDay: 100_000 } });
  dataDir = join(temp.dir, 'kiosk');
  diskFull = () => false;
});

afterEach(async () => {
  await core?.close();
  core = null;
  await upstream.close();
  temp.remove();
});

async function openCore(): Promise<KioskCoreInternals> {
  core = await startCore(dataDir, upstream.proxy.url, { diskFull: () => diskFull() });
  return core;
}

/** The outbox rows as they are on disk (not as the core shows them). */
function rowsOnDisk(): { localId: string; state: string; bookingId: string | null }[] {
  const db = new Database(join(dataDir, 'kiosk.db'), { readonly: true });
  try {
    return (
      db.prepare('select local_id as localId, state, booking from outbox').all() as {
        localId: string;
        state: string;
        booking: string | null;
      }[]
    ).map((r) => ({
      localId: r.localId,
      state: r.state,
      bookingId: r.booking ? (JSON.parse(r.booking) as { bookingId: string }).bookingId : null,
    }));
  } finally {
    db.close();
  }
}

async function slot(n = 0) {
  const slots = await freeSlots(upstream.server.url, n + 1);
  const found = slots[n];
  if (!found) throw new Error('no free slot');
  return { ...found, serviceId: SERVICE };
}

/**
 * The API books a booking, its answer is lost, and the disk fills meanwhile: the customer is told
 * `unknown` and the entry stays `sending` on disk. The API answers again; the disk stays full.
 */
async function lostAnswerOnFullDisk(n: number) {
  const c = await openCore();
  const taken = await slot();
  await c.api.getCatalog({}); // the service's duration is known before the answers go
  upstream.proxy.setMode('drop');
  diskFull = () => serverBookings(upstream.dbPath).length > 0;
  const result = await c.api.createBooking(bookingRequest(taken, n));
  expect(result.state).toBe('unknown'); // never "taken", never "sent"
  upstream.proxy.setMode('pass');
  return { c, result };
}

describe('a full disk during the round trip', () => {
  it('an answer that arrives while the disk is full is told to the customer and stored once space returns, sent once', async () => {
    const c = await openCore();
    // The disk fills once the API has booked: the kiosk cannot write its answer.
    diskFull = () => serverBookings(upstream.dbPath).length > 0;
    const result = await c.api.createBooking(bookingRequest(await slot(), 1));

    const onServer = serverBookings(upstream.dbPath);
    expect(onServer).toHaveLength(1);
    // The customer: booked, with the API's booking (it exists).
    expect(result.state).toBe('sent');
    expect(result.booking?.bookingId).toBe(onServer[0]?.id);
    // Staff: "Disk full" in the status; the booking as the API answered it.
    expect((await c.api.getSyncStatus({})).storage).toBe('full');
    const session = await openStaffSession(c);
    const [listed] = await c.api.listBookings({ session });
    expect(listed).toMatchObject({ state: 'sent', booking: { bookingId: onServer[0]?.id } });
    expect(rowsOnDisk()).toEqual([{ localId: result.localId, state: 'sending', bookingId: null }]);

    // Space returns: Sync now stores the held answer; nothing is sent again.
    diskFull = () => false;
    const synced = await c.api.syncNow({ session });
    expect(synced.storage).toBe('ok');
    expect(rowsOnDisk()).toEqual([
      { localId: result.localId, state: 'sent', bookingId: onServer[0]?.id ?? 'missing' },
    ]);
    await c.replayer.runOnce();
    expect(serverBookings(upstream.dbPath)).toHaveLength(1);
  });

  it('Sync now stores a held answer at once, with the API away: the disk is tried first', async () => {
    const c = await openCore();
    diskFull = () => serverBookings(upstream.dbPath).length > 0;
    const taken = await slot();
    const result = await c.api.createBooking(bookingRequest(taken, 9));
    expect(result.state).toBe('sent');
    const session = await openStaffSession(c);
    // The API goes away, and a customer's lookup finds it so: the kiosk is offline.
    upstream.proxy.setMode('down');
    await expect(
      c.api.getTimeSlots({ date: taken.date, serviceId: SERVICE, fresh: true }),
    ).rejects.toThrow(/neither live nor cached/);
    expect((await c.api.getSyncStatus({})).online).toBe(false);
    diskFull = () => false;
    const synced = await c.api.syncNow({ session });
    expect(synced.report.result).toBe('offline');
    expect(synced.storage).toBe('ok');
    const onServer = serverBookings(upstream.dbPath);
    expect(rowsOnDisk()).toEqual([
      { localId: result.localId, state: 'sent', bookingId: onServer[0]?.id ?? 'missing' },
    ]);
  });

  it('the held answer is written by the storage retry on its own once space returns', async () => {
    const c = await openCore();
    diskFull = () => serverBookings(upstream.dbPath).length > 0;
    const result = await c.api.createBooking(bookingRequest(await slot(), 2));
    expect(result.state).toBe('sent');
    const statuses: (string | undefined)[] = [];
    c.events.subscribe((event) => {
      if (event.type === 'status') statuses.push(event.status.storage);
    });
    diskFull = () => false;
    // The retry runs every 5 s while the disk is full.
    await expect.poll(() => rowsOnDisk()[0]?.state, { timeout: 8_000, interval: 100 }).toBe('sent');
    expect(statuses).toContain('ok');
    expect(serverBookings(upstream.dbPath)).toHaveLength(1);
  });

  it('nothing stored, nothing promised: a booking the disk cannot take is refused before it is sent', async () => {
    const c = await openCore();
    diskFull = () => true;
    const failure = await kioskFailure(c.api.createBooking(bookingRequest(await slot(), 3)));
    expect(failure.code).toBe('storage_full');
    expect(failure.message).toMatch(/could not be stored/);
    expect(serverBookings(upstream.dbPath)).toHaveLength(0); // the API never heard of it
    expect(upstream.proxy.upstreamStatuses()[201]).toBeUndefined();
    expect((await c.api.getSyncStatus({})).storage).toBe('full');
    expect(rowsOnDisk()).toEqual([]);

    diskFull = () => false;
    const retried = await c.api.createBooking(bookingRequest(await slot(), 3));
    expect(retried.state).toBe('sent');
    expect((await c.api.getSyncStatus({})).storage).toBe('ok');
  });

  it('an entry left sending by a full disk: Discard works on it once space returns', async () => {
    const c = await openCore();
    const taken = await slot();
    // Someone else books the slot at the API: the kiosk's request is refused (409) while the
    // disk is full, so its entry cannot be removed and stays `sending` on disk.
    const other = await request(`${upstream.server.url}/api/public/booking/book`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${CORE_TEST_KEY}`,
        'content-type': 'application/json',
        'idempotency-key': 'someone-else-1',
      },
      body: JSON.stringify(bookingRequest(taken, 90)),
    });
    expect(other.statusCode).toBe(201);
    await other.body.dump();
    // The disk fills once the API refused the kiosk's request.
    diskFull = () => (upstream.proxy.upstreamStatuses()[409] ?? 0) > 0;
    const failure = await kioskFailure(c.api.createBooking(bookingRequest(taken, 4)));
    expect(failure.code).toBe('slot_taken'); // what the customer hears: the truth, nothing booked
    const [stuck] = rowsOnDisk();
    expect(stuck?.state).toBe('sending');

    diskFull = () => false;
    const session = await openStaffSession(c);
    const [listed] = await c.api.listBookings({ session });
    expect(listed?.state).toBe('sending');
    const discarded = await c.api.discardBooking({ session, localId: stuck?.localId ?? '' });
    expect(discarded.state).toBe('discarded');
    expect(rowsOnDisk()[0]?.state).toBe('discarded');
    await c.replayer.runOnce();
    // The API holds only the other customer's booking.
    expect(serverBookings(upstream.dbPath)).toHaveLength(1);
  });

  it('an entry left sending by a full disk: Sync now sends it again under its key', async () => {
    const { c, result } = await lostAnswerOnFullDisk(5);
    diskFull = () => false;
    const session = await openStaffSession(c);
    await c.api.syncNow({ session });
    await c.replayer.runOnce();
    const rows = rowsOnDisk();
    const onServer = serverBookings(upstream.dbPath);
    expect(onServer).toHaveLength(1);
    expect(rows).toEqual([
      { localId: result.localId, state: 'sent', bookingId: onServer[0]?.id ?? 'missing' },
    ]);
  });
  it('staff Retry on an answer held for disk space stores it at once when space is back; nothing is sent again', async () => {
    const c = await openCore();
    diskFull = () => serverBookings(upstream.dbPath).length > 0;
    const result = await c.api.createBooking(bookingRequest(await slot(), 6));
    expect(result.state).toBe('sent');
    const session = await openStaffSession(c);
    // Still full: the answer stays held, the booking shows as the API answered it.
    const stillHeld = await c.api.retryBooking({ session, localId: result.localId });
    expect(stillHeld.state).toBe('sent');
    expect(rowsOnDisk()[0]?.state).toBe('sending');
    diskFull = () => false;
    const stored = await c.api.retryBooking({ session, localId: result.localId });
    expect(stored.state).toBe('sent');
    const onServer = serverBookings(upstream.dbPath);
    expect(rowsOnDisk()).toEqual([
      { localId: result.localId, state: 'sent', bookingId: onServer[0]?.id ?? 'missing' },
    ]);
    expect(onServer).toHaveLength(1);
  });

  it('an entry left sending by a full disk: Sync now while still full changes nothing; staff Retry later sends it under its key', async () => {
    const { c, result } = await lostAnswerOnFullDisk(7);
    const session = await openStaffSession(c);
    // The disk is still full: Sync now cannot move the entry back to the queue, and says so
    // in the status rather than failing.
    const synced = await c.api.syncNow({ session });
    expect(synced.storage).toBe('full');
    expect(rowsOnDisk()[0]?.state).toBe('sending');

    diskFull = () => false;
    const retried = await c.api.retryBooking({ session, localId: result.localId });
    expect(retried.state).toBe('queued');
    await c.replayer.runOnce();
    const onServer = serverBookings(upstream.dbPath);
    expect(onServer).toHaveLength(1);
    expect(rowsOnDisk()).toEqual([
      { localId: result.localId, state: 'sent', bookingId: onServer[0]?.id ?? 'missing' },
    ]);
  });

  it('an entry left sending by a full disk: Discard on a still-full disk says so; Undo after space returns queues it under its key', async () => {
    const { c, result } = await lostAnswerOnFullDisk(8);
    const session = await openStaffSession(c);
    // Still full: staff hear why nothing changed.
    const refused = await kioskFailure(c.api.discardBooking({ session, localId: result.localId }));
    expect(refused.code).toBe('storage_full');
    expect(rowsOnDisk()[0]?.state).toBe('sending');

    diskFull = () => false;
    expect((await c.api.discardBooking({ session, localId: result.localId })).state).toBe(
      'discarded',
    );
    expect((await c.api.restoreBooking({ session, localId: result.localId })).state).toBe('queued');
    // It waits in the queue (its key and its backoff kept): Sync now sends it.
    await c.api.syncNow({ session });
    const onServer = serverBookings(upstream.dbPath);
    expect(onServer).toHaveLength(1);
    expect(rowsOnDisk()).toEqual([
      { localId: result.localId, state: 'sent', bookingId: onServer[0]?.id ?? 'missing' },
    ]);
  });
});
