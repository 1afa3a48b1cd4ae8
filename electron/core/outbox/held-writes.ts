/**
 * The outbox on a disk that may fill up (issue 17, case 5). Every write that fails for lack of
 * space marks the storage `full` (staff see "Disk full") and throws on, so that nothing is
 * promised that was not stored, with one exception: what the API answered to a booking already
 * sent (`settle`). That answer cannot be asked for again without sending again, so it is held in
 * memory, shown by every read as if stored, and written as soon as space returns (a retry every
 * `retryMs` while full). Should the process die first, the row is still `sending` on disk: the
 * start replays it under its Idempotency-Key and the API answers with the same booking.
 */
import { holdsSlot } from '../../../shared/booking/booking-states';
import { type Clock, isDiskFull, type Logger, createLoop } from '../platform';
import type { OutboxEntry, OutboxPatch } from './entry';
import type { OutboxStore } from './store';

export interface HeldWritesOptions {
  store: OutboxStore;
  clock: Clock;
  log: Logger;
  /** A small real write (one durable commit) that tells whether space is back. */
  probe: () => void;
  /** Space is back: these entries' held answers are now stored (announce them). */
  onRecovered: (written: OutboxEntry[]) => void;
  /** The storage turned full or ok (announce the status). */
  onStorageChange: (full: boolean) => void;
  retryMs?: number;
}

export interface HeldWrites {
  /** The outbox, whose reads include held answers and whose writes watch for a full disk. */
  store: OutboxStore;
  /** Stores a sent booking's outcome; on a full disk holds it until space returns. */
  settle(localId: string, patch: OutboxPatch): OutboxEntry;
  isHeld(localId: string): boolean;
  /** Whether the last write failed for lack of space. */
  full: () => boolean;
  /** Writes what is held (and probes when nothing is): returns whether the disk takes writes. */
  retry(): boolean;
  stop(): void;
}

export function createHeldWrites(options: HeldWritesOptions): HeldWrites {
  const { store: inner, clock, log } = options;
  const retryMs = options.retryMs ?? 5_000;
  /** Held patches by localId, with the state the row has on disk. */
  const held = new Map<string, { patch: OutboxPatch; diskState: OutboxEntry['state'] }>();
  let isFull = false;
  // Armed from the start, it runs only while the disk is full: every retryMs until space returns.
  const retries = createLoop({
    clock,
    run: () => (heldWrites.retry() ? null : retryMs),
    firstDelayMs: null,
  });
  retries.start();

  /** `written`: how many held answers the write that ended the full state stored. */
  function setFull(full: boolean, written = 0): void {
    if (full === isFull) return;
    isFull = full;
    if (full) {
      log.error('disk full: bookings cannot be stored until space is freed', {
        held: held.size,
      });
      retries.poke(retryMs);
    } else {
      log.info('disk space is back: writes work again', { written });
    }
    options.onStorageChange(full);
  }

  /** Runs a write: a full disk is noted and thrown on; a write that works ends the full state. */
  function write<T>(fn: () => T): T {
    let result: T;
    try {
      result = fn();
    } catch (error) {
      if (isDiskFull(error)) setFull(true);
      throw error;
    }
    if (isFull) flushAfterSuccess();
    return result;
  }

  function flushAfterSuccess(): void {
    const written = flush();
    if (written === null) return;
    setFull(false, written.length);
    if (written.length > 0) options.onRecovered(written);
  }

  /** Writes the held patches, oldest first; null when the disk is still full. */
  function flush(): OutboxEntry[] | null {
    const written: OutboxEntry[] = [];
    for (const [localId, { patch }] of held) {
      try {
        written.push(inner.update(localId, patch));
      } catch (error) {
        if (isDiskFull(error)) return null;
        throw error;
      }
      held.delete(localId);
    }
    return written;
  }

  const overlay = (entry: OutboxEntry | null): OutboxEntry | null => {
    if (!entry) return null;
    const hold = held.get(entry.localId);
    return hold ? { ...entry, ...hold.patch } : entry;
  };
  const overlayAll = (entries: OutboxEntry[]): OutboxEntry[] => entries.map((e) => overlay(e) ?? e);

  const store: OutboxStore = {
    insert: (entry) => write(() => inner.insert(entry)),
    insertIfFree: (entry, check) =>
      write(() => inner.insertIfFree(entry, (holding) => check(overlayAll(holding)))),
    get: (localId) => overlay(inner.get(localId)),
    list: () => overlayAll(inner.list()),
    due: (now, limit) => inner.due(now, limit).filter((e) => !held.has(e.localId)),
    nextDueAt: () => inner.nextDueAt(),
    holding: () => overlayAll(inner.holding()).filter((e) => holdsSlot(e.state)),
    holdsOn: (date, sentSince) => overlayAll(inner.holdsOn(date, sentSince)),
    update: (localId, patch) =>
      write(() => {
        // A held answer goes down with the later write (and before any other held one).
        const hold = held.get(localId);
        const stored = inner.update(localId, hold ? { ...hold.patch, ...patch } : patch);
        held.delete(localId);
        return stored;
      }),
    count(state) {
      let count = inner.count(state);
      for (const { patch, diskState } of held.values()) {
        const shown = patch.state ?? diskState;
        if (diskState === state) count -= 1;
        if (shown === state) count += 1;
      }
      return count;
    },
    wakeAll: (now, options) => write(() => inner.wakeAll(now, options)),
    remove: (localId) => write(() => inner.remove(localId)),
    eraseEnded: (endedBefore, now) => write(() => inner.eraseEnded(endedBefore, now)),
  };

  const heldWrites: HeldWrites = {
    store,
    settle(localId, patch) {
      try {
        return write(() => inner.update(localId, patch));
      } catch (error) {
        if (!isDiskFull(error)) throw error;
        const current = inner.get(localId);
        if (!current) throw error;
        const before = held.get(localId);
        held.set(localId, {
          patch: { ...before?.patch, ...patch },
          diskState: before?.diskState ?? current.state,
        });
        log.warn('answer held in memory until disk space returns', {
          localId,
          state: patch.state ?? current.state,
        });
        return { ...current, ...before?.patch, ...patch };
      }
    },
    isHeld: (localId) => held.has(localId),
    full: () => isFull,
    retry() {
      if (!isFull) return true; // nothing is held while the disk takes writes
      try {
        if (held.size === 0) write(options.probe);
        else flushAfterSuccess();
      } catch (error) {
        if (!isDiskFull(error)) log.error('storage retry failed', { error });
      }
      return !isFull;
    },
    stop() {
      void retries.stop();
    },
  };
  return heldWrites;
}
