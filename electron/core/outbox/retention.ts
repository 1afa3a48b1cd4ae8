/**
 * Retention of customers' personal data: bookings that ended (sent, rejected, discarded) keep
 * it for `retentionDays`, counted from when they ended (their updatedAt), then lose it; the
 * row stays as the kiosk's record (reference, times, service, employee, appointment number).
 * A booking still queued, sending or unknown is never erased: it is not done yet.
 * Other stores of customers' data (the embedded demo server's database, the customer e-mails
 * and follow-ups of electron/core/notify) are erased at the same run with the same days, by
 * their own rule (`others`), after the bookings.
 */
import type { Clock, Logger } from '../platform';
import type { OutboxStore } from './store';

export const DEFAULT_RETENTION_DAYS = 14;
const DAY_MS = 86_400_000;

export interface RetentionOptions {
  store: OutboxStore;
  clock: Clock;
  retentionDays?: number | (() => number);
  log: Logger;
  /** Runs after something was erased (the core truncates the WAL, which still holds the data). */
  afterErase?: () => void;
  /** Further stores read at every run: each erases what is older than the cutoff, returns a count. */
  others?: () => readonly RetainedStore[];
}

export interface RetainedStore {
  name: string;
  eraseBefore(cutoffMs: number): number;
}

export interface Retention {
  /** Erases what is due now; returns how many bookings it erased. */
  run(): number;
}

export function createRetention(options: RetentionOptions): Retention {
  const retentionDays = (): number => {
    const option = options.retentionDays;
    const days = typeof option === 'function' ? option() : (option ?? DEFAULT_RETENTION_DAYS);
    if (!Number.isInteger(days) || days < 1)
      throw new RangeError(`retentionDays must be a whole number >= 1, got ${days}`);
    return days;
  };
  retentionDays(); // a bad value fails at start, not a minute later
  return {
    run() {
      const days = retentionDays();
      const now = options.clock.now();
      const cutoff = now - days * DAY_MS;
      const erased = options.store.eraseEnded(cutoff, now);
      if (erased > 0)
        options.log.info('erased the personal data of ended bookings', {
          count: erased,
          retentionDays: days,
        });
      // After the bookings: a store may follow them (the e-mails of the bookings just erased).
      let others = 0;
      for (const other of options.others?.() ?? []) {
        const count = other.eraseBefore(cutoff);
        others += count;
        if (count > 0)
          options.log.info('erased the personal data of customers', {
            store: other.name,
            count,
            retentionDays: days,
          });
      }
      if (erased + others > 0) options.afterErase?.();
      return erased;
    },
  };
}
