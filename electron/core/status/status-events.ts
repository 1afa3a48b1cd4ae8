/**
 * The sync status and booking changes as events: the snapshot the UI reads (tracker plus the
 * queue's counts) and the announcements the engine, the replayer and the loops make.
 */
import type { SyncStatus } from '../../../shared/kiosk-api';
import { syncState, type SyncState } from '../../../shared/sync-state';
import { type Logger, QUIET_EVERY_MS } from '../platform';
import { toLocalBooking, type OutboxEntry, type OutboxStore } from '../outbox';
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
  storageFull: () => boolean;
  /** Refused bookings staff have yet to act on (electron/core/notify). */
  refused: () => number;
  /** Where changes of the upstream's state go, and an hourly line while it is not online. */
  log: Logger;
  now: () => number;
  /** What is left of the API budget now (the rate governor's count). */
  budget: () => SyncStatus['budget'];
}): StatusEvents {
  const { status, store, events } = deps;
  const snapshot = (): SyncStatus => ({
    ...status.snapshot({
      queued: store.count('queued') + store.count('sending'),
      unknown: store.count('unknown'),
    }),
    storage: deps.storageFull() ? 'full' : 'ok',
    refused: deps.refused(),
    budget: deps.budget(),
  });
  let logged: { state: SyncState; since: number; lastLineAt: number } | null = null;
  /**
   * An outage is logged as its changes of state and one summary an hour (issue 30), not as
   * every failed request.
   */
  const logState = (status: SyncStatus): void => {
    const { log, now } = deps;
    const state = syncState(status);
    const at = now();
    const fields = {
      ...(status.offlineReason ? { reason: status.offlineReason } : {}),
      ...(status.problemStatus === undefined ? {} : { status: status.problemStatus }),
      queued: status.queued,
    };
    if (logged === null || logged.state !== state) {
      // Unknown is how a start begins (no news yet): the first state known is said as the first.
      const was = logged?.state === 'unknown' ? null : logged;
      logged = { state, since: at, lastLineAt: at };
      // The first state of a start is said only when it is not the good one.
      if (was === null && (state === 'online' || state === 'unknown')) return;
      const line = {
        ...fields,
        ...(was ? { after: was.state, forMinutes: Math.round((at - was.since) / 60_000) } : {}),
      };
      if (state === 'online') log.info(`upstream ${state}`, line);
      else log.warn(`upstream ${state}`, line);
      return;
    }
    if (state !== 'online' && state !== 'unknown' && at - logged.lastLineAt >= QUIET_EVERY_MS) {
      logged.lastLineAt = at;
      log.info(`upstream still ${state}`, {
        ...fields,
        forMinutes: Math.round((at - logged.since) / 60_000),
      });
    }
  };
  const emitStatus = (): void => {
    const status = snapshot();
    logState(status);
    events.emit({ type: 'status', status });
  };
  return {
    snapshot,
    emitStatus,
    onBookingChange(entry) {
      events.emit({ type: 'booking', booking: toLocalBooking(entry) });
      emitStatus();
    },
  };
}
