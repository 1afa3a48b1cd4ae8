/**
 * What the status room does with what a request came to (`upstream.outcome`) and with a lone
 * online booking dropped at once (`booking.dropped`): it notes the outcome and shows the status
 * when the request's room used to (status/status-room.ts).
 */
import { describe, expect, it } from 'vitest';
import { createDomainEvents } from '../../../electron/core/platform/domain-events';
import { createMemoryOutboxStore } from '../../../electron/core/outbox/store';
import { createStatusRoom, type StatusHears } from '../../../electron/core/status/status-room';
import type { OutcomePurpose, UpstreamOutcome } from '../../../electron/core/upstream/outcome';
import { manualClock } from '../../support/core/manual-clock';

const none = () => undefined;
const log = { debug: none, info: none, warn: none, error: none };
const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };
const network: UpstreamOutcome<unknown> = { kind: 'network', reason: 'connect', message: 'x' };
const http = (status: number): UpstreamOutcome<unknown> => ({
  kind: 'http',
  status,
  message: `HTTP ${status}`,
  meta,
});

function rig() {
  const events = createDomainEvents<StatusHears>(log);
  const room = createStatusRoom({
    events,
    upstreamKind: () => 'remote',
    clock: manualClock(1_000_000),
    store: createMemoryOutboxStore(),
    storageFull: () => false,
    refused: () => 0,
    budget: () => undefined,
    log,
    stateLog: log,
  });
  // Every status the room announces (the hub drops one that did not change: counted before it).
  const said: string[] = [];
  const emitStatus = room.statusEvents.emitStatus;
  room.statusEvents.emitStatus = () => {
    said.push('status');
    emitStatus();
  };
  events.on('upstream.keyRefused', () => said.push('keyRefused'));
  const outcome = (o: UpstreamOutcome<unknown>, purpose: OutcomePurpose) =>
    events.emit('upstream.outcome', { outcome: o, purpose });
  return { events, room, said, outcome };
}

describe('the status room hears what a request came to', () => {
  it("a lookup's network failure turns the status offline and announces it once", () => {
    const t = rig();
    t.outcome(network, { kind: 'lookup' });
    expect(t.room.status.offlineSince).not.toBeNull();
    expect(t.said).toEqual(['status']);
  });

  it('a lookup the API refused itself is noted but not announced (the customer hears it)', () => {
    const t = rig();
    t.outcome(http(400), { kind: 'lookup' });
    expect(t.said).toEqual([]);
  });

  it("a booking's or a replay's outcome is noted and announced by the entry's change, not by itself", () => {
    const t = rig();
    t.outcome(network, { kind: 'booking' });
    expect(t.room.status.offlineSince).not.toBeNull();
    t.outcome(http(503), { kind: 'replay' });
    expect(t.said).toEqual([]);
  });

  it('a background request: a refused key is said first, and the status always announced', () => {
    const t = rig();
    const probe: OutcomePurpose = { kind: 'background', what: 'probe' };
    t.outcome({ kind: 'rateLimited', retryAfterMs: 1_000, meta }, probe);
    t.outcome(http(500), probe);
    expect(t.said).toEqual(['status', 'status']);
    expect(t.room.status.snapshot({ queued: 0, unknown: 0 }).lastError).toBe(
      'probe failed (HTTP 500)',
    );
    t.outcome(http(403), probe);
    expect(t.said).toEqual(['status', 'status', 'keyRefused', 'status']);
    expect(t.room.status.paused).toBe(true);
  });

  it('a lone online booking dropped at once announces the status (its count moved)', () => {
    const t = rig();
    t.events.emit('booking.dropped', { localId: 'l1' });
    expect(t.said).toEqual(['status']);
  });
});
