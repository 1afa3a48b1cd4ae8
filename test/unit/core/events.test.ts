/** The core's event hub: status events only on a real change, every booking event, listeners isolated. */
import { describe, expect, it } from 'vitest';
import { createEventHub, subscribeWithSession } from '../../../electron/core/status/events';
import type { Logger } from '../../../electron/core/platform/log';
import type { KioskEvent, SyncStatus } from '../../../shared/kiosk-api';

function recordingLog(): Logger & { errors: [string, unknown][] } {
  const errors: [string, unknown][] = [];
  const none = () => undefined;
  return {
    errors,
    debug: none,
    info: none,
    warn: none,
    error: (message, fields) => errors.push([message, fields]),
  };
}

const status = (queued: number): KioskEvent => ({
  type: 'status',
  status: {
    online: true,
    mode: 'enabled',
    lastSyncAt: null,
    queued,
    unknown: 0,
    rateLimit: null,
    clockSkewMs: null,
    lastError: null,
    upstream: 'embedded',
  } as unknown as SyncStatus,
});
const booking = (localId: string): KioskEvent => ({
  type: 'booking',
  booking: { localId } as never,
});

describe('event hub', () => {
  it('passes a status on only when it differs from the last one; booking events every time', () => {
    const hub = createEventHub(recordingLog());
    const seen: KioskEvent[] = [];
    hub.subscribe((event) => seen.push(event));
    hub.emit(status(0));
    hub.emit(status(0));
    hub.emit(booking('a'));
    hub.emit(booking('a'));
    hub.emit(status(1));
    hub.emit(status(0));
    expect(
      seen.map((e) =>
        e.type === 'status'
          ? `status ${e.status.queued}`
          : e.type === 'booking'
            ? `booking ${e.booking.localId}`
            : e.type,
      ),
    ).toEqual(['status 0', 'booking a', 'booking a', 'status 1', 'status 0']);
  });

  it('a listener that throws is logged and does not keep the event from the others', () => {
    const log = recordingLog();
    const hub = createEventHub(log);
    const seen: string[] = [];
    hub.subscribe(() => {
      throw new Error('renderer gone');
    });
    hub.subscribe((event) => seen.push(event.type));
    hub.emit(booking('a'));
    expect(seen).toEqual(['booking']);
    expect(log.errors).toHaveLength(1);
    expect(log.errors[0]?.[0]).toBe('event listener threw');
    expect((log.errors[0]?.[1] as { error: Error }).error.message).toBe('renderer gone');
  });

  it('unsubscribing stops delivery to that listener only', () => {
    const hub = createEventHub(recordingLog());
    const seen: string[] = [];
    const other: string[] = [];
    const stop = hub.subscribe((event) => seen.push(event.type));
    hub.subscribe((event) => other.push(event.type));
    hub.emit(booking('a'));
    stop();
    hub.emit(booking('b'));
    expect(seen).toEqual(['booking']);
    expect(other).toEqual(['booking', 'booking']);
  });

  it('a subscriber with no staff session gets status events, never a booking, and nothing is logged', () => {
    const log = recordingLog();
    const hub = createEventHub(log);
    const seen: string[] = [];
    const live = new Set(['s1']);
    subscribeWithSession(
      hub,
      (session) => live.has(session),
      (event) => seen.push(`none ${event.type}`),
    );
    subscribeWithSession(
      hub,
      (session) => live.has(session),
      (event) => seen.push(`s1 ${event.type}`),
      () => 's1',
    );
    hub.emit(booking('a'));
    hub.emit(status(3));
    live.delete('s1'); // the session ended
    hub.emit(booking('b'));
    expect(seen).toEqual(['s1 booking', 'none status', 's1 status']);
    expect(log.errors).toEqual([]);
  });
});
