/** A tiny typed event hub for KioskEvents (status and booking changes). */
import type { KioskEvent } from '../../../shared/kiosk-api';
import type { Logger } from '../log';

export interface EventHub {
  emit(event: KioskEvent): void;
  subscribe(listener: (event: KioskEvent) => void): () => void;
}

export function createEventHub(log: Logger): EventHub {
  const listeners = new Set<(event: KioskEvent) => void>();
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
