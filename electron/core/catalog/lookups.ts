/**
 * The customer's lookups: the catalog, the days of a month, a day's time slots. Live when the
 * cache is stale and the governor allows an interactive request, else from the cache (with
 * `asOf`); slots always have the holds of this kiosk's unsent bookings taken out.
 */
import { durationMinutes } from '../../../shared/api/duration';
import type { Service, TimeSlot } from '../../../shared/api/schemas';
import { applyHolds, type Hold } from '../../../shared/booking/holds';
import { todayIn } from '../../../shared/booking/time';
import { assertNever, KioskFailure } from '../../../shared/result';
import {
  loadAvailableDays,
  loadCatalog,
  loadService,
  loadSlotDaysOfMonth,
  loadTimeSlots,
  saveAvailableDays,
  saveCatalog,
  saveTimeSlots,
  type Cached,
  refusedAsTakenSince,
} from '../db';
import { overlayAvailableDays } from '../mirror';
import { classifyLookupOutcome, type UpstreamEvents, type UpstreamOutcome } from '../upstream';
import {
  DEFAULT_ENGINE_FRESHNESS,
  type EngineApi,
  type EngineFreshness,
  type LiveGate,
} from '../engine';
import type { Clock, DomainEmitter } from '../platform';
import type { KioskDb } from '../db';
import type { OutboxStore } from '../outbox';
import type { UpstreamClient } from '../upstream';

export type LookupApi = Pick<EngineApi, 'getCatalog' | 'getAvailableDays' | 'getTimeSlots'>;

export interface Lookups {
  api: LookupApi;
  /** The service's duration for holds (see the function's comment). */
  serviceMinutes(serviceId: string): Promise<number>;
  /** Times refused as taken since a cached list was fetched: held against it (holdsFor). */
  refusedSince(date: string, fetchedAt: number): Hold[];
  /** Cached slots for a lookup; an employee without its own cache falls back to the `any` day. */
  cachedSlots(
    date: string,
    serviceId: string,
    employeeId: string | undefined,
  ): Cached<TimeSlot[]> | null;
}

const LOOKUP = { kind: 'lookup' } as const;

/**
 * Nothing live and nothing cached. An API that answered something unusable (issue 18) is "not
 * available right now" for the customer, never "cannot be reached"; staff read the operation
 * and the field in the sync status.
 */
function missing(answered: UpstreamOutcome<unknown> | null, what: string): KioskFailure {
  return answered?.kind === 'invalidBody'
    ? new KioskFailure(
        'not_available',
        `${what} not available: the API answered something unexpected`,
      )
    : new KioskFailure('unavailable', `${what} neither live nor cached`);
}

export interface LookupsDeps {
  db: KioskDb;
  store: Pick<OutboxStore, 'holdsOn'>;
  clock: Clock;
  timeZone: string;
  client: () => UpstreamClient;
  /** Says what each lookup's request came to (the status room notes it and shows the status). */
  events: DomainEmitter<Pick<UpstreamEvents, 'upstream.outcome'>>;
  gate: Pick<LiveGate, 'mayGoLive'>;
  freshness?: EngineFreshness;
  lookupTimeoutMs?: number;
}

