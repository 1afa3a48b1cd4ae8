/**
 * The outbox on a disk that fills up (outbox/held-writes.ts), over the in-memory store with a
 * full disk stood in by a store whose writes throw SQLITE_FULL while `full` is set.
 */
import { describe, expect, it } from 'vitest';
import { diskFullError } from '../../../electron/core/db/disk-full';
import { silentLogger } from '../../../electron/core/log';
import { createHeldWrites } from '../../../electron/core/outbox/held-writes';
import type { OutboxEntry, OutboxPatch } from '../../../electron/core/outbox/entry';
import { createMemoryOutboxStore, type OutboxStore } from '../../../electron/core/outbox/store';
import { manualClock } from '../../support/core/manual-clock';
import { outboxEntry } from '../../support/core/outbox-entry';

function rig() {
  const disk = { full: false };
  const memory = createMemoryOutboxStore();
  const guard =
    <A extends unknown[], R>(write: (...args: A) => R) =>
    (...args: A): R => {
      if (disk.full) throw diskFullError();
      return write(...args);
    };
  const inner: OutboxStore = {
    ...memory,
    insert: guard((entry: OutboxEntry) => memory.insert(entry)),
    insertIfFree: guard((entry: OutboxEntry, check: (holding: OutboxEntry[]) => boolean) =>
      memory.insertIfFree(entry, check),
    ),
    update: guard((localId: string, patch: OutboxPatch) => memory.update(localId, patch)),
    remove: guard((localId: string) => memory.remove(localId)),
  };

  const recovered: OutboxEntry[] = [];
  const changes: boolean[] = [];
  const held = createHeldWrites({
    store: inner,
    clock: manualClock(0),
    log: silentLogger,
    probe: guard(() => undefined),
    onRecovered: (written) => recovered.push(...written),
    onStorageChange: (full) => changes.push(full),
    retryMs: 60_000,
  });
  return { disk, memory, held, recovered, changes };
}

const sent = { bookingId: 'b-1' } as unknown as OutboxEntry['booking'];

describe('held writes', () => {
  it('a failed write marks the storage full and is thrown on; the next write that works clears it', () => {
    const { disk, held, changes } = rig();
    disk.full = true;
    expect(() => held.store.insert(outboxEntry({ localId: 'a' }))).toThrow(/disk is full/);
    expect(held.full()).toBe(true);
    disk.full = false;
    held.store.insert(outboxEntry({ localId: 'a' }));
    expect(held.full()).toBe(false);
    expect(changes).toEqual([true, false]);
    held.stop();
  });

  it('an answer settled on a full disk is held, shown by every read, and written when space returns', () => {
    const { disk, memory, held, recovered } = rig();
    held.store.insert(outboxEntry({ localId: 'a', state: 'sending' }));
    disk.full = true;
    const shown = held.settle('a', { state: 'sent', booking: sent });
    expect(shown.state).toBe('sent');
    expect(held.isHeld('a')).toBe(true);
    expect(memory.get('a')?.state).toBe('sending'); // on "disk"
    expect(held.store.get('a')?.state).toBe('sent');
    expect(held.store.count('sent')).toBe(1);
    expect(held.store.count('sending')).toBe(0);
    expect(held.store.holding()).toEqual([]);
    expect(held.retry()).toBe(false); // still full
    disk.full = false;
    expect(held.retry()).toBe(true);
    expect(memory.get('a')).toMatchObject({ state: 'sent', booking: sent });
    expect(held.isHeld('a')).toBe(false);
    expect(recovered.map((e) => e.localId)).toEqual(['a']);
    held.stop();
  });

  it('a later write of a held entry carries the held answer with it', () => {
    const { disk, memory, held } = rig();
    held.store.insert(outboxEntry({ localId: 'a', state: 'sending' }));
    disk.full = true;
    held.settle('a', { state: 'sent', booking: sent });
    disk.full = false;
    held.store.update('a', { updatedAt: 5 });
    expect(memory.get('a')).toMatchObject({ state: 'sent', booking: sent, updatedAt: 5 });
    expect(held.isHeld('a')).toBe(false);
    held.stop();
  });
});
