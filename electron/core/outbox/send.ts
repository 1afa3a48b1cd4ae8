/**
 * The one send path of a booking: the online booking (booking/booking.ts) and the replayer both
 * send an outbox entry through it, so that a request, its classification and what the verdict
 * does to the entry (transitions.ts alone) are written once. The online booking settles as one
 * the customer waits for (`Waiting`): a refusal it hears at once, no entry queued that the
 * cache refuses.
 *
 * Contract: `attempt` never throws for an upstream failure (the client turns those into
 * outcomes); every outcome is said (`upstream.outcome`) before the entry is settled, so the
 * sync status is current when the entry's change is announced.
 */
import type { BookingRequest, BookingResponse } from '../../../shared/api/schemas';
import { isDiskFull, monotonicNow, type Clock, type DomainEmitter } from '../platform';
import {
  type CallOptions,
  type UpstreamClient,
  classifyBookingOutcome,
  type BookingVerdict,
  type LocalError,
  type UpstreamEvents,
  type UpstreamOutcome,
} from '../upstream';
import { assertNever } from '../../../shared/result';
import type { OutboxEntry, OutboxPatch } from './entry';
import type { OutboxEvents } from './events';
import { checkSlot } from './slot-check';
import type { OutboxStore } from './store';
import {
  applyVerdict,
  DEFAULT_REPLAY_POLICY,
  startAttempt,
  type ReplayPolicy,
  type Transition,
  type Waiting,
} from './transitions';

/** `booking`: a customer waits for the answer; `replay`: a queued booking is sent again. */
export type SendPurpose = 'booking' | 'replay';

export interface SendPathOptions {
  store: OutboxStore;
  client: () => UpstreamClient;
  clock: Clock;
  /** Jitter source for the backoff, [0, 1). */
  random?: () => number;
  policy?: ReplayPolicy;
  /** Total timeout of the online booking's request (default 5 s). */
  bookingTimeoutMs?: number;
  /** Total timeout of a replayed request (default: the client's). */
  replayTimeoutMs?: number;
  /**
   * Where every outcome is said, before its entry is settled (the status room notes it), and
   * a key seen honoured (`booking.keyHonoured`).
   */
  events?: DomainEmitter<
    Pick<UpstreamEvents, 'upstream.outcome'> & Pick<OutboxEvents, 'booking.keyHonoured'>
  >;
  /**
   * Whether an entry's appointment time has passed (the core judges it on the API's time when
   * known): a booking that cannot be sent then ends instead of waiting on. Default: never.
   */
  appointmentPassed?: (entry: OutboxEntry) => boolean;
  /**
   * Writes a verdict's patch (default: `store.update`). The core passes held-writes.ts's
   * `settle`, which keeps an answer the API gave in memory while the disk is full.
   */
  settleWrite?: (localId: string, patch: OutboxPatch) => OutboxEntry;
  /**
   * Whether the upstream is trusted to answer a repeated Idempotency-Key with its first booking
   * (default: yes). When not, a lost answer refused as taken goes to staff at once (transitions.ts).
   */
  upstreamKeepsKeys?: () => boolean;
  /**
   * Whether the upstream takes a booked time off its slot lists (default: yes). Once it was seen
   * keeping one free (booked-times-watch.ts), a free pre-check proves nothing: a booking whose
   * answer was lost is not sent again but goes to staff (`unknown`, LOST_NOT_SENT_AGAIN).
   */
  upstreamBlocksBookedTimes?: () => boolean;
  /** Timeout of the online booking's look at the day's list after a refusal (default: the client's). */
  lookupTimeoutMs?: number;
  /**
   * What the cached catalog knows of the booking's service and person (default: `listed`). A
   * refusal of one the fetched catalog lacks (`unlisted`) is not looked into: the service or
   * person went, not the slot. A catalog not mirrored yet (`unknown`, the first minute after a
   * start) says nothing: the day's list decides, as for a listed one.
   */
  inCatalog?: (request: BookingRequest) => CatalogKnowledge;
}

/**
 * What the cached catalog knows of a booking's service and person: both on the lists as last
 * fetched (`listed`), one missing from a fetched list (`unlisted`), or a list not fetched yet
 * (`unknown`; never read as missing).
 */
export type CatalogKnowledge = 'listed' | 'unlisted' | 'unknown';

export { LOST_AND_TAKEN } from './transitions';

