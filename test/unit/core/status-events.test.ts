/** The status the UI reads: the tracker's view plus the queue's counts, the disk and refusals. */
import { describe, expect, it } from 'vitest';
import { createEventHub } from '../../../electron/core/status/events';
import { createStatusEvents } from '../../../electron/core/status/status-events';
import { SyncStatusTracker } from '../../../electron/core/status/sync-status';
import type { OutboxStore } from '../../../electron/core/outbox/store';
import { SyncStatus, type KioskEvent } from '../../../shared/kiosk-api';

const none = () => undefined;
const log = { debug: none, info: none, warn: none, error: none };
const counts: Record<string, number> = { queued: 2, sending: 1, unknown: 4 };
const store = { count: (state: string) => counts[state] ?? 0 } as unknown as OutboxStore;

describe('status events', () => {
  const budget = {
    minute: { limit: 60, remaining: 57 },
    day: { limit: 1_000, remaining: 960 },
  };

  it('counts a booking being sent as queued, with the disk, the refusals and the budget left', () => {
    const events = createEventHub(log);
    const { snapshot } = createStatusEvents({
      status: new SyncStatusTracker(() => 'embedded'),
      store,
      events,
      storageFull: () => false,
      refused: () => 0,
      log,
      now: () => 0,
      budget: () => budget,
    });
    expect(SyncStatus.parse(snapshot())).toMatchObject({
      queued: 3,
      unknown: 4,
      storage: 'ok',
      refused: 0,
      upstream: 'embedded',
      budget,
    });
  });

  it('says the disk is full and how many refusals wait for staff; a status event follows a change', () => {
    const events = createEventHub(log);
    const seen: KioskEvent[] = [];
    events.subscribe((event) => seen.push(event));
    let full = false;
    const status = createStatusEvents({
      status: new SyncStatusTracker(() => 'remote'),
      store,
      events,
      storageFull: () => full,
      refused: () => 2,
      log,
      now: () => 0,
      budget: () => undefined,
    });
    status.emitStatus();
    full = true;
    status.emitStatus();
    status.emitStatus(); // unchanged: no event
    expect(
      seen.map((e) => (e.type === 'status' ? [e.status.storage, e.status.refused] : e.type)),
    ).toEqual([
      ['ok', 2],
      ['full', 2],
    ]);
  });
});
