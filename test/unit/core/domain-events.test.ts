/**
 * The core's domain events (platform/domain-events.ts, issue 27): listeners hear an event in the
 * order they subscribed; one that throws is logged and the others still hear it; the emitter
 * never sees the error; an unsubscribed listener hears nothing more. Names and payloads are typed.
 */
import { describe, expect, it } from 'vitest';
import { createDomainEvents } from '../../../electron/core/platform/domain-events';
import { createLogger } from '../../../electron/core/platform/log';

interface Events {
  'booking.changed': { localId: string };
  'storage.changed': { full: boolean };
}

function bus() {
  const lines: string[] = [];
  const log = createLogger('core:events', { level: 'info', sink: (line) => lines.push(line) });
  return { events: createDomainEvents<Events>(log), lines };
}

describe('the domain events', () => {
  it('a listener that throws is logged, and the others still hear the event', () => {
    const { events, lines } = bus();
    const heard: string[] = [];
    events.on('booking.changed', ({ localId }) => heard.push(`first ${localId}`));
    events.on('booking.changed', () => {
      throw new Error('listener broke');
    });
    events.on('booking.changed', ({ localId }) => heard.push(`third ${localId}`));
    expect(() => events.emit('booking.changed', { localId: 'a' })).not.toThrow();
    expect(heard).toEqual(['first a', 'third a']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('ERROR');
    expect(lines[0]).toContain('domain event listener threw');
    expect(lines[0]).toContain('booking.changed');
  });

  it('each event reaches its own listeners only, until they unsubscribe', () => {
    const { events } = bus();
    const heard: unknown[] = [];
    const off = events.on('storage.changed', (payload) => heard.push(payload));
    events.on('booking.changed', () => heard.push('booking'));
    events.emit('storage.changed', { full: true });
    off();
    events.emit('storage.changed', { full: false });
    expect(heard).toEqual([{ full: true }]);
  });

  it('a listener that subscribes while an event is told hears the next one', () => {
    const { events } = bus();
    const heard: string[] = [];
    events.on('booking.changed', () => {
      heard.push('outer');
      events.on('booking.changed', () => heard.push('inner'));
    });
    events.emit('booking.changed', { localId: 'a' });
    expect(heard).toEqual(['outer']);
  });

  it('names and payloads are typed', () => {
    const { events } = bus();
    // @ts-expect-error: no such event
    events.emit('booking.lost', { localId: 'a' });
    // @ts-expect-error: the payload of storage.changed is { full: boolean }
    events.emit('storage.changed', { localId: 'a' });
    events.on('storage.changed', (payload) => {
      // @ts-expect-error: not a field of the payload
      void payload.localId;
    });
    expect(true).toBe(true);
  });
});
