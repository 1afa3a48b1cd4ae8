/**
 * What staff and the counter screen are told by the staff actions (booking-admin.ts): each
 * action announces the booking's new state to subscribers (the counter's list updates from
 * these `booking` events), each refusal says why in words staff read, Retry and Undo wake the
 * running queue, and a booking whose answer may be lost (the API may hold it already) stays
 * one staff check when the API then says its slot is taken, unless staff checked it already.
 * The real core on real SQLite, the real reference server behind the fault proxy.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import type { LocalBooking } from '../../../shared/kiosk-api';
import {
  MONDAY_0830,
  annaRequest,
  annaTuesdaySlots,
  type AnnaSlot as Slot,
  corePerTest,
  kioskFailure as failure,
  offsetClock,
  queuedAfter500,
  serverBookings,
  until,
  type UpstreamFixture,
  bookAtApi,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

const clock = offsetClock(MONDAY_0830);
const openRig = corePerTest('fd-staff-told-');
/** Whether the kiosk's disk is full now (read by the injected fault at each durable commit). */
let diskFull: () => boolean = () => false;

interface Rig {
  c: KioskCoreInternals;
  up: UpstreamFixture;
  dataDir: string;
  session: string;
  /** The bookings announced to a staff subscriber (the counter screen), in order. */
  told: LocalBooking[];
  slots: Slot[];
}

async function open(autoStart = false): Promise<Rig> {
  diskFull = () => false;
  const rig = await openRig(clock, {
    mirrorDays: 2,
    autoStart,
    diskFull: () => diskFull(),
    // A "taken" after a lost answer is sent once more at once: the second refusal goes to staff.
    replayPolicy: { backoff: { baseMs: 100, capMs: 1_000 }, takenPauseMs: 0 },
  });
  const { core: c, upstream: up, dataDir } = rig;
  const session = await openStaffSession(c);
  const told: LocalBooking[] = [];
  c.events.subscribe((e) => void (e.type === 'booking' && told.push(e.booking)), {
    session: () => session,
  });
  await c.api.getCatalog({});
  const slots = await annaTuesdaySlots(c);
  return { c, up, dataDir, session, told, slots };
}

const request = annaRequest;

const stateOf = async (r: Rig, localId: string) =>
  (await r.c.api.listBookings({ session: r.session })).find((b) => b.localId === localId);

