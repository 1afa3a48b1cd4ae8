/**
 * Issue 30.7: an upstream that keeps a booked time listed free (an employee who takes several
 * customers at once, or no overlap check) and ignores Idempotency-Key books a lost answer's
 * re-send a second time: the send path's pre-check finds the time free, the re-send succeeds.
 * Nothing in the spec forbids such an API, so the kiosk learns it from the slot lists it is
 * answered anyway: a time it booked (sent, not cancelled) listed free for that employee, in a list
 * asked for well after the booking was confirmed. The fact is kept per upstream in the settings
 * table (it survives a restart; another upstream starts unknown again), and from then on a
 * booking whose answer was lost goes to staff instead of being sent again (send.ts).
 *
 * Bookings it already sent again after a lost answer, and the API accepted, may be booked twice
 * (issue 39, item 8): when the fact is learned, those sent again since the kiosk last saw the
 * key honoured (`booking.keyHonoured`, send.ts) go to staff too (`unknown`, SENT_AGAIN_TO_CHECK).
 *
 * A false alarm (the shop cancelled that booking at the API) only costs staff checks: lost
 * answers are rare, a second booking of one customer is not what the kiosk may risk.
 */
import { z } from 'zod';
import type { TimeSlots } from '../../../shared/api/schemas';
import { bookingReference } from '../../../shared/booking/reference';
import type { Clock, DomainEvents, Logger } from '../platform';
import { type KioskDb, getSetting, setSetting } from '../db';
import type { UpstreamClient } from '../upstream';
import type { UpstreamLink } from './upstream-link';
import type { UpstreamTargetRef } from './upstream-target';
import {
  type OutboxEntry,
  type OutboxEvents,
  sentAgainToCheck,
  slotFreeIn,
  type OutboxStore,
} from '../outbox';

/**
 * How long after a booking was confirmed a slot list must have been asked for to count: a remote
 * may answer lists from a cache or a lagging replica for a while (a list that does not know the
 * booking yet is no evidence).
 */
export const SETTLE_MS = 5 * 60_000;

const SETTING = 'upstreamBookedTimes';

const Watched = z.object({
  /** Which upstream (kind and address; the key may change): another one starts unknown. */
  upstream: z.string(),
  /** Since when this kiosk watches it: bookings sent before may have gone to another upstream. */
  since: z.number(),
  /** The booking seen listed free after it was booked (no customer data), or null. */
  keepsFree: z
    .object({ learnedAt: z.number(), reference: z.string(), date: z.string(), time: z.string() })
    .nullable(),
  /** When a re-send last proved the key honoured, and its booking (absent: never). */
  keyHonoured: z.object({ at: z.number(), localId: z.string() }).nullable().default(null),
});
type Watched = z.infer<typeof Watched>;

/** What diagnostics show IT (times as ISO strings). */
export interface BookedTimesReport {
  watchedSince: string;
  keepsBookedTimesFree: { learnedAt: string; reference: string; date: string; time: string } | null;
}

export function upstreamIdentity(target: UpstreamTargetRef | null): string {
  if (!target) return '';
  // The embedded server's port changes at every start; it is one upstream all the same.
  return target.kind === 'embedded' ? 'embedded' : `remote|${target.baseUrl}`;
}

/**
 * The first of `sent` (entries of the list's date) whose time `day` lists free for its employee
 * although it was confirmed at least SETTLE_MS before the list was asked for (`askedAt`).
 */
export function keptFreeEvidence(
  day: TimeSlots,
  sent: readonly OutboxEntry[],
  askedAt: number,
): OutboxEntry | null {
  return (
    sent.find(
      (entry) =>
        entry.state === 'sent' &&
        entry.booking !== null &&
        entry.booking.status !== 'cancelled' &&
        entry.updatedAt + SETTLE_MS <= askedAt &&
        slotFreeIn(day, entry.request),
    ) ?? null
  );
}

export interface BookedTimesWatch {
  /** The link's client, every slot list it is answered looked at. */
  client: () => UpstreamClient;
  /** False once the current upstream was seen keeping a booked time free (send.ts). */
  blocksBookedTimes: () => boolean;
  report: () => BookedTimesReport;
}

