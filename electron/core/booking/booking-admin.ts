/**
 * What staff do with this kiosk's bookings: list, retry, discard (and undo it), link a
 * rejected booking to the one that replaced it.
 */
import { randomUUID } from 'node:crypto';
import { BOOKING_STATES } from '../../../shared/booking/booking-states';
import { sameCustomer } from '../../../shared/booking/same-customer';
import { UNDO_DISCARD_MS, type LocalBooking } from '../../../shared/kiosk-api';
import { KioskFailure, assertNever } from '../../../shared/result';
import { monotonicNow, isDiskFull, type Clock, type DomainEmitter } from '../platform';
import {
  entryMatches,
  toLocalBooking,
  type HeldWrites,
  type OutboxEntry,
  type OutboxEvents,
  type OutboxPatch,
  type OutboxStore,
  type Replayer,
  type SendPath,
  recoverInterrupted,
} from '../outbox';
import type { EngineApi } from '../engine';

export interface BookingAdminDeps {
  store: Pick<OutboxStore, 'list' | 'get' | 'update'>;
  clock: Clock;
  replayer: Pick<Replayer, 'poke'>;
  /** Whether a request for an entry is under way. */
  send: Pick<SendPath, 'inFlight'>;
  /** The disk under the outbox (outbox/held-writes.ts); absent: writes are never held. */
  storage?: Pick<HeldWrites, 'isHeld' | 'retry'>;
  /** Announces an entry's change (the status bar and the screens hear it). */
  events: DomainEmitter<Pick<OutboxEvents, 'booking.changed'>>;
  /** Each refused booking's follow-up and e-mail state (notify/follow-ups.ts). */
  withFollowUps: (bookings: LocalBooking[]) => LocalBooking[];
}

export type BookingAdminApi = Pick<
  EngineApi,
  'listBookings' | 'retryBooking' | 'discardBooking' | 'restoreBooking' | 'linkRebooking'
>;

