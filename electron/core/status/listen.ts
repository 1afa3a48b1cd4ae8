/**
 * What the status room hears of the others (platform/domain-events.ts): every answer of the API
 * (the tracker, which may say "back online"), and every change that moves the status bar's
 * state or counts. The hub's `KioskEvent` stream to the screens is fed from here (status-events.ts).
 */
import type { DomainEvents } from '../platform';
import type { KioskOutboxEvents } from '../db';
import type { UpstreamEvents } from '../upstream';
import type { NotifyEvents } from '../notify';
import type { StatusEvents } from './status-events';
import type { SyncStatusTracker } from './sync-status';

/** The domain events the status room emits. */
export interface StatusRoomEvents {
  /** An answer ended an offline spell: the queue and the mirror need not sit out a backoff. */
  'upstream.backOnline': Record<string, never>;
}

type Heard = KioskOutboxEvents & UpstreamEvents & NotifyEvents & StatusRoomEvents;

export function statusListens(
  events: DomainEvents<Heard>,
  tracker: Pick<SyncStatusTracker, 'onAnswer'>,
  statusEvents: Pick<StatusEvents, 'emitStatus' | 'onBookingChange'>,
): void {
  events.on('upstream.answered', (meta) => {
    if (tracker.onAnswer(meta)) events.emit('upstream.backOnline', {});
  });
  events.on('booking.changed', ({ entry }) => statusEvents.onBookingChange(entry));
  // Each of these moves a count or the state (the hub drops a status that did not change).
  const moves: (keyof Heard)[] = [
    'storage.changed',
    'outbox.rowSetAside',
    'replay.paused',
    'followUp.resolved',
  ];
  for (const type of moves) events.on(type, () => statusEvents.emitStatus());
}
