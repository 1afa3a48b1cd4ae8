/**
 * The core's in-process domain events (issue 27): the room that changes something emits, the
 * rooms that care subscribe, so no room calls another to announce a change. The bus is generic:
 * each room declares the events it emits beside its code (`XxxEvents`), and the composition
 * joins them into one map. Listeners run in the order they subscribed, synchronously; one that
 * throws is logged and the others still hear the event (the emitter never sees the error).
 */
import type { Logger } from './log';

/** A map from an event's name to its payload. */
export type EventMap = object;

export interface DomainEmitter<E extends EventMap> {
  emit<K extends keyof E & string>(type: K, payload: E[K]): void;
}

export interface DomainEvents<E extends EventMap> extends DomainEmitter<E> {
  /** Subscribes; returns the unsubscribe. */
  on<K extends keyof E & string>(type: K, listener: (payload: E[K]) => void): () => void;
}

export function createDomainEvents<E extends EventMap>(log: Logger): DomainEvents<E> {
  const listeners = new Map<keyof E, Set<(payload: never) => void>>();
  return {
    emit(type, payload) {
      for (const listener of [...(listeners.get(type) ?? [])]) {
        try {
          (listener as (payload: E[typeof type]) => void)(payload);
        } catch (error) {
          log.error('domain event listener threw', { event: type, error });
        }
      }
    },
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}
