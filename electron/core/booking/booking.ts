/**
 * Booking: to the API at once when it answers, else into the durable outbox, checked against
 * the cache and the holds first. Both ways are an outbox entry, sent through the replay's path
 * (outbox/send.ts): what a verdict does to the entry is transitions.ts's alone, and the
 * customer's answer is read from the entry it leaves. Expected failures throw KioskFailure.
 */
import { randomUUID } from 'node:crypto';
import type { BookingRequest, BookingResponse } from '../../../shared/api/schemas';
import { confirmedToCustomer } from '../../../shared/booking/booking-states';
import { CACHE_REFUSAL_MESSAGES, checkAgainstCache } from '../../../shared/booking/cache-checks';
import { hasLetter, isPhoneNumber, shopCountry } from '../../../shared/booking/customer-checks';
import { clashes } from '../../../shared/booking/free-times';
import { bookingReference } from '../../../shared/booking/reference';
import type { CustomerBooking } from '../../../shared/kiosk-api';
import { assertNever, KioskFailure } from '../../../shared/result';
import type { Language } from '../../../shared/settings';
import { isDiskFull, monotonicNow, type Clock, type DomainEmitter, type Logger } from '../platform';
import { loadCatalog, trackFollowUp, type KioskDb } from '../db';
import type {
  CacheRefusal,
  OutboxEntry,
  OutboxEvents,
  OutboxStore,
  Replayer,
  SendPath,
  Told,
} from '../outbox';
import type { EngineApi, LiveGate } from '../engine';
import type { Lookups } from '../catalog';
import type { StatusEvents, SyncStatusTracker } from '../status';
import type { SettingsService } from '../staff';

/** What a booking (and a visit, visit.ts) uses of the other rooms. */
export interface BookingDeps {
  db: KioskDb;
  store: Pick<OutboxStore, 'insertIfFree' | 'holdsOn'>;
  clock: Clock;
  timeZone: string;
  status: Pick<SyncStatusTracker, 'skewMs' | 'paused' | 'offlineSince'>;
  statusEvents: Pick<StatusEvents, 'snapshot'>;
  /** Announces an entry's change, or its drop (the status bar and the screens hear it). */
  events: DomainEmitter<Pick<OutboxEvents, 'booking.changed' | 'booking.dropped'>>;
  replayer: Pick<Replayer, 'pause' | 'poke'>;
  /** The send path the replayer uses too. */
  send: Pick<SendPath, 'attempt' | 'settle'>;
  settings: Pick<SettingsService, 'hasPin' | 'get'>;
  gate: Pick<LiveGate, 'mayGoLive'>;
  log: Logger;
}

export type BookingApi = Pick<EngineApi, 'createBooking'>;
type BookingResult = ReturnType<EngineApi['createBooking']>;

/** A booking that is one service of a visit (engine/visit.ts). */
export interface VisitPartOptions {
  visitId: string;
  /**
   * Refused by the API while the customer waits: kept as `rejected` beside the visit's booked
   * services (staff see the pair), instead of forgotten as a lone booking's refusal is.
   */
  keepRefused: boolean;
}

/** What createBooking does, step by step, for the visits (engine/visit.ts) to reuse. */
export interface BookingSteps {
  cacheRefusal(request: BookingRequest): KioskFailure | null;
  cachedSlotCheck(
    request: BookingRequest,
    minutes: number,
    ownId?: string,
  ): 'uncached' | KioskFailure | null;
  /** createBooking in the customer's `language` (kept on the entry), or one service of a visit. */
  book(request: BookingRequest, language: string, part?: VisitPartOptions): BookingResult;
}

