/**
 * What the status room hears of the others (platform/domain-events.ts): every answer of the API
 * (the tracker, which may say "back online"), what each request came to (`upstream.outcome`,
 * outcome-status.ts), and every change that moves the status bar's state or counts. The hub's
 * `KioskEvent` stream to the screens is fed from here (status-events.ts). `createStatusRoom`
 * builds the room for the composition.
 */
import { assertNever } from '../../../shared/result';
import { monotonicNow, type Clock, type DomainEvents, type Logger } from '../platform';
import type { KioskOutboxEvents } from '../db';
import {
  classifyLookupOutcome,
  type OutcomePurpose,
  type UpstreamEvents,
  type UpstreamOutcome,
} from '../upstream';
import type { NotifyEvents } from '../notify';
import type { SyncStatus } from '../../../shared/kiosk-api';
import type { OutboxStore } from '../outbox';
import { createEventHub, type EventHub } from './events';
import { createOutcomeNotes, type NoteOutcome } from './outcome-status';
import { createStatusEvents, type StatusEvents } from './status-events';
import { SyncStatusTracker } from './sync-status';

/** The domain events the status room emits. */
export interface StatusRoomEvents {
  /** An answer ended an offline spell: the queue and the mirror need not sit out a backoff. */
  'upstream.backOnline': Record<string, never>;
  /** An answer refused our key (any request): the queue pauses until staff act. */
  'upstream.keyRefused': Record<string, never>;
  /** A request worked with the key the API had refused: the paused queue goes on. */
  'upstream.keyAccepted': Record<string, never>;
}

export type StatusHears = KioskOutboxEvents & UpstreamEvents & NotifyEvents & StatusRoomEvents;

/**
 * Whether an outcome is announced as the status at once: a lookup's (but one the API refused
 * itself: noted, and the customer hears the refusal) and a background request's. A booking's
 * is not: the entry's `booking.changed` (or `booking.dropped`) follows and announces it.
 */
function announcesStatus(outcome: UpstreamOutcome<unknown>, purpose: OutcomePurpose): boolean {
  switch (purpose.kind) {
    case 'lookup':
      return classifyLookupOutcome(outcome).kind !== 'client';
    case 'background':
      return true;
    case 'booking':
    case 'replay':
      return false;
    // Stryker disable next-line ConditionalExpression: the exhaustive switch's assertNever
    default:
      return assertNever(purpose);
  }
}

function statusListens(
  events: DomainEvents<StatusHears>,
  tracker: Pick<SyncStatusTracker, 'onAnswer'>,
  statusEvents: Pick<StatusEvents, 'emitStatus' | 'onBookingChange'>,
  noteOutcome: NoteOutcome,
): void {
  events.on('upstream.answered', (meta) => {
    if (tracker.onAnswer(meta)) events.emit('upstream.backOnline', {});
  });
  // A refused key is said first (`upstream.keyRefused`, the notes), then the status.
  events.on('upstream.outcome', ({ outcome, purpose }) => {
    noteOutcome(outcome, purpose);
    if (announcesStatus(outcome, purpose)) statusEvents.emitStatus();
  });
  events.on('booking.changed', ({ entry }) => statusEvents.onBookingChange(entry));
  // Each of these moves a count or the state (the hub drops a status that did not change).
  const moves: (keyof StatusHears)[] = [
    'booking.dropped',
    'storage.changed',
    'outbox.rowSetAside',
    'replay.paused',
    'followUp.resolved',
  ];
  for (const type of moves) events.on(type, () => statusEvents.emitStatus());
}

export interface StatusRoom {
  /** The `KioskEvent` stream the screens subscribe to (events.ts). */
  hub: EventHub;
  /** The sync status's tracker (sync-status.ts). */
  status: SyncStatusTracker;
  statusEvents: StatusEvents;
}

export function createStatusRoom(deps: {
  events: DomainEvents<StatusHears>;
  upstreamKind: () => 'embedded' | 'remote';
  clock: Clock;
  store: OutboxStore;
  storageFull: () => boolean;
  refused: () => number;
  budget: () => SyncStatus['budget'];
  log: Logger;
  /** Where changes of the upstream's state go (status-events.ts). */
  stateLog: Logger;
}): StatusRoom {
  const { clock } = deps;
  const hub = createEventHub(deps.log);
  const tracker = new SyncStatusTracker(deps.upstreamKind, () => monotonicNow(clock));
  const statusEvents = createStatusEvents({
    status: tracker,
    store: deps.store,
    events: hub,
    storageFull: deps.storageFull,
    refused: deps.refused,
    budget: deps.budget,
    log: deps.stateLog,
    now: () => clock.now(),
  });
  const noteOutcome = createOutcomeNotes(
    tracker,
    () => clock.now(),
    () => deps.events.emit('upstream.keyRefused', {}),
    () => deps.events.emit('upstream.keyAccepted', {}),
  );
  statusListens(deps.events, tracker, statusEvents, noteOutcome);
  return { hub, status: tracker, statusEvents };
}
