/**
 * The booking queue as the composition builds it (outbox/queue.ts): what it announces on the
 * domain events (each entry's change, a pause on a refused key) and that `outbox.due` wakes it.
 */
import { describe, expect, it } from 'vitest';
import { RateGovernor } from '../../../electron/core/governor/rate-governor';
import { createQueue } from '../../../electron/core/outbox/queue';
import type { OutboxEvents } from '../../../electron/core/outbox/events';
import { createMemoryOutboxStore } from '../../../electron/core/outbox/store';
import { createDomainEvents } from '../../../electron/core/platform/domain-events';
import { silentLogger } from '../../../electron/core/platform/log';
import type { UpstreamEvents } from '../../../electron/core/upstream';
import type { UpstreamOutcome } from '../../../electron/core/upstream/outcome';
import type { BookingResponse } from '../../../shared/api/schemas';
import { timerClock } from '../../support/core/manual-clock';
import { outboxEntry } from '../../support/core/outbox-entry';
import { upstreamDouble } from '../../support/core/upstream-double';

const START = 1_000_000;
const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };

function rig(answer: UpstreamOutcome<BookingResponse>) {
  const clock = timerClock(START);
  const store = createMemoryOutboxStore();
  const events = createDomainEvents<OutboxEvents & Pick<UpstreamEvents, 'upstream.outcome'>>(
    silentLogger,
  );
  const heard: string[] = [];
  events.on('booking.changed', ({ entry }) =>
    heard.push(`changed ${entry.localId} ${entry.state}`),
  );
  events.on('replay.paused', ({ error }) => heard.push(`paused ${error.status} ${error.message}`));
  events.on('upstream.outcome', ({ outcome, purpose }) =>
    heard.push(`outcome ${outcome.kind} ${purpose.kind}`),
  );
  const sent: string[] = [];
  const client = upstreamDouble({
    book(_body, key) {
      sent.push(key);
      return Promise.resolve(answer);
    },
  });
  const governor = new RateGovernor();
  const queue = createQueue({
    store,
    client: () => client,
    clock,
    random: () => 0.5,
    governor: () => governor,
    log: silentLogger,
    events,
  });
  return { clock, store, events, heard, sent, queue };
}

describe('the booking queue on the domain events', () => {
  it('outbox.due wakes the running queue: the booking due is sent and each change is announced', async () => {
    const t = rig({ kind: 'ok', status: 201, data: { bookingId: 'b1' } as BookingResponse, meta });
    t.queue.replayer.start();
    await t.clock.advance(0);
    t.store.insert(outboxEntry({ localId: 'l1', createdAt: START, nextAttemptAt: START }));
    t.events.emit('outbox.due', {});
    await t.clock.advance(0);
    expect(t.sent).toEqual(['key-l1']);
    expect(t.heard).toEqual(['changed l1 sending', 'outcome ok replay', 'changed l1 sent']);
  });

  it('a key refused on replay pauses the queue and says so, with the error staff read', async () => {
    const t = rig({ kind: 'http', status: 401, message: 'invalid API key', meta });
    t.store.insert(outboxEntry({ localId: 'l1', createdAt: START, nextAttemptAt: START }));
    await t.queue.replayer.runOnce();
    expect(t.queue.replayer.paused).toBe(true);
    expect(t.heard.at(-1)).toBe('paused 401 invalid API key');
  });
});
