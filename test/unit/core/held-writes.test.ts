/**
 * The outbox on a disk that fills up (outbox/held-writes.ts), over the in-memory store with a
 * full disk stood in by a store whose writes throw SQLITE_FULL while `full` is set.
 */
import { describe, expect, it, vi } from 'vitest';
import { diskFullError } from '../../../electron/core/platform/disk-full';
import type { Clock } from '../../../electron/core/platform/clock';
import { silentLogger, type Logger } from '../../../electron/core/platform/log';
import { createHeldWrites } from '../../../electron/core/outbox/held-writes';
import type { OutboxEntry, OutboxPatch } from '../../../electron/core/outbox/entry';
import { createMemoryOutboxStore, type OutboxStore } from '../../../electron/core/outbox/store';
import { captureLog } from '../../support/core/log-capture';
import { manualClock, timerClock } from '../../support/core/manual-clock';
import { outboxEntry } from '../../support/core/outbox-entry';

function rig(
  retryMs = 60_000,
  extra: { clock?: Clock; log?: Logger; update?: OutboxStore['update'] } = {},
) {
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
    update: guard(
      extra.update ?? ((localId: string, patch: OutboxPatch) => memory.update(localId, patch)),
    ),
    remove: guard((localId: string) => memory.remove(localId)),
  };

  const recovered: OutboxEntry[] = [];
  const changes: boolean[] = [];
  const calls = { recovered: 0, probes: 0 };
  const held = createHeldWrites({
    store: inner,
    clock: extra.clock ?? manualClock(0),
    log: extra.log ?? silentLogger,
    probe: () => {
      calls.probes += 1; // every try, whether the disk takes it or not
      guard(() => undefined)();
    },
    onRecovered: (written) => {
      calls.recovered += 1;
      recovered.push(...written);
    },
    onStorageChange: (full) => changes.push(full),
    retryMs,
  });
  return { disk, memory, held, recovered, changes, calls };
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
    const { disk, memory, held, recovered, calls } = rig();
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
    // With answers held, writing them is the test of the disk: no empty probe commit besides.
    expect(calls.probes).toBe(0);
    held.stop();
  });

  it('a later write of a held entry carries the held answer with it', () => {
    const { disk, memory, held } = rig();
    held.store.insert(outboxEntry({ localId: 'a', state: 'sending' }));
    disk.full = true;
    held.settle('a', { state: 'sent', booking: sent, updatedAt: 3 });
    disk.full = false;
    held.store.update('a', { updatedAt: 5 });
    expect(memory.get('a')).toMatchObject({ state: 'sent', booking: sent, updatedAt: 5 });
    expect(held.isHeld('a')).toBe(false);
    held.stop();
  });
  it('tells each change of the storage once: more failures while full, or writes while not, say nothing', () => {
    const { disk, held, changes } = rig();
    disk.full = true;
    expect(() => held.store.insert(outboxEntry({ localId: 'a' }))).toThrow(/disk is full/);
    expect(() => held.store.insert(outboxEntry({ localId: 'b' }))).toThrow(/disk is full/);
    disk.full = false;
    held.store.insert(outboxEntry({ localId: 'a' }));
    held.store.insert(outboxEntry({ localId: 'b' }));
    expect(changes).toEqual([true, false]);
    held.stop();
  });

  it('while full it tries again by itself until space returns; once stopped it does not', async () => {
    const running = rig(20);
    const stopped = rig(20);
    for (const { disk, held } of [running, stopped]) {
      disk.full = true;
      expect(() => held.store.insert(outboxEntry({ localId: 'a' }))).toThrow(/disk is full/);
    }
    stopped.held.stop();
    await vi.waitFor(() => expect(running.calls.probes).toBeGreaterThanOrEqual(2));
    expect(running.held.full()).toBe(true); // still full: it keeps trying
    running.disk.full = false;
    stopped.disk.full = false;
    await vi.waitFor(() => expect(running.held.full()).toBe(false));
    expect(running.changes).toEqual([true, false]);
    // Its timer would have fired with the running one's: stopped, it never tried.
    expect(stopped.held.full()).toBe(true);
    expect(stopped.calls.probes).toBe(0);
    running.held.stop();
  });

  it('retry: nothing to do when not full; a probe when nothing is held; recovery told only with entries', () => {
    const { disk, held, calls } = rig();
    expect(held.retry()).toBe(true);
    expect(calls.probes).toBe(0);
    disk.full = true;
    expect(() => held.store.insert(outboxEntry({ localId: 'a' }))).toThrow(/disk is full/);
    expect(held.retry()).toBe(false);
    disk.full = false;
    expect(held.retry()).toBe(true);
    expect(calls.probes).toBe(2);
    expect(held.full()).toBe(false);
    expect(calls.recovered).toBe(0);
    held.stop();
  });

  it('a held answer is not due again, and its entry counts in its new state', () => {
    const { disk, memory, held } = rig();
    held.store.insert(outboxEntry({ localId: 'a', state: 'sending' }));
    held.store.insert(outboxEntry({ localId: 'b' }));
    disk.full = true;
    held.settle('a', { state: 'queued', nextAttemptAt: 0 });
    expect(held.isHeld('a')).toBe(true);
    expect(held.store.due(1, 10).map((e) => e.localId)).toEqual(['b']);
    expect(held.store.nextDueAt()).toBe(memory.nextDueAt());
    expect(held.store.count('queued')).toBe(2);
    expect(held.store.count('sending')).toBe(0);
    held.stop();
  });

  it('settle: a failure other than a full disk, or an entry it does not have, is thrown on', () => {
    const { disk, memory, held } = rig();
    held.store.insert(outboxEntry({ localId: 'a', state: 'sending' }));
    expect(() => held.settle('nobody', { state: 'sent' })).toThrow();
    disk.full = true;
    expect(() => held.settle('nobody', { state: 'sent' })).toThrow(/disk is full/);
    expect(held.isHeld('nobody')).toBe(false);
    disk.full = false;
    const broken = {
      ...memory,
      update: () => {
        throw new Error('constraint failed');
      },
    };
    const other = createHeldWrites({
      store: broken,
      clock: manualClock(0),
      log: silentLogger,
      probe: () => undefined,
      onRecovered: () => undefined,
      onStorageChange: () => undefined,
    });
    expect(() => other.settle('a', { state: 'sent' })).toThrow('constraint failed');
    expect(other.isHeld('a')).toBe(false);
    other.stop();
    held.stop();
  });
});

