/**
 * The sync status and booking changes as events: the snapshot the UI reads (tracker plus the
 * queue's counts) and the announcements the engine, the replayer and the loops make.
 */
import type { SyncStatus } from '../../../shared/kiosk-api';
import { toLocalBooking, type OutboxEntry } from '../outbox/entry';
import type { OutboxStore } from '../outbox/store';
import type { EventHub } from './events';
import type { SyncStatusTracker } from './sync-status';

export interface StatusEvents {
  snapshot: () => SyncStatus;
  /** Announces the status (the hub drops it when nothing changed). */
  emitStatus: () => void;
  /** Announces a booking's new state, then the status (its counts may have moved). */
  onBookingChange: (entry: OutboxEntry) => void;
}

export function createStatusEvents(deps: {
  status: SyncStatusTracker;
  store: OutboxStore;
  events: EventHub;
  /** Whether the disk under the outbox is full (the status bar's "Disk full"). */
  storageFull?: () => boolean;
  /** Refused bookings staff have yet to act on (electron/core/notify). */
  refused?: () => number;
  /** What is left of the API budget now (the rate governor's count). */
  budget?: () => SyncStatus['budget'];
}): StatusEvents {
  const { status, store, events } = deps;
  const snapshot = (): SyncStatus => ({
    ...status.snapshot({
      queued: store.count('queued') + store.count('sending'),
      unknown: store.count('unknown'),
    }),
    storage: deps.storageFull?.() ? 'full' : 'ok',
    refused: deps.refused?.() ?? 0,
    ...(deps.budget ? { budget: deps.budget() } : {}),
  });
  const emitStatus = (): void => events.emit({ type: 'status', status: snapshot() });
  return {
    snapshot,
    emitStatus,
    onBookingChange(entry) {
      events.emit({ type: 'booking', booking: toLocalBooking(entry) });
      emitStatus();
    },
  };
}
