/**
 * The outbox store (Signal's JobQueue pattern): an interface with a SQLite implementation
 * (db/outbox-store.ts) and this in-memory one for unit tests. Every write is durable before it
 * returns in the SQLite implementation.
 */
import { BOOKED_STATES, ENDED_STATES, holdsSlot } from '../../../shared/booking/booking-states';
import type { OutboxEntry, OutboxPatch } from './entry';
import { erasePersonalData } from './entry';
import { TAKEN_ONCE } from './transitions';

export interface WakeOptions {
  /** The process started: every queued entry is due, the taken pauses too. */
  restart?: boolean;
}

export interface OutboxStore {
  /** Inserts a new entry (queued or sent); throws if the localId or key exists. */
  insert(entry: OutboxEntry): void;
  /**
   * Inserts `entry` only if `check(holding)` returns true, atomically with the check, so that
   * two kiosk calls cannot both hold one slot. `holding`: the entries holding a slot on the
   * entry's date (only those can hold its slot; reading every queued booking made each insert
   * slower than the last). Returns whether it inserted.
   */
  insertIfFree(entry: OutboxEntry, check: (holding: OutboxEntry[]) => boolean): boolean;
  get(localId: string): OutboxEntry | null;
  /** Newest first. */
  list(): OutboxEntry[];
  /** Queued entries whose nextAttemptAt <= now, oldest first. */
  due(now: number, limit: number): OutboxEntry[];
  /** The earliest nextAttemptAt of a queued entry, or null when nothing is queued. */
  nextDueAt(): number | null;
  /** Entries that hold a slot (holdsSlot: queued, sending, unknown). */
  holding(): OutboxEntry[];
  /**
   * Holds on one date: the holding entries, plus booked (sent) ones updated at or after
   * `sentSince` (a cached answer fetched before they were sent does not know them yet).
   */
  holdsOn(date: string, sentSince: number | null): OutboxEntry[];
  update(localId: string, patch: OutboxPatch): OutboxEntry;
  count(state: OutboxEntry['state']): number;
  /**
   * Makes queued entries due now (the API is reachable again: no need to sit out backoff). Not
   * those waiting their pause after a lost answer's re-send was refused as taken (TAKEN_ONCE):
   * the pause lets the API finish the first request, and a re-send before it ends is refused
   * again and goes to staff (issue 28). `restart`: those too (nextAttemptAt is monotonic time,
   * whose origin moved).
   */
  wakeAll(now: number, options?: WakeOptions): number;
  /** Forgets an entry the API refused while the caller waited (it was never queued). */
  remove(localId: string): void;
  /**
   * Erases the personal data (erasePersonalData) of entries that ended (sent, rejected,
   * discarded) at or before `endedBefore`, once each; returns how many it erased.
   */
  eraseEnded(endedBefore: number, now: number): number;
}

export function createMemoryOutboxStore(): OutboxStore {
  const rows = new Map<string, OutboxEntry>();
  const holding = () => [...rows.values()].filter((e) => holdsSlot(e.state));
  const store: OutboxStore = {
    insert(entry) {
      if (
        rows.has(entry.localId) ||
        [...rows.values()].some((e) => e.idempotencyKey === entry.idempotencyKey)
      ) {
        throw new Error('outbox: duplicate entry');
      }
      rows.set(entry.localId, structuredClone(entry));
    },
    insertIfFree(entry, check) {
      if (!check(holding().filter((e) => e.hold.date === entry.hold.date))) return false;
      store.insert(entry);
      return true;
    },
    get: (localId) => structuredClone(rows.get(localId) ?? null),
    // As the SQLite store: newest first, ties by localId (descending; localIds are unique).
    list: () =>
      [...rows.values()]
        // Stryker disable next-line EqualityOperator: localIds are unique, never equal
        .sort((a, b) => b.createdAt - a.createdAt || (a.localId < b.localId ? 1 : -1))
        .map((e) => structuredClone(e)),
    due: (now, limit) =>
      [...rows.values()]
        .filter((e) => e.state === 'queued' && e.nextAttemptAt <= now)
        // Stryker disable next-line EqualityOperator: localIds are unique, never equal
        .sort((a, b) => a.createdAt - b.createdAt || (a.localId < b.localId ? -1 : 1))
        .slice(0, limit)
        .map((e) => structuredClone(e)),
    nextDueAt() {
      const times = [...rows.values()]
        .filter((e) => e.state === 'queued')
        .map((e) => e.nextAttemptAt);
      return times.length > 0 ? Math.min(...times) : null;
    },
    holding: () => holding().map((e) => structuredClone(e)),
    holdsOn: (date, sentSince) =>
      [...rows.values()]
        .filter(
          (e) =>
            e.hold.date === date &&
            (holdsSlot(e.state) ||
              (sentSince !== null && BOOKED_STATES.includes(e.state) && e.updatedAt >= sentSince)),
        )
        .map((e) => structuredClone(e)),
    update(localId, patch) {
      const row = rows.get(localId);
      if (!row) throw new Error('outbox: no such entry');
      const next = { ...row, ...patch };
      rows.set(localId, next);
      return structuredClone(next);
    },
    count: (state) => [...rows.values()].filter((e) => e.state === state).length,
    wakeAll(now, options = {}) {
      let count = 0;
      for (const row of rows.values()) {
        const pausing = !options.restart && row.lastError?.message === TAKEN_ONCE;
        if (row.state === 'queued' && row.nextAttemptAt > now && !pausing) {
          row.nextAttemptAt = now;
          count += 1;
        }
      }
      return count;
    },
    remove: (localId) => {
      rows.delete(localId);
    },
    eraseEnded(endedBefore, now) {
      let count = 0;
      for (const row of rows.values()) {
        if (
          ENDED_STATES.includes(row.state) &&
          row.updatedAt <= endedBefore &&
          row.erasedAt === null
        ) {
          rows.set(row.localId, erasePersonalData(row, now));
          count += 1;
        }
      }
      return count;
    },
  };
  return store;
}
