/**
 * The kiosk's outbox store as the core uses it: SQLite (with the customer-notice wrapper the
 * caller passes in), a full disk held as a state (held-writes.ts), and damaged rows set aside
 * (db/outbox-quarantine.ts), each announced through `announce`.
 */
import { type Clock, setWriteFault, type Logger } from '../platform';
import { durableTransaction, type KioskDb } from './open';
import { onQuarantine } from './outbox-quarantine';
import { type OutboxEntry, createHeldWrites, type HeldWrites, type OutboxStore } from '../outbox';

export interface KioskOutboxOptions {
  clock: Clock;
  log: Logger;
  /** A fault drill (KioskCoreOptions.diskFull): durable commits fail while it returns true. */
  diskFull?: () => boolean;
  /** Late-bound announcements (the status events exist after the store). */
  announce: () => {
    onBookingChange: (entry: OutboxEntry) => void;
    emitStatus: () => void;
    /** Bookings may be due again (held answers written). */
    wake: () => void;
  };
}

/** `store`: the SQLite store on `db`, wrapped as the caller needs. */
export function openKioskOutbox(
  db: KioskDb,
  store: OutboxStore,
  options: KioskOutboxOptions,
): HeldWrites {
  const { log, announce } = options;
  if (options.diskFull) setWriteFault(db, options.diskFull);
  // A row that cannot be read is set aside: once in the log (its id, never its data).
  onQuarantine(db, (localId, reason) => {
    log.error('outbox row set aside (quarantined): it cannot be read', { localId, reason });
    announce().emitStatus();
  });
  return createHeldWrites({
    store,
    clock: options.clock,
    log,
    // One real durable commit (it bumps the database's generation): does the disk take it?
    probe: () => durableTransaction(db, () => undefined),
    onRecovered: (written) => {
      for (const entry of written) announce().onBookingChange(entry);
      announce().wake();
    },
    onStorageChange: (full) => {
      announce().emitStatus();
      // Space is back: a queue that backed off after failed writes need not wait it out.
      if (!full) announce().wake();
    },
  });
}