export function createBookingAdmin(deps: BookingAdminDeps): BookingAdminApi {
  const { store, clock, replayer } = deps;
  const onBookingChange = (entry: OutboxEntry) => deps.events.emit('booking.changed', { entry });

  /**
   * Discards staff may still undo: the state each had. In memory: the undo window is seconds,
   * and a restart ends it (restoreBooking then refuses).
   */
  const discarded = new Map<string, { state: OutboxEntry['state']; at: number }>();

  /**
   * An entry left `sending` with no request under way and no held answer (a write that failed
   * on a full disk after the request): staff may send it again or discard it.
   */
  const stuck = (entry: OutboxEntry): boolean =>
    entry.state === 'sending' &&
    !deps.send.inFlight(entry.localId) &&
    !(deps.storage?.isHeld(entry.localId) ?? false);

  /** A write staff asked for: a full disk is theirs to hear of, as such. */
  function staffWrite(localId: string, patch: OutboxPatch): OutboxEntry {
    try {
      return store.update(localId, patch);
    } catch (error) {
      if (isDiskFull(error))
        throw new KioskFailure('storage_full', "the kiosk's disk is full: nothing was changed");
      throw error;
    }
  }

  function requireEntry(localId: string): OutboxEntry {
    const entry = store.get(localId);
    if (!entry) throw new KioskFailure('not_found', 'no such booking');
    return entry;
  }

  const refuse = (message: string) => Promise.reject(new KioskFailure('invalid_request', message));
  const unchanged = (entry: OutboxEntry) => Promise.resolve(toLocalBooking(entry));

  /** As after a crash: the answer is lost, the same key is sent again. */
  function sendStuck(entry: OutboxEntry): Promise<LocalBooking> {
    const next = staffWrite(
      entry.localId,
      recoverInterrupted(entry, clock.now(), monotonicNow(clock)),
    );
    onBookingChange(next);
    replayer.poke();
    return Promise.resolve(toLocalBooking(next));
  }

  function requeue(entry: OutboxEntry): Promise<LocalBooking> {
    // Its customer's data is gone (retention): a retry would send the placeholders.
    if (entry.erasedAt !== null) return refuse('this booking was erased');
    // A clean refusal is stored by the API under its key: a new try needs a new key. After a
    // lost answer the key is kept, so that a booking the API did create is found again. An
    // `unknown` booking staff retry is one they checked: it is sent as a plain attempt, so a
    // refusal then is the API's no (`rejected`), not "may be ours" (`unknown`) once more.
    const next = staffWrite(entry.localId, {
      state: 'queued',
      ...(entry.state === 'unknown' ? { responseLost: false } : {}),
      nextAttemptAt: monotonicNow(clock),
      firstAttemptAt: null,
      updatedAt: clock.now(),
      ...(entry.responseLost ? {} : { idempotencyKey: `fd-${randomUUID()}` }),
    });
    onBookingChange(next);
    replayer.poke();
    return Promise.resolve(toLocalBooking(next));
  }

  /** Discarded at once (the replayer never sends what staff dropped); undo restores its state. */
  function discard(entry: OutboxEntry): Promise<LocalBooking> {
    // A stuck send may have reached the API: undone, it is queued again under its key.
    const wasSending = entry.state === 'sending';
    const next = staffWrite(entry.localId, {
      state: 'discarded',
      updatedAt: clock.now(),
      ...(wasSending ? { responseLost: true } : {}),
    });
    discarded.set(entry.localId, { state: wasSending ? 'queued' : entry.state, at: clock.now() });
    onBookingChange(next);
    return Promise.resolve(toLocalBooking(next));
  }

  return {
    // Async as a whole: a store or follow-up read that throws is a rejected call.
    listBookings: ({ query }) =>
      Promise.resolve().then(() => {
        const entries = store.list();
        const found = query ? entries.filter((e) => entryMatches(e, query)) : entries;
        return deps.withFollowUps(found.map(toLocalBooking));
      }),
    retryBooking({ localId }) {
      // An answer held for disk space is stored first: it may say the booking was made. While
      // the disk is still full, the booking stays as the API answered it.
      if (deps.storage?.isHeld(localId)) {
        deps.storage.retry();
        if (deps.storage.isHeld(localId))
          return Promise.resolve(toLocalBooking(requireEntry(localId)));
      }
      const entry = requireEntry(localId);
      if (entry.rebookedAs) return refuse('this booking was booked again');
      const rule = BOOKING_STATES[entry.state].retry;
      switch (rule) {
        case 'unreadable':
          return refuse('this booking cannot be read: it is not sent');
        case 'whenStuck':
          return stuck(entry) ? sendStuck(entry) : unchanged(entry);
        case 'unchanged':
          return unchanged(entry);
        case 'send':
          return requeue(entry);
        // Stryker disable next-line ConditionalExpression: exhaustive, assertNever is unreachable
        default:
          return assertNever(rule);
      }
    },
    discardBooking({ localId }) {
      const entry = requireEntry(localId);
      const rule = BOOKING_STATES[entry.state].discard;
      // The API has it, or may have it any moment: refused before anything else.
      if (rule === 'never' || (rule === 'whenStuck' && !stuck(entry)))
        return refuse(`a ${entry.state} booking cannot be discarded`);
      if (entry.rebookedAs) return refuse('this booking was booked again');
      switch (rule) {
        case 'unreadable':
          return refuse('an unreadable booking is kept for IT');
        case 'unchanged':
          return unchanged(entry);
        case 'whenStuck': // stuck: refused above otherwise
        case 'discard':
          return discard(entry);
        // Stryker disable next-line ConditionalExpression: exhaustive, assertNever is unreachable
        default:
          return assertNever(rule);
      }
    },
    restoreBooking({ localId }) {
      const entry = requireEntry(localId);
      const undo = discarded.get(localId);
      if (entry.state !== 'discarded' || !undo || clock.now() - undo.at > UNDO_DISCARD_MS) {
        return Promise.reject(
          new KioskFailure('invalid_request', 'this discard can no longer be undone'),
        );
      }
      // Stryker disable next-line CallExpression: once restored, not discarded: refused above
      discarded.delete(localId);
      const next = staffWrite(localId, { state: undo.state, updatedAt: clock.now() });
      onBookingChange(next);
      if (next.state === 'queued') replayer.poke();
      return Promise.resolve(toLocalBooking(next));
    },
    linkRebooking({ localId, rebookedAs }) {
      const entry = requireEntry(localId);
      const again = requireEntry(rebookedAs);
      if (entry.state !== 'rejected' || localId === rebookedAs) {
        return Promise.reject(
          new KioskFailure('invalid_request', 'only a rejected booking can be booked again'),
        );
      }
      // Issue 38: the next walk-in's booking is not this customer's rebooking.
      if (!sameCustomer(entry.request.customer, again.request.customer))
        return refuse('a booking for another customer is not a rebooking');
      const next = staffWrite(localId, { rebookedAs, updatedAt: clock.now() });
      onBookingChange(next);
      return Promise.resolve(toLocalBooking(next));
    },
  };
}
