/**
 * The booking queue as the composition builds it: the one send path (send.ts) and the replayer
 * that sends what is queued through it, announcing each outcome, each entry's change and a
 * pause as domain events, and looking again when bookings may be due (`outbox.due`).
 */
import type { DomainEvents, Logger } from '../platform';
import type { RateGovernor } from '../governor';
import type { UpstreamEvents } from '../upstream';
import type { OutboxEvents } from './events';
import { createReplayer, type Replayer } from './replayer';
import { createSendPath, type SendPath, type SendPathOptions } from './send';

export interface Queue {
  send: SendPath;
  replayer: Replayer;
}

export function createQueue(
  deps: Omit<SendPathOptions, 'events'> & {
    governor: () => RateGovernor;
    log: Logger;
    events: DomainEvents<OutboxEvents & Pick<UpstreamEvents, 'upstream.outcome'>>;
  },
): Queue {
  const { events } = deps;
  const send = createSendPath(deps);
  const replayer = createReplayer({
    log: deps.log,
    store: deps.store,
    send,
    governor: deps.governor,
    clock: deps.clock,
    onChange: (entry) => events.emit('booking.changed', { entry }),
    // The tracker already heard the refused key (the send path's `upstream.outcome`).
    onPause: (error) => events.emit('replay.paused', { error }),
  });
  events.on('outbox.due', () => replayer.poke());
  return { send, replayer };
}
