/**
 * Staff's Retry, Discard and its undo (booking/booking-admin.ts) over the in-memory outbox: a
 * booking left `sending` with no request under way is stuck (staff may send or drop it), one
 * whose answer waits for disk space is not; Retry first stores a held answer; an undone discard
 * wakes the replayer only when the booking is queued again.
 */
import { describe, expect, it } from 'vitest';
import {
  createBookingAdmin,
  type BookingAdminDeps,
} from '../../../electron/core/booking/booking-admin';
import type { OutboxEntry, OutboxPatch } from '../../../electron/core/outbox/entry';
import { createHeldWrites } from '../../../electron/core/outbox/held-writes';
import { createMemoryOutboxStore, type OutboxStore } from '../../../electron/core/outbox/store';
import { diskFullError } from '../../../electron/core/platform/disk-full';
import { silentLogger } from '../../../electron/core/platform/log';
import { manualClock } from '../../support/core/manual-clock';
import { outboxEntry } from '../../support/core/outbox-entry';

const START = Date.parse('2026-11-23T09:00:00Z');
const refusal = { status: 409, message: 'this slot is taken' };
/** Staff's session is checked before the engine (staff-access.ts): any token does here. */
const SESSION = 'staff-session';

function rig(store: OutboxStore, storage?: BookingAdminDeps['storage']) {
  const pokes = { count: 0 };
  const admin = createBookingAdmin({
    store,
    clock: manualClock(START),
    replayer: { poke: () => void (pokes.count += 1) },
    send: { inFlight: () => false },
    ...(storage ? { storage } : {}),
    events: { emit: () => undefined },
    withFollowUps: (bookings) => bookings,
  });
  return { admin, pokes };
}

/** The outbox on a disk the test fills, with its held answers (outbox/held-writes.ts). */
function fullDiskRig() {
  const disk = { full: false };
  const memory = createMemoryOutboxStore();
  const inner: OutboxStore = {
    ...memory,
    update: (localId: string, patch: OutboxPatch) => {
      if (disk.full) throw diskFullError();
      return memory.update(localId, patch);
    },
  };
  const held = createHeldWrites({
    store: inner,
    clock: manualClock(START),
    log: silentLogger,
    probe: () => {
      if (disk.full) throw diskFullError();
    },
    onRecovered: () => undefined,
    onStorageChange: () => undefined,
    retryMs: 3_600_000,
  });
  return { disk, memory, held, ...rig(held.store, held) };
}

const sending = (localId: string): OutboxEntry =>
  outboxEntry({ localId, state: 'sending', attempts: 1, firstAttemptAt: START });

describe("staff's actions on a booking", () => {
  it('without a disk watch: a booking left sending is stuck, so staff may discard it', async () => {
    const store = createMemoryOutboxStore();
    store.insert(sending('a'));
    const { admin } = rig(store);
    expect((await admin.discardBooking({ session: SESSION, localId: 'a' })).state).toBe(
      'discarded',
    );
  });

  it('without a disk watch: Retry queues a refused booking again under a new key', async () => {
    const store = createMemoryOutboxStore();
    store.insert(outboxEntry({ localId: 'a', state: 'rejected', lastError: refusal }));
    const { admin, pokes } = rig(store);
    expect((await admin.retryBooking({ session: SESSION, localId: 'a' })).state).toBe('queued');
    expect(store.get('a')?.idempotencyKey).not.toBe('key-a');
    expect(pokes.count).toBe(1);
  });

  it('a booking left sending whose answer waits for disk space is not stuck: Discard refuses it', async () => {
    const store = createMemoryOutboxStore();
    store.insert(sending('a'));
    const { admin } = rig(store, { isHeld: () => true, retry: () => false });
    await expect(admin.discardBooking({ session: SESSION, localId: 'a' })).rejects.toThrow(
      'a sending booking cannot be discarded',
    );
    expect(store.get('a')?.state).toBe('sending');
  });

  it('Retry on a refusal held for disk space: left as the API answered while the disk is full', async () => {
    const { disk, memory, held, admin, pokes } = fullDiskRig();
    memory.insert(sending('a'));
    disk.full = true;
    held.settle('a', { state: 'rejected', lastError: refusal });
    expect(held.isHeld('a')).toBe(true);
    const shown = await admin.retryBooking({ session: SESSION, localId: 'a' });
    expect(shown.state).toBe('rejected');
    expect(memory.get('a')?.state).toBe('sending');
    expect(pokes.count).toBe(0);
    held.stop();
  });

  it('Retry on a refusal held for disk space: stored once space is back, then queued again', async () => {
    const { disk, memory, held, admin, pokes } = fullDiskRig();
    memory.insert(sending('a'));
    disk.full = true;
    held.settle('a', { state: 'rejected', lastError: refusal });
    disk.full = false;
    const shown = await admin.retryBooking({ session: SESSION, localId: 'a' });
    expect(held.isHeld('a')).toBe(false);
    expect(shown.state).toBe('queued');
    expect(memory.get('a')?.state).toBe('queued');
    expect(pokes.count).toBe(1);
    held.stop();
  });

  it.each([
    ['queued', 1],
    ['rejected', 0],
  ] as const)(
    'an undone discard of a %s booking restores it; the replayer is woken %i times',
    async (state, woken) => {
      const store = createMemoryOutboxStore();
      store.insert(outboxEntry({ localId: 'a', state }));
      const { admin, pokes } = rig(store);
      await admin.discardBooking({ session: SESSION, localId: 'a' });
      expect((await admin.restoreBooking({ session: SESSION, localId: 'a' })).state).toBe(state);
      expect(pokes.count).toBe(woken);
    },
  );
});
