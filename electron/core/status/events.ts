/** A tiny typed event hub for KioskEvents (status and booking changes). */
import type { KioskEvent } from '../../../shared/kiosk-api';
import type { Logger } from '../platform';

export interface EventHub {
  emit(event: KioskEvent): void;
  subscribe(listener: (event: KioskEvent) => void): () => void;
}

export function createEventHub(log: Logger): EventHub {
  const listeners = new Set<(event: KioskEvent) => void>();
  // Stryker disable next-line StringLiteral: no status serialises to a bare string
  let lastStatus = '';
  return {
    emit(event) {
      if (event.type === 'status') {
        // Status is re-derived after every change; only a real change is an event.
        const key = JSON.stringify(event.status);
        if (key === lastStatus) return;
        lastStatus = key;
      }
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          log.error('event listener threw', { error });
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A subscriber's view of the hub: booking events only while its staff session is live. */
export function subscribeWithSession(
  hub: EventHub,
  isLive: (session: string) => boolean,
  listener: (event: KioskEvent) => void,
  session?: () => string | null | undefined,
): () => void {
  return hub.subscribe((event) => {
    if (event.type === 'booking') {
      const current = session?.();
      if (!current || !isLive(current)) return;
    }
    listener(event);
  });
}