export function createLookups(deps: LookupsDeps): Lookups {
  const { db, store, clock, gate } = deps;
  const freshness = deps.freshness ?? DEFAULT_ENGINE_FRESHNESS;

  /** Records what a lookup learnt about the upstream; returns the live data or null. */
  function noteLookup<T>(outcome: UpstreamOutcome<T>): T | null {
    // The status room notes it and, unless the API refused the lookup itself, shows the status;
    // a refused key pauses the queue too (`upstream.keyRefused`, status/status-room.ts).
    deps.events.emit('upstream.outcome', { outcome, purpose: LOOKUP });
    const verdict = classifyLookupOutcome(outcome);
    switch (verdict.kind) {
      case 'live':
        return verdict.data;
      case 'fallback':
      case 'auth':
        return null;
      case 'client':
        throw new KioskFailure(verdict.code, verdict.message);
      // Stryker disable next-line ConditionalExpression: exhaustive, assertNever is unreachable
      default:
        return assertNever(verdict);
    }
  }

  const interactive = () => ({
    priority: 'interactive' as const,
    maxWaitMs: 0,
    timeoutMs: deps.lookupTimeoutMs ?? 3_000,
  });
  const asOf = (fetchedAt: number): string => new Date(fetchedAt).toISOString();
  const isStale = (cached: Cached<unknown> | null, maxAgeMs: number): boolean =>
    cached === null || clock.now() - cached.fetchedAt > maxAgeMs;

  /**
   * Holds: unsent bookings, plus what a cached answer may not know yet: bookings sent since, and
   * times the API refused as taken since (db/refused-slots.ts). A live answer knows both.
   */
  function holdsFor(date: string, fetchedAt: number | null): Hold[] {
    const holds = store.holdsOn(date, fetchedAt).map((e) => e.hold);
    // Stryker disable next-line ConditionalExpression: no row's updatedAt is >= NULL either
    return fetchedAt === null ? holds : [...holds, ...refusedAsTakenSince(db, date, fetchedAt)];
  }

  /** `force`: refresh even a fresh cache (a service it lacks is asked for). */
  async function getCatalog(force: boolean): ReturnType<EngineApi['getCatalog']> {
    const cached = loadCatalog(db);
    const stale =
      force ||
      cached.fetchedAt === null ||
      clock.now() - cached.fetchedAt > freshness.catalogMaxAgeMs;
    let last: UpstreamOutcome<unknown> | null = null;
    if (stale && gate.mayGoLive()) {
      const client = deps.client();
      const call = { ...interactive(), maxWaitMs: cached.fetchedAt === null ? 5_000 : 0 };
      const services = noteLookup((last = await client.getServices(call)));
      const employees = services ? noteLookup((last = await client.getEmployees(call))) : null;
      if (services && employees) {
        const enabled = services.filter((s) => s.enabled);
        saveCatalog(db, enabled, employees, clock.now());
        return { services: enabled, employees, source: 'live', asOf: asOf(clock.now()) };
      }
    }
    if (cached.fetchedAt === null) throw missing(last, 'the catalog is');
    return {
      services: cached.services,
      employees: cached.employees,
      source: 'cache',
      asOf: asOf(cached.fetchedAt),
    };
  }

  const getAvailableDays: LookupApi['getAvailableDays'] = async (input) => {
    const key = {
      year: input.year,
      month: input.month,
      serviceId: input.serviceId,
      employeeId: input.employeeId,
    };
    const cached = loadAvailableDays(db, key);
    // Stored slot lists of the month: which days can be booked offline, and (fetched after the
    // calendar) the fresher truth about their day.
    const slotDays =
      // Stryker disable next-line ConditionalExpression: unread without a service (offlinePart)
      input.serviceId === undefined
        ? new Map<number, { fetchedAt: number; anyAvailable: boolean }>()
        : loadSlotDaysOfMonth(db, {
            year: input.year,
            month: input.month,
            serviceId: input.serviceId,
          });
    const today = todayIn(deps.timeZone, clock.now());
    const bookableOffline = [...slotDays]
      .filter(
        ([day, list]) =>
          list.anyAvailable &&
          `${input.year}-${String(input.month).padStart(2, '0')}-${String(day).padStart(2, '0')}` >=
            today,
      )
      .map(([day]) => day)
      .sort((a, b) => a - b);
    const offlinePart = input.serviceId === undefined ? {} : { bookableOffline };
    let last: UpstreamOutcome<unknown> | null = null;
    if (isStale(cached, freshness.otherMaxAgeMs) && gate.mayGoLive()) {
      const live = noteLookup((last = await deps.client().getAvailableDays(key, interactive())));
      if (live) {
        saveAvailableDays(db, key, live, clock.now());
        return { ...live, source: 'live', asOf: asOf(clock.now()), ...offlinePart };
      }
    }
    if (!cached) throw missing(last, 'these days are');
    if (input.serviceId === undefined || input.employeeId !== undefined) {
      return { ...cached.data, source: 'cache', asOf: asOf(cached.fetchedAt), ...offlinePart };
    }
    // Slot lists fetched after the calendar know their days better (filled up, or opened).
    const availableDays = overlayAvailableDays(
      { availableDays: cached.data.availableDays, fetchedAt: cached.fetchedAt },
      slotDays,
    );
    return {
      ...cached.data,
      availableDays,
      totalDays: availableDays.length,
      source: 'cache',
      asOf: asOf(cached.fetchedAt),
      ...offlinePart,
    };
  };

  function serviceFor(serviceId: string): Service | null {
    return loadService(db, serviceId);
  }

  /**
   * The service's duration from the cached catalog, which holds need: with a duration of 0 a
   * hold would overlap nothing and a held slot would be offered again. A service the cache
   * lacks is looked up live once (the catalog may be older than it); if it stays unknown, a
   * live catalog means no such service (not_found), else the kiosk cannot tell (unavailable).
   */
  async function serviceMinutes(serviceId: string): Promise<number> {
    const known = serviceFor(serviceId);
    if (known) return durationMinutes(known);
    const live = await getCatalog(true).then(
      (catalog) => catalog.source,
      // Stryker disable next-line StringLiteral: only 'live' and 'not_available' are told apart
      (error: unknown) => (error instanceof KioskFailure ? error.code : 'internal'),
    );
    const service = serviceFor(serviceId);
    if (service) return durationMinutes(service);
    if (live === 'live') throw new KioskFailure('not_found', 'unknown service');
    if (live === 'not_available')
      throw new KioskFailure(
        'not_available',
        'the API answered the catalog with something unexpected',
      );
    throw new KioskFailure(
      'unavailable',
      'this service is not in the cached catalog, so the slots held for it are unknown',
    );
  }

  /**
   * Cached slots for a lookup. A person's list is their own cached list merged with what the
   * `any` list says of them (issue 28): where `any` is the fresher, a time it names them for is
   * free and a time nobody is free at is taken; elsewhere their own list decides. The older
   * list's `fetchedAt` is kept, so the holds of bookings sent since are taken out.
   */
  function cachedSlots(
    date: string,
    serviceId: string,
    employeeId: string | undefined,
  ): Cached<TimeSlot[]> | null {
    const own = loadTimeSlots(db, { date, serviceId, employeeId });
    const ownSlots = own ? { data: own.data.timeSlots, fetchedAt: own.fetchedAt } : null;
    if (employeeId === undefined || employeeId === 'any') return ownSlots;
    const any = loadTimeSlots(db, { date, serviceId });
    if (!any) return ownSlots;
    const anySlots = any.data.timeSlots;
    const named = (time: string) =>
      anySlots.some((s) => s.time === time && s.available && s.employeeId === employeeId);
    if (!ownSlots || ownSlots.fetchedAt >= any.fetchedAt) {
      // Only slots the API named this employee for are known free for them (a safe subset).
      const base = ownSlots?.data ?? [];
      const times = [...new Set([...base.map((s) => s.time), ...anySlots.map((s) => s.time)])];
      const data = times.sort().map((time): TimeSlot => {
        const mine = base.find((s) => s.time === time);
        if (mine) return mine;
        return named(time)
          ? { time, available: true, employeeId }
          : { time, available: false, reason: 'unknown' };
      });
      return { data, fetchedAt: any.fetchedAt };
    }
    const times = [...new Set([...ownSlots.data, ...anySlots].map((s) => s.time))].sort();
    const data = times.map((time): TimeSlot => {
      if (named(time)) return { time, available: true, employeeId };
      const mine = ownSlots.data.find((s) => s.time === time);
      const anyoneFree = anySlots.some((s) => s.time === time && s.available);
      if (mine && (anyoneFree || !anySlots.some((s) => s.time === time))) return mine;
      return { time, available: false, reason: mine?.reason ?? 'unknown' };
    });
    return { data, fetchedAt: ownSlots.fetchedAt };
  }

  /** When the person's own list was fetched (null: never); the `any` list does not count. */
  function ownFetchedAt(date: string, serviceId: string, employeeId: string | undefined) {
    return loadTimeSlots(db, { date, serviceId, employeeId })?.fetchedAt ?? null;
  }

  const getTimeSlots: LookupApi['getTimeSlots'] = async (input) => {
    const { date, serviceId } = input;
    // Stryker disable next-line ConditionalExpression,StringLiteral: 'any' reads as undefined below
    const employeeId = input.employeeId === 'any' ? undefined : input.employeeId;
    const minutes = await serviceMinutes(serviceId);
    const cached = cachedSlots(date, serviceId, employeeId);
    let last: UpstreamOutcome<unknown> | null = null;
    const maxAge =
      date === todayIn(deps.timeZone, clock.now())
        ? freshness.todayMaxAgeMs
        : freshness.otherMaxAgeMs;
    // A person's times are only known from their own list: a fresh `any` list names them for
    // some of their free times only (issue 28), so it never keeps their own list from being asked.
    const fetchedAt =
      // Stryker disable next-line ConditionalExpression: for anyone, own list = cached list
      employeeId === undefined
        ? (cached?.fetchedAt ?? null)
        : ownFetchedAt(date, serviceId, employeeId);
    const stale = fetchedAt === null || clock.now() - fetchedAt > maxAge;
    if ((input.fresh === true || stale) && gate.mayGoLive()) {
      const key = { date, serviceId, employeeId };
      const live = noteLookup((last = await deps.client().getTimeSlots(key, interactive())));
      if (live) {
        const now = clock.now();
        saveTimeSlots(db, key, live, now);
        return {
          date,
          timeSlots: applyHolds(live.timeSlots, date, minutes, holdsFor(date, null)),
          source: 'live',
          asOf: asOf(now),
        };
      }
    }
    if (!cached) throw missing(last, 'these time slots are');
    return {
      date,
      timeSlots: applyHolds(cached.data, date, minutes, holdsFor(date, cached.fetchedAt)),
      source: 'cache',
      asOf: asOf(cached.fetchedAt),
    };
  };

  return {
    api: { getCatalog: () => getCatalog(false), getAvailableDays, getTimeSlots },
    serviceMinutes,
    cachedSlots,
    refusedSince: (date, fetchedAt) => refusedAsTakenSince(db, date, fetchedAt),
  };
}