function onDisk(r: Rig, sql: string, ...params: unknown[]): void {
  const db = new Database(join(r.dataDir, 'kiosk.db'));
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** Someone else books `slot` at the API itself (not through this kiosk). */
async function takenElsewhere(r: Rig, slot: Slot, n: number): Promise<void> {
  expect(await bookAtApi(r.up, request(slot, 900 + n), `other${n}@example.com`)).toBe(201);
}

const queued = (r: Rig, slot: Slot, n: number) => queuedAfter500(r.c, r.up, slot, n);

/** A queued booking whose slot someone else took before the replay: the API refused it. */
async function rejected(r: Rig, slot: Slot, n: number): Promise<string> {
  const localId = await queued(r, slot, n);
  await takenElsewhere(r, slot, n);
  await until(async () => {
    await r.c.replayer.runOnce();
    return (await stateOf(r, localId))?.state === 'rejected';
  }, 20_000);
  return localId;
}

/** A booking whose request timed out unanswered (it may exist), whose slot another then took. */
async function lostAndTaken(r: Rig, slot: Slot, n: number): Promise<string> {
  r.up.proxy.setMode('hang');
  const result = await r.c.api.createBooking(request(slot, n));
  expect(result.state).toBe('unknown');
  r.up.proxy.setMode('pass');
  await takenElsewhere(r, slot, n);
  return result.localId;
}

/**
 * The API refuses a live booking as taken (someone else booked the slot) while the disk is
 * full: the entry cannot be removed and stays `sending` on disk, with no request under way
 * and no answer held. Space returns.
 */
async function leftSending(r: Rig, slot: Slot, n: number): Promise<string> {
  await takenElsewhere(r, slot, n);
  diskFull = () => (r.up.proxy.upstreamStatuses()[409] ?? 0) > 0;
  const refused = await failure(r.c.api.createBooking(request(slot, n)));
  expect(refused.code).toBe('slot_taken');
  diskFull = () => false;
  const [entry] = await r.c.api.listBookings({ session: r.session });
  expect(entry?.state).toBe('sending');
  return entry?.localId ?? '';
}

describe('refusals say why, in the words staff read', () => {
  it('a booking the kiosk does not have: "no such booking", for every action', async () => {
    const { c, session } = await open();
    const localId = 'no-such-booking';
    for (const call of [
      () => c.api.retryBooking({ session, localId }),
      () => c.api.discardBooking({ session, localId }),
      () => c.api.restoreBooking({ session, localId }),
      () => c.api.linkRebooking({ session, localId, rebookedAs: localId }),
    ])
      expect(await failure(call())).toMatchObject({
        code: 'not_found',
        message: 'no such booking',
      });
  });

  it('a booking linked to its rebooking: Retry and Discard say "this booking was booked again"', async () => {
    const r = await open();
    const { c, session, slots } = r;
    const localId = await rejected(r, slots[0]!, 1);
    const again = await c.api.createBooking(request(slots.at(-1)!, 1));
    await c.api.linkRebooking({ session, localId, rebookedAs: again.localId });
    const refusal = { code: 'invalid_request', message: 'this booking was booked again' };
    expect(await failure(c.api.retryBooking({ session, localId }))).toMatchObject(refusal);
    expect(await failure(c.api.discardBooking({ session, localId }))).toMatchObject(refusal);
    expect(await stateOf(r, localId)).toMatchObject({
      state: 'rejected',
      rebookedAs: again.localId,
    });
  });

  it('Link of a booking that was not refused: "only a rejected booking can be booked again"', async () => {
    const { c, session, slots } = await open();
    const sent = await c.api.createBooking(request(slots[0]!, 2));
    const other = await c.api.createBooking(request(slots.at(-1)!, 2));
    expect(
      await failure(
        c.api.linkRebooking({ session, localId: sent.localId, rebookedAs: other.localId }),
      ),
    ).toMatchObject({
      code: 'invalid_request',
      message: 'only a rejected booking can be booked again',
    });
  });

  it('an unreadable booking: Retry says it "cannot be read: it is not sent", Discard that it "is kept for IT"', async () => {
    const r = await open();
    const { c, session } = r;
    const localId = await queued(r, r.slots[0]!, 3);
    onDisk(r, 'update outbox set request = ? where local_id = ?', '{"serviceId":"svc-', localId);
    expect((await stateOf(r, localId))?.state).toBe('quarantined');
    expect(await failure(c.api.retryBooking({ session, localId }))).toMatchObject({
      code: 'invalid_request',
      message: 'this booking cannot be read: it is not sent',
    });
    expect(await failure(c.api.discardBooking({ session, localId }))).toMatchObject({
      code: 'invalid_request',
      message: 'an unreadable booking is kept for IT',
    });
  });

  it('a refused booking whose customer data retention erased: Retry says "this booking was erased" and sends nothing', async () => {
    const r = await open();
    const { c, session } = r;
    const localId = await rejected(r, r.slots[0]!, 4);
    // As retention leaves it (erasePersonalData): the erasure's time on the row.
    onDisk(r, 'update outbox set erased_at = ? where local_id = ?', clock.now(), localId);
    expect(await failure(c.api.retryBooking({ session, localId }))).toMatchObject({
      code: 'invalid_request',
      message: 'this booking was erased',
    });
    await c.replayer.runOnce();
    expect((await stateOf(r, localId))?.state).toBe('rejected');
    expect(serverBookings(r.up.dbPath)).toHaveLength(1); // only the other customer's
  });

  it('Undo after the booking moved on (retried, or already undone): "this discard can no longer be undone"', async () => {
    const r = await open();
    const { c, session } = r;
    const localId = await rejected(r, r.slots[0]!, 5);
    const refusal = { code: 'invalid_request', message: 'this discard can no longer be undone' };
    await c.api.discardBooking({ session, localId });
    expect((await c.api.restoreBooking({ session, localId })).state).toBe('rejected');
    expect(await failure(c.api.restoreBooking({ session, localId }))).toMatchObject(refusal);
    // Discarded, then retried within the undo window: Undo would drop the retry.
    await c.api.discardBooking({ session, localId });
    expect((await c.api.retryBooking({ session, localId })).state).toBe('queued');
    expect(await failure(c.api.restoreBooking({ session, localId }))).toMatchObject(refusal);
    expect((await stateOf(r, localId))?.state).toBe('queued');
  });

  it('Discard on a full disk: "the kiosk\'s disk is full: nothing was changed"', async () => {
    const r = await open();
    const { c, session } = r;
    const localId = await queued(r, r.slots[0]!, 6);
    diskFull = () => true;
    expect(await failure(c.api.discardBooking({ session, localId }))).toMatchObject({
      code: 'storage_full',
      message: "the kiosk's disk is full: nothing was changed",
    });
    diskFull = () => false;
    expect((await stateOf(r, localId))?.state).toBe('queued');
  });

  it('a write that fails for another reason is not reported as a full disk', async () => {
    const r = await open();
    const { c, session } = r;
    const localId = await queued(r, r.slots[0]!, 7);
    diskFull = () => {
      throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
    };
    const error: unknown = await c.api
      .discardBooking({ session, localId })
      .catch((e: unknown) => e);
    diskFull = () => false;
    // The error itself reaches the caller (logged as such), not "the disk is full".
    expect(error).toMatchObject({ message: 'disk I/O error', code: 'SQLITE_IOERR' });
    expect((await stateOf(r, localId))?.state).toBe('queued');
  });
});

describe("each action announces the booking's new state to the counter screen", () => {
  it('Retry, Discard, Undo and Link each announce the booking as it now is', async () => {
    const r = await open();
    const { c, session, told } = r;
    const localId = await rejected(r, r.slots[0]!, 10);
    const since = () => told.splice(0).filter((b) => b.localId === localId);
    since();
    await c.api.discardBooking({ session, localId });
    expect(since()).toMatchObject([{ state: 'discarded' }]);
    await c.api.restoreBooking({ session, localId });
    expect(since()).toMatchObject([{ state: 'rejected' }]);
    const again = await c.api.createBooking(request(r.slots.at(-1)!, 10));
    await c.api.linkRebooking({ session, localId, rebookedAs: again.localId });
    expect(since()).toMatchObject([{ state: 'rejected', rebookedAs: again.localId }]);

    const other = await rejected(r, r.slots[Math.floor(r.slots.length / 2)]!, 11);
    told.splice(0);
    await c.api.retryBooking({ session, localId: other });
    expect(told).toMatchObject([{ localId: other, state: 'queued' }]);
  });

  it('Retry of a booking left sending by a full disk announces it queued and sends it at once; refused as taken, staff check it', async () => {
    const r = await open(true);
    const { c, session, told } = r;
    const localId = await leftSending(r, r.slots[0]!, 12);
    // A later customer's booking is stored: the disk takes writes again (nothing else is due).
    expect((await c.api.createBooking(request(r.slots.at(-1)!, 13))).state).toBe('sent');
    told.splice(0);
    expect((await c.api.retryBooking({ session, localId })).state).toBe('queued');
    expect(told[0]).toMatchObject({ localId, state: 'queued' });
    // Sent again at once; refused as taken, it may be ours (its answer may be lost): staff check it.
    await until(async () => (await stateOf(r, localId))?.state === 'unknown', 20_000);
    expect(await stateOf(r, localId)).toMatchObject({ lastError: { status: 409 } });
  });
});

describe('a booking whose answer may be lost stays for staff to check; one they checked does not', () => {
  it('Undo of a discarded booking left sending queues it again, announced; refused as taken, it may be ours: staff check it', async () => {
    const r = await open();
    const { c, session, told } = r;
    const localId = await leftSending(r, r.slots[0]!, 20);
    expect((await c.api.discardBooking({ session, localId })).state).toBe('discarded');
    told.splice(0);
    expect((await c.api.restoreBooking({ session, localId })).state).toBe('queued');
    expect(told).toMatchObject([{ localId, state: 'queued' }]);
    await c.api.syncNow({ session });
    expect(await stateOf(r, localId)).toMatchObject({
      state: 'unknown',
      lastError: { status: 409 },
    });
  });

  it('Retry of a booking whose answer was lost keeps it for staff to check when the API says taken', async () => {
    const r = await open();
    const { c, session } = r;
    const localId = await lostAndTaken(r, r.slots[0]!, 24);
    expect((await c.api.retryBooking({ session, localId })).state).toBe('queued');
    await c.replayer.runOnce();
    expect(await stateOf(r, localId)).toMatchObject({
      state: 'unknown',
      lastError: { status: 409 },
    });
  });

  it('Retry of an unknown booking staff checked ends it rejected when the slot is still taken, not unknown again', async () => {
    const r = await open();
    const { c, session } = r;
    const localId = await lostAndTaken(r, r.slots[0]!, 25);
    await until(async () => {
      await c.replayer.runOnce();
      return (await stateOf(r, localId))?.state === 'unknown';
    }, 20_000);
    expect((await c.api.retryBooking({ session, localId })).state).toBe('queued');
    await c.replayer.runOnce();
    expect(await stateOf(r, localId)).toMatchObject({
      state: 'rejected',
      lastError: { status: 409 },
    });
  });

  it('Retry while the disk is still full shows a lost answer held in memory as it stands, changing nothing', async () => {
    const r = await open();
    const { c, session } = r;
    r.up.proxy.setMode('drop'); // the API books; its answer is lost while the disk fills
    diskFull = () => serverBookings(r.up.dbPath).length > 0;
    const result = await c.api.createBooking(request(r.slots[0]!, 26));
    expect(result.state).toBe('unknown');
    r.up.proxy.setMode('pass');
    expect(await c.api.retryBooking({ session, localId: result.localId })).toMatchObject({
      state: 'queued',
      localId: result.localId,
    });
    diskFull = () => false;
  });
});

describe('Retry and Undo wake the running queue', () => {
  /** A queued booking discarded on a running core once the loop has nothing left to do. */
  async function discardedOnIdleQueue(n: number): Promise<Rig & { localId: string }> {
    const r = await open(true);
    r.up.proxy.setMode('500');
    const result = await r.c.api.createBooking(request(r.slots[0]!, n));
    expect(result.state).toBe('queued');
    const { localId } = result;
    // The running queue tries it again and again (the API still fails): a Discard that meets a
    // try under way is refused (it is sending), and is asked again until it lands.
    await until(async () => {
      try {
        return (
          (await r.c.api.discardBooking({ session: r.session, localId })).state === 'discarded'
        );
      } catch (error) {
        if (String(error).includes('a sending booking cannot be discarded')) return false;
        throw error;
      }
    }, 20_000);
    r.up.proxy.setMode('pass');
    await new Promise((resolve) => setTimeout(resolve, 1_200)); // its backoff timer ran out
    return { ...r, localId };
  }

  it('Retry: the retried booking is sent with no other call', async () => {
    const r = await discardedOnIdleQueue(30);
    expect((await r.c.api.retryBooking({ session: r.session, localId: r.localId })).state).toBe(
      'queued',
    );
    await until(async () => (await stateOf(r, r.localId))?.state === 'sent', 20_000);
  });

  it('Undo: the restored booking is sent with no other call', async () => {
    const r = await discardedOnIdleQueue(31);
    expect((await r.c.api.restoreBooking({ session: r.session, localId: r.localId })).state).toBe(
      'queued',
    );
    await until(async () => (await stateOf(r, r.localId))?.state === 'sent', 20_000);
  });
});

describe('Sync now and a booking left sending by a full disk', () => {
  it('with space back: sent again under its key; refused as taken, it may be ours', async () => {
    const r = await open();
    const localId = await leftSending(r, r.slots[0]!, 40);
    await r.c.api.syncNow({ session: r.session });
    expect(await stateOf(r, localId)).toMatchObject({
      state: 'unknown',
      lastError: { status: 409 },
    });
  });

  it('while the disk is still full: nothing changes, and Sync now still answers', async () => {
    const r = await open();
    const localId = await leftSending(r, r.slots[0]!, 41);
    diskFull = () => true;
    const synced = await r.c.api.syncNow({ session: r.session });
    diskFull = () => false;
    expect(synced.report.result).toBe('online');
    expect(await stateOf(r, localId)).toMatchObject({ state: 'sending' });
  });

  it('a write that fails for another reason than a full disk: Sync now fails with it, and the booking stays as it was', async () => {
    const r = await open();
    const localId = await leftSending(r, r.slots[0]!, 42);
    // The row cannot be written (a damaged database, say): no full disk, which Sync now rides out.
    onDisk(
      r,
      `create trigger broken before update on outbox when old.local_id = '${localId}'
       begin select raise(abort, 'disk I/O error'); end`,
    );
    await expect(r.c.api.syncNow({ session: r.session })).rejects.toThrow('disk I/O error');
    expect(await stateOf(r, localId)).toMatchObject({ state: 'sending' });
    expect(serverBookings(r.up.dbPath)).toHaveLength(1); // the other customer's only
  });
});