/** What staff read on a lost answer the kiosk did not send again (see `upstreamBlocksBookedTimes`). */
export const LOST_NOT_SENT_AGAIN =
  'The answer to this booking was lost and this booking service keeps booked times listed as free (it may book one time twice), so the kiosk did not send it again: check with the booking service whether it was booked (service, employee, date, time and the customer are shown here).';

export interface SendAttempt {
  /** The request's outcome; null when no request settled it (a lost answer not sent again). */
  outcome: UpstreamOutcome<BookingResponse> | null;
  verdict: BookingVerdict;
}

export interface Settled {
  /** The entry as stored after the verdict (as it would be, when `transition.told` forgot it). */
  next: OutboxEntry;
  transition: Transition;
  /** The API refused our key: the queue must pause (null otherwise). */
  pause: LocalError | null;
}

export interface SendPath {
  /** Marks a queued entry as being sent: the attempt is counted before the request leaves. */
  begin(entry: OutboxEntry): OutboxEntry;
  /**
   * Sends an entry in `sending` once, under its idempotency key. `offered` (default true): its
   * time was on the day's list the kiosk had when it was asked for, so a refusal after which
   * the time is gone from the list means taken. A queued booking was checked against that list
   * when it was queued (or its day was not cached: the API decides, and gone is taken).
   */
  attempt(entry: OutboxEntry, purpose: SendPurpose, offered?: boolean): Promise<SendAttempt>;
  /** Writes what the verdict does to the entry (transitions.ts); `waiting`: the customer is there. */
  settle(entry: OutboxEntry, verdict: BookingVerdict, waiting?: Waiting): Settled;
  /** Whether a request for this entry is under way (an entry `sending` without one is stuck). */
  inFlight(localId: string): boolean;
}

