/**
 * The kiosk's outbox store as the core uses it: SQLite (outbox-store.ts, with the refusal's
 * writes the caller passes in), a full disk held as a state (held-writes.ts), and damaged rows set aside
 * (db/outbox-quarantine.ts), each announced as a domain event.
 */
import { type Clock, setWriteFault, type Logger, type DomainEmitter } from '../platform';
import { durableTransaction, type KioskDb } from './open';
import { onQuarantine } from './outbox-quarantine';
import type { SqliteOutboxEvents } from './outbox-store';
import { createHeldWrites, type HeldWrites, type OutboxEvents, type OutboxStore } from '../outbox';

/** The domain events of the kiosk's outbox on SQLite (platform/domain-events.ts). */
export interface KioskOutboxEvents extends OutboxEvents, SqliteOutboxEvents {
  /** A row that cannot be read was set aside (the status's counts changed). */
  'outbox.rowSetAside': { localId: string };
}

export interface KioskOutboxOptions {
  clock: Clock;
  log: Logger;
  /** A fault drill (KioskCoreOptions.diskFull): durable commits fail while it returns true. */
  diskFull?: () => boolean;
  events: DomainEmitter<KioskOutboxEvents>;
}

/** `store`: the SQLite store on `db` (outbox-store.ts, with the refusal's writes). */
export function openKioskOutbox(
  db: KioskDb,
  store: OutboxStore,
  options: KioskOutboxOptions,
): HeldWrites {
  const { log, events } = options;
  if (options.diskFull) setWriteFault(db, options.diskFull);
  // A row that cannot be read is set aside: once in the log (its id, never its data).
  onQuarantine(db, (localId, reason) => {
    log.error('outbox row set aside (quarantined): it cannot be read', { localId, reason });
    events.emit('outbox.rowSetAside', { localId });
  });
  return createHeldWrites({
    store,
    clock: options.clock,
    log,
    // One real durable commit (it bumps the database's generation): does the disk take it?
    probe: () => durableTransaction(db, () => undefined),
    onRecovered: (written) => {
      for (const entry of written) events.emit('booking.changed', { entry });
      events.emit('outbox.due', {});
    },
    onStorageChange: (full) => {
      events.emit('storage.changed', { full });
      // Space is back: a queue that backed off after failed writes need not wait it out.
      if (!full) events.emit('outbox.due', {});
    },
  });
}