export function newEntry(
  request: BookingRequest,
  minutes: number,
  clock: Clock,
  state: 'queued' | 'sending',
  language: string,
  visitId: string | null = null,
): OutboxEntry {
  const now = clock.now();
  return {
    localId: randomUUID(),
    idempotencyKey: `fd-${randomUUID()}`,
    request,
    hold: {
      employeeId: request.employeeId,
      date: request.date,
      time: request.time,
      durationMinutes: minutes,
    },
    state,
    attempts: state === 'sending' ? 1 : 0,
    lastError: null,
    booking: null,
    nextAttemptAt: monotonicNow(clock), // monotonic: a wall-clock jump moves no retry
    responseLost: false,
    firstAttemptAt: state === 'sending' ? now : null,
    createdAt: now,
    updatedAt: now,
    erasedAt: null,
    ...(visitId === null ? {} : { visitId }),
    language,
  };
}

/** What the customer hears when their booking could not be written (nothing was sent). */
export const NOT_STORED = "the booking could not be stored: the kiosk's disk is full";

/** A new entry's first write; a full disk refuses the booking before anything is promised or sent. */
function insertNew(write: () => boolean): boolean {
  try {
    return write();
  } catch (error) {
    if (isDiskFull(error)) throw new KioskFailure('storage_full', NOT_STORED);
    throw error;
  }
}

export const slotFree = (request: BookingRequest, minutes: number) => (holding: OutboxEntry[]) =>
  !clashes(
    { ...request, durationMinutes: minutes },
    holding.map((e) => e.hold),
  );

/**
 * What the customer screen gets back: the API's booking with the customer as typed, never the
 * API's stored record of a returning customer (their number, an older spelling of the name).
 */
function forCustomer(
  booking: BookingResponse | null,
  request: BookingRequest,
): CustomerBooking | null {
  if (!booking) return null;
  return { ...booking, customer: { name: request.customer.name, email: request.customer.email } };
}

const asCacheRefusal = (check: KioskFailure | 'uncached' | null): CacheRefusal | null =>
  check instanceof KioskFailure ? { reason: check.code, message: check.message } : null;

/**
 * What the customer hears, read from the entry the send path left (transitions.ts decided it):
 * a refusal told at once throws; a queued booking whose answer was lost may exist (`unknown`:
 * "we are checking, staff will confirm", never "taken", until the replay settles it).
 */
function answerOf(
  next: OutboxEntry,
  told: Told | undefined,
  request: BookingRequest,
): Awaited<BookingResult> {
  let state = next.state;
  switch (next.state) {
    case 'rejected':
      // Not told: the appointment time passed while no answer came (staff follow it up).
      // Stryker disable next-line OptionalChaining,StringLiteral: a told refusal has its lastError
      if (told) throw new KioskFailure(told.reason, next.lastError?.message ?? 'refused');
      break;
    case 'queued':
      if (next.responseLost) state = 'unknown';
      break;
    case 'sent':
    case 'unknown':
    // Stryker disable StringLiteral,ConditionalExpression: a settled send leaves none of these
    case 'sending':
    case 'discarded':
    case 'quarantined':
      break;
    default:
      // Stryker restore StringLiteral,ConditionalExpression
      return assertNever(next.state);
  }
  return {
    localId: next.localId,
    reference: bookingReference(next.localId),
    state,
    booking: forCustomer(next.booking, request),
  };
}

/**
 * Keeps the follow-up of a booking the customer was not told is made. It never fails the call:
 * the booking is in the outbox, and the customer must hear that, not an error that invites a
 * second booking. Without it a follow-up uses the shop's language. A full disk is in the status
 * already (issue 17); any other failure is logged, by the booking's local id only.
 */
export function keepFollowUp(
  deps: Pick<BookingDeps, 'db' | 'clock' | 'log'>,
  localId: string,
  language: string,
): void {
  try {
    trackFollowUp(deps.db, localId, language, deps.clock.now());
  } catch (error) {
    if (!isDiskFull(error)) deps.log.error('follow-up not kept', { localId, error });
  }
}

/**
 * Beyond the API's field limits (the contract's schema checked them): a name with a letter and a
 * phone of the shop's country or with + and a country code (issue 38 item 13), whatever the
 * transport, before anything is stored or sent. Throws `invalid_input` naming the field.
 */