export function createSendPath(options: SendPathOptions): SendPath {
  const { store, clock } = options;
  const tell = (outcome: UpstreamOutcome<BookingResponse>, purpose: SendPurpose): void =>
    options.events?.emit('upstream.outcome', { outcome, purpose: { kind: purpose } });
  const random = options.random ?? Math.random;
  const policy = options.policy ?? DEFAULT_REPLAY_POLICY;
  const calls: Record<SendPurpose, CallOptions> = {
    // The customer waits a little for the budget; a replay waits in `queued` instead.
    booking: {
      priority: 'interactive',
      maxWaitMs: 2_000,
      timeoutMs: options.bookingTimeoutMs ?? 5_000,
    },
    replay: { priority: 'interactive', maxWaitMs: 0, timeoutMs: options.replayTimeoutMs },
  };
  /** The look at the day's list after a refusal: the customer waits as for a lookup. */
  const takenCalls: Record<SendPurpose, CallOptions> = {
    booking: { priority: 'interactive', maxWaitMs: 2_000, timeoutMs: options.lookupTimeoutMs },
    replay: calls.replay,
  };
  /**
   * Before a booking whose answer was lost is sent again: is its slot still free for its
   * employee? Free: the first attempt surely failed (the upstream blocks booked times, else
   * `attempt` does not get here), send. Taken: it may be ours. It is
   * sent again under its key all the same: an API that honours the key answers with the first
   * booking (sent), one that ignores it cannot book a taken slot twice and refuses it, which
   * makes it `unknown` for staff (transitions.ts). Only a slot that is taken can be ours.
   * No answer: the lookup's outcome decides, as a send's would (nothing is sent).
   */
  async function preCheck(
    client: UpstreamClient,
    entry: OutboxEntry,
    call: CallOptions,
  ): Promise<{ settled: SendAttempt } | { listedTaken: boolean }> {
    const checked = await checkSlot(client, entry.request, call);
    // Free, taken, or gone from the list (its answer is lost): sent again all the same.
    if (checked.kind !== 'failed') return { listedTaken: checked.kind === 'taken' };
    tell(checked.outcome, 'replay');
    return { settled: { outcome: checked.outcome, verdict: lookupVerdict(checked.outcome) } };
  }

  /**
   * The pre-check's lookup failed: its outcome decides as a send's would (nothing is sent): no
   * answer is a retry, a refused key pauses, a 429 waits. A lookup refused (its service gone, a
   * bad query) says nothing about our booking: staff must find out.
   */
  function lookupVerdict(
    outcome: Exclude<UpstreamOutcome<BookingResponse>, { kind: 'ok' }>,
  ): BookingVerdict {
    const verdict = classifyBookingOutcome(outcome);
    return verdict.kind === 'refused' ? { kind: 'unknown', error: verdict.error } : verdict;
  }

  /**
   * A refusal the table leaves to the day's list (`ask`: a status a remote may answer a taken
   * slot with): listed free is `no`; listed unavailable, or gone from the list when it was
   * `offered` before, is `yes`, for the online booking and the replay alike. No usable answer,
   * or a service or person the fetched catalog lacks, leaves `ask`: the customer hears the plain
   * refusal, and a lost answer goes on as possibly ours (transitions.ts). A catalog not mirrored
   * yet lacks nothing: the list is asked (else the first minute after a start told a customer
   * whose time was taken that the service or person had gone, issue 37).
   */
  async function resolveTaken(
    client: UpstreamClient,
    entry: OutboxEntry,
    verdict: BookingVerdict,
    purpose: SendPurpose,
    offered: boolean,
  ): Promise<BookingVerdict> {
    if (verdict.kind !== 'refused' || verdict.taken !== 'ask') return verdict;
    if ((options.inCatalog?.(entry.request) ?? 'listed') === 'unlisted') return verdict;
    const checked = await checkSlot(client, entry.request, takenCalls[purpose]);
    switch (checked.kind) {
      case 'free':
        return { ...verdict, taken: 'no' };
      case 'taken':
        return { ...verdict, taken: 'yes' };
      case 'unlisted':
        return { ...verdict, taken: offered ? 'yes' : 'no' };
      case 'failed':
        return verdict;
      // Stryker disable next-line ConditionalExpression: unreachable, the cases are exhaustive
      default:
        return assertNever(checked);
    }
  }

  const settleWrite = options.settleWrite ?? ((localId, patch) => store.update(localId, patch));

  /**
   * Drops an entry the customer was told is not booked. On a full disk it stays `sending` (staff
   * see it, and may discard it; a restart sends it again under its key and hears the same).
   */
  function forget(entry: OutboxEntry, patch: OutboxPatch): OutboxEntry {
    try {
      store.remove(entry.localId);
    } catch (error) {
      if (!isDiskFull(error)) throw error;
    }
    return { ...entry, ...patch };
  }
  const inFlight = new Map<string, number>();

  return {
    begin(entry) {
      return store.update(entry.localId, startAttempt(entry, clock.now()));
    },
    async attempt(entry, purpose, offered = true) {
      inFlight.set(entry.localId, (inFlight.get(entry.localId) ?? 0) + 1);
      try {
        const client = options.client();
        let listedTaken = false;
        if (entry.responseLost) {
          if (!(options.upstreamBlocksBookedTimes?.() ?? true))
            return {
              outcome: null,
              verdict: { kind: 'unknown', error: { status: null, message: LOST_NOT_SENT_AGAIN } },
            };
          const checked = await preCheck(client, entry, calls[purpose]);
          if ('settled' in checked) return checked.settled;
          listedTaken = checked.listedTaken;
        }
        // In the language the customer booked in, kept on the entry.
        const outcome = await client.book(
          entry.request,
          entry.idempotencyKey,
          calls[purpose],
          entry.language ?? null,
        );
        tell(outcome, purpose);
        const classified = classifyBookingOutcome(outcome);
        // A time the API listed taken a moment ago, booked under our key: it answered our first
        // booking again (an API that ignored the key would have refused the taken time). The
        // proof costs nothing: both requests are the re-send's own (issue 39, item 8).
        if (listedTaken && classified.kind === 'sent')
          options.events?.emit('booking.keyHonoured', { localId: entry.localId, at: clock.now() });
        const verdict = await resolveTaken(client, entry, classified, purpose, offered);
        return { outcome, verdict };
      } finally {
        const left = (inFlight.get(entry.localId) ?? 1) - 1;
        if (left > 0) inFlight.set(entry.localId, left);
        else inFlight.delete(entry.localId);
      }
    },
    inFlight: (localId) => inFlight.has(localId),
    settle(entry, verdict, waiting) {
      const moment = {
        now: clock.now(),
        mono: monotonicNow(clock),
        appointmentPassed: options.appointmentPassed?.(entry) ?? false,
        upstreamKeepsKeys: options.upstreamKeepsKeys?.() ?? true,
        ...(waiting ? { waiting } : {}),
      };
      const transition = applyVerdict(entry, verdict, moment, random(), policy);
      const next = transition.told?.forget
        ? forget(entry, transition.patch)
        : settleWrite(entry.localId, transition.patch);
      return { next, transition, pause: transition.pause };
    },
  };
}