export function watchBookedTimes(deps: {
  db: KioskDb;
  store: OutboxStore;
  clock: Clock;
  log: Logger;
  /** Read at each use: a re-target reaches the watch at once. */
  link: Pick<UpstreamLink, 'client' | 'target'>;
  /** Hears a key seen honoured; announces the bookings it sends to staff. */
  events: DomainEvents<Pick<OutboxEvents, 'booking.changed' | 'booking.keyHonoured'>>;
}): BookedTimesWatch {
  const { db, store, clock, log, events } = deps;

  function read(): Watched | null {
    try {
      const parsed = Watched.safeParse(JSON.parse(getSetting(db, SETTING) ?? 'null'));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  // Kept in memory too: a full disk must not make the kiosk forget what it saw.
  function save(next: Watched): void {
    state = next;
    try {
      setSetting(db, SETTING, JSON.stringify(next));
    } catch (error) {
      log.warn('what the upstream does with booked times is not saved', { error });
    }
  }

  let state: Watched | null = read();
  /** The record of the current upstream (a re-target starts a new one). */
  function current(): Watched {
    const upstream = upstreamIdentity(deps.link.target());
    if (state?.upstream !== upstream)
      save({ upstream, since: clock.now(), keepsFree: null, keyHonoured: null });
    return state as Watched;
  }
  current();
  events.on('booking.keyHonoured', (proof) => save({ ...current(), keyHonoured: proof }));

  /**
   * Bookings sent again after a lost answer to this upstream, since it last proved the key
   * honoured (the proving booking itself was answered with its first booking), go to staff.
   */
  function sentAgainToStaff(watched: Watched): void {
    const proof = watched.keyHonoured;
    const after = Math.max(watched.since, proof?.at ?? -Infinity);
    const now = clock.now();
    const references: string[] = [];
    for (const entry of store.list()) {
      if (entry.updatedAt < after || entry.localId === proof?.localId) continue;
      const patch = sentAgainToCheck(entry, now);
      if (!patch) continue;
      events.emit('booking.changed', { entry: store.update(entry.localId, patch) });
      references.push(bookingReference(entry.localId));
    }
    if (references.length > 0)
      log.warn('bookings sent again after a lost answer go to staff: they may be booked twice', {
        references,
      });
  }

  function observe(day: TimeSlots, askedAt: number): void {
    const watched = current();
    if (watched.keepsFree) return;
    const evidence = keptFreeEvidence(day, store.holdsOn(day.date, watched.since), askedAt);
    if (!evidence) return;
    const seen = {
      learnedAt: clock.now(),
      reference: bookingReference(evidence.localId),
      date: evidence.request.date,
      time: evidence.request.time,
    };
    save({ ...watched, keepsFree: seen });
    sentAgainToStaff(watched);
    log.warn(
      'the upstream lists a time this kiosk booked as still free: a booking whose answer is lost goes to staff from now on, it is not sent again',
      { reference: seen.reference, date: seen.date, time: seen.time },
    );
  }

  let wrapped: { inner: UpstreamClient; outer: UpstreamClient } | null = null;
  function watched(inner: UpstreamClient): UpstreamClient {
    return {
      ...inner,
      async getTimeSlots(query, call) {
        const askedAt = clock.now();
        const outcome = await inner.getTimeSlots(query, call);
        if (outcome.kind === 'ok') {
          // Only a look: whatever goes wrong here must not cost the caller its answer.
          try {
            observe(outcome.data, askedAt);
          } catch (error) {
            log.warn('a slot list could not be checked for booked times', { error });
          }
        }
        return outcome;
      },
    };
  }

  return {
    client() {
      const inner = deps.link.client();
      if (wrapped?.inner !== inner) wrapped = { inner, outer: watched(inner) };
      return wrapped.outer;
    },
    blocksBookedTimes: () => current().keepsFree === null,
    report() {
      const { since, keepsFree } = current();
      return {
        watchedSince: new Date(since).toISOString(),
        keepsBookedTimesFree: keepsFree && {
          ...keepsFree,
          learnedAt: new Date(keepsFree.learnedAt).toISOString(),
        },
      };
    },
  };
}