export function refuseUncallable(
  customer: BookingRequest['customer'],
  shop: { timeZone: string; settings: Pick<SettingsService, 'get'> },
): void {
  if (!hasLetter(customer.name))
    throw new KioskFailure('invalid_input', 'customer.name: needs at least one letter');
  if (!isPhoneNumber(customer.phone, shopCountry(shop.settings.get().country, shop.timeZone)))
    throw new KioskFailure(
      'invalid_input',
      "customer.phone: not a number of the shop's country, nor one with + and a country code",
    );
}

/** The language a booking is taken in: the customer's screen's, else the shop's. */
export function bookingLanguage(
  deps: Pick<BookingDeps, 'settings'>,
  chosen: Language | undefined,
): string {
  return chosen ?? deps.settings.get().language ?? 'de';
}

export function createBookingApi(
  deps: Pick<BookingDeps, 'db' | 'clock' | 'timeZone' | 'settings' | 'log'>,
  steps: BookingSteps,
): BookingApi {
  return {
    /** `input` is the contract's parsed input: the transport validated it. */
    async createBooking(input) {
      refuseUncallable(input.customer, deps);
      const { language: chosen, ...request } = input;
      const language = bookingLanguage(deps, chosen);
      const result = await steps.book(request, language);
      // Not told it is made (queued, or the answer was lost): the customer may need to hear
      // back (notify/); the state table says what the customer was told.
      if (!confirmedToCustomer(result.state)) keepFollowUp(deps, result.localId, language);
      return result;
    },
  };
}

