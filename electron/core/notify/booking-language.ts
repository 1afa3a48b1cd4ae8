/**
 * The language a booking is sent to the API in (`Accept-Language` on POST /book), so that an
 * API that writes the customer a confirmation (the reference server does) writes it in the
 * language they booked in. The request of the spec has no language field; a header changes no
 * interface the spec defines, and an API that ignores it loses nothing.
 *
 * - A queued booking: the language its follow-up kept (follow-ups.ts). First, because a replay
 *   the online booking pokes runs inside that booking's async context.
 * - A customer waiting for the answer: the screen's language, carried through the call in an
 *   AsyncLocalStorage (the engine and the outbox's send path stay language-free).
 * - Else the shop's language.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Language } from '../../../shared/settings';
import { languageOfKey, type KioskDb } from '../db';

export interface BookingLanguage {
  /** Runs `fn` (a booking a customer waits for) with their language. */
  during<T>(language: Language | undefined, fn: () => Promise<T>): Promise<T>;
  /** The language to send the booking under `idempotencyKey` in. */
  forKey: (idempotencyKey: string) => string;
}

export function createBookingLanguage(options: {
  db: KioskDb;
  shopLanguage: () => Language;
}): BookingLanguage {
  const current = new AsyncLocalStorage<Language>();
  return {
    during: (language, fn) => (language === undefined ? fn() : current.run(language, fn)),
    forKey: (key) => languageOfKey(options.db, key) ?? current.getStore() ?? options.shopLanguage(),
  };
}