describe('held writes: what IT reads in the log, and the retry timer', () => {
  const capture = () => captureLog('core:outbox');

  it('logs the disk filling (with what is held), each answer held, and space coming back (with what was written)', () => {
    const { log, lines } = capture();
    const { disk, held } = rig(60_000, { log });
    held.store.insert(outboxEntry({ localId: 'a', state: 'sending' }));
    disk.full = true;
    held.settle('a', { updatedAt: 3 });
    disk.full = false;
    expect(held.retry()).toBe(true);
    expect(lines).toEqual([
      'ERROR core:outbox: disk full: bookings cannot be stored until space is freed {"held":0}',
      'WARN core:outbox: answer held in memory until disk space returns {"localId":"a","state":"sending"}',
      'INFO core:outbox: disk space is back: writes work again {"written":1}',
    ]);
    held.stop();
  });

  it('a write that fails for another reason is thrown on without marking the disk full', () => {
    const { held, changes } = rig(60_000, {
      update: () => {
        throw new Error('constraint failed');
      },
    });
    held.store.insert(outboxEntry({ localId: 'a' }));
    expect(() => held.store.update('a', { updatedAt: 1 })).toThrow('constraint failed');
    expect(held.full()).toBe(false);
    expect(changes).toEqual([]);
    held.stop();
  });

  it('a retry whose write fails for another reason logs it and keeps what is held', () => {
    const { log, lines } = capture();
    let broken = false;
    const { disk, memory, held } = rig(60_000, {
      log,
      update: (localId, patch) => {
        if (broken) throw new Error('constraint failed');
        return memory.update(localId, patch);
      },
    });
    held.store.insert(outboxEntry({ localId: 'a', state: 'sending' }));
    disk.full = true;
    held.settle('a', { state: 'sent', booking: sent });
    expect(held.retry()).toBe(false); // still full: nothing logged beyond the full disk
    expect(lines.filter((line) => line.includes('retry failed'))).toEqual([]);
    disk.full = false;
    broken = true;
    expect(held.retry()).toBe(false);
    expect(held.isHeld('a')).toBe(true);
    expect(lines.at(-1)).toMatch(/^ERROR core:outbox: storage retry failed \{"error":/);
    held.stop();
  });

  it('one retry timer while full, none once space is back or once stopped', async () => {
    const clock = timerClock(0);
    const { disk, held } = rig(1_000, { clock });
    disk.full = true;
    expect(() => held.store.insert(outboxEntry({ localId: 'a' }))).toThrow(/disk is full/);
    expect(clock.pending()).toEqual([1_000]);
    // Back, then full again before the timer fired: still one timer.
    disk.full = false;
    held.store.insert(outboxEntry({ localId: 'b' }));
    disk.full = true;
    expect(() => held.store.insert(outboxEntry({ localId: 'c' }))).toThrow(/disk is full/);
    expect(clock.pending()).toEqual([1_000]);
    await clock.advance(1_000);
    expect(clock.pending()).toEqual([1_000]); // still full: it tries again
    disk.full = false;
    await clock.advance(1_000);
    expect(held.full()).toBe(false);
    expect(clock.pending()).toEqual([]); // space is back: no more tries

    held.stop();
    disk.full = true;
    expect(() => held.store.insert(outboxEntry({ localId: 'd' }))).toThrow(/disk is full/);
    expect(clock.pending()).toEqual([]); // stopped: no timer
  });

  it('a retry probing a disk still full logs nothing more', () => {
    const { log, lines } = capture();
    const { disk, held } = rig(60_000, { log });
    disk.full = true;
    expect(() => held.store.insert(outboxEntry({ localId: 'a' }))).toThrow(/disk is full/);
    expect(held.retry()).toBe(false);
    expect(lines).toHaveLength(1);
    held.stop();
  });

  it('a write that works while a held answer still cannot be written: the write stands, the answer stays held', () => {
    let updatesFail = false;
    const { disk, memory, held } = rig(60_000, {
      update: (localId, patch) => {
        if (updatesFail) throw diskFullError();
        return memory.update(localId, patch);
      },
    });
    held.store.insert(outboxEntry({ localId: 'a', state: 'sending' }));
    disk.full = true;
    held.settle('a', { state: 'sent', booking: sent });
    disk.full = false;
    updatesFail = true;
    held.store.insert(outboxEntry({ localId: 'b' }));
    expect(memory.get('b')?.state).toBe('queued');
    expect(held.isHeld('a')).toBe(true);
    expect(held.full()).toBe(true);
    held.stop();
  });

  it('an entry queued on disk whose answer is held is not due: it is never sent again', () => {
    const { disk, held } = rig();
    held.store.insert(outboxEntry({ localId: 'a' }));
    disk.full = true;
    held.settle('a', { state: 'sent', booking: sent });
    expect(held.store.due(1, 10)).toEqual([]);
    held.stop();
  });
});