export function createBookingSteps(deps: BookingDeps, lookups: Lookups): BookingSteps {
  const { db, store, clock, status, replayer, events } = deps;

  /**
   * What the cache alone can refuse (a past day or time, a service or employee the cached
   * catalog lacks), so that no customer data is queued for a booking the API must refuse. "Now"
   * is the kiosk clock corrected by the skew measured against the API's Date header.
   */
  function cacheRefusal(request: BookingRequest): KioskFailure | null {
    const catalog = loadCatalog(db);
    const reason = checkAgainstCache({
      request,
      now: clock.now() + (status.skewMs ?? 0),
      timeZone: deps.timeZone,
      catalog:
        catalog.fetchedAt === null
          ? null
          : {
              serviceIds: catalog.services.map((s) => s._id),
              employeeIds: catalog.employees.map((e) => e._id),
            },
    });
    return reason === null
      ? null
      : new KioskFailure('invalid_input', CACHE_REFUSAL_MESSAGES[reason]);
  }

  /**
   * What the cached day says about a booking's slot, asked of the availability model: `uncached`
   * when no list of the day is cached, else null when the time is free there with this employee
   * for the whole duration (their list, the kiosk's other bookings, the times refused as taken
   * since), or the failure to refuse it with. `ownId` is the booking's own entry.
   */
  function cachedSlotCheck(
    request: BookingRequest,
    minutes: number,
    ownId?: string,
  ): 'uncached' | KioskFailure | null {
    const answer = lookups.cachedAnswer({
      date: request.date,
      serviceId: request.serviceId,
      employeeId: request.employeeId,
      durationMinutes: minutes,
      ...(ownId === undefined ? {} : { exceptLocalId: ownId }),
    });
    if (!answer) return 'uncached';
    const slot = answer.timeSlots.find((s) => s.time === request.time);
    if (!slot)
      return new KioskFailure(
        'invalid_request',
        'this time is not on the slot grid of the cached day',
      );
    if (!slot.available || slot.employeeId !== request.employeeId)
      return new KioskFailure('slot_taken', 'this slot is not free');
    return null;
  }

  /** Online: the entry is written as `sending` first, so a crash mid-request is replayed. */
  async function sendNow(
    request: BookingRequest,
    minutes: number,
    language: string,
    part?: VisitPartOptions,
  ): BookingResult {
    // Judged as of the request: a time that passes while the API keeps us waiting was bookable.
    const invalid = cacheRefusal(request);
    const entry = newEntry(request, minutes, clock, 'sending', language, part?.visitId ?? null);
    if (!insertNew(() => store.insertIfFree(entry, slotFree(request, minutes)))) {
      throw new KioskFailure('slot_taken', 'this slot is held by a booking waiting to be sent');
    }
    // Whether the customer could have picked the time: on the cached day's list, or no list
    // cached. A refusal after which it is gone from the API's list then means taken (issue 27),
    // never for a time off the grid. The sync status hears the outcome inside the send path.
    const cached = lookups.cachedAnswer({
      date: request.date,
      serviceId: request.serviceId,
      durationMinutes: minutes,
    });
    const offered = !cached || cached.timeSlots.some((slot) => slot.time === request.time);
    const { verdict } = await deps.send.attempt(entry, 'booking', offered);
    // What the verdict does to the entry is the replay's (transitions.ts), told that the
    // customer waits: a refusal they hear now, and what the cache says against queueing it.
    const { next, transition, pause } = deps.send.settle(entry, verdict, {
      keepRefused: part?.keepRefused ?? false,
      invalid: asCacheRefusal(invalid),
      slotNotFree: () => asCacheRefusal(cachedSlotCheck(request, minutes, entry.localId)),
    });
    if (pause) replayer.pause();
    if (transition.told?.forget) events.emit('booking.dropped', { localId: next.localId });
    else events.emit('booking.changed', { entry: next });
    if (next.state === 'queued') replayer.poke();
    return answerOf(next, transition.told, request);
  }

  /** Offline: validate against the cache and the holds, then queue (one durable transaction). */
  function queueOffline(
    request: BookingRequest,
    minutes: number,
    language: string,
    part?: VisitPartOptions,
  ): BookingResult {
    const refusal = cacheRefusal(request);
    if (refusal) return Promise.reject(refusal);
    const check = cachedSlotCheck(request, minutes);
    if (check === 'uncached')
      throw new KioskFailure('unavailable', 'this day is not cached and the API is unreachable');
    if (check) return Promise.reject(check);
    const entry = newEntry(request, minutes, clock, 'queued', language, part?.visitId ?? null);
    if (!insertNew(() => store.insertIfFree(entry, slotFree(request, minutes)))) {
      return Promise.reject(
        new KioskFailure('slot_taken', 'this slot is held by a booking waiting to be sent'),
      );
    }
    events.emit('booking.changed', { entry });
    replayer.poke();
    return Promise.resolve({
      localId: entry.localId,
      reference: bookingReference(entry.localId),
      state: entry.state,
      booking: null,
    });
  }

  return {
    cacheRefusal,
    cachedSlotCheck,
    /** `request` is the contract's parsed input: the transport validated it. */
    async book(request, language, part) {
      // The UI stops it too; the core refuses for any transport (no PIN, no customer data out).
      // Setup is `required` on a remote upstream without a staff PIN (staff-access.ts).
      if (!deps.settings.hasPin() && deps.statusEvents.snapshot().upstream === 'remote')
        throw new KioskFailure(
          'setup_required',
          'this kiosk takes no bookings until staff set a PIN (setup required)',
        );
      // Known offline: refuse what the cache can tell before anything (serviceMinutes would call
      // an unknown service "unavailable"); queueOffline checks again after a failed probe.
      if (status.paused || status.offlineSince !== null) {
        const refusal = cacheRefusal(request);
        if (refusal) throw refusal;
      }
      const minutes = await lookups.serviceMinutes(request.serviceId);
      const online = !status.paused && (status.offlineSince === null || deps.gate.mayGoLive());
      if (online) return sendNow(request, minutes, language, part);
      return queueOffline(request, minutes, language, part);
    },
  };
}
