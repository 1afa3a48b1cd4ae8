/**
 * The customer's lookups: the catalog, the days of a month, a day's time slots. Live when the
 * cache is stale and the governor allows an interactive request, else from the cache (with
 * `asOf`). Stale is the mirror's rule (mirror/freshness.ts, issue 37): a list the mirror still
 * counts as fresh is answered from the cache, so a restart's screens do not ask again what
 * the mirror keeps. What is free of a day is the availability model's answer
 * (shared/booking/free-times.ts) from every cached list of that day and what this kiosk knows
 * since: its bookings, the times refused as taken, other screens' holds.
 */
import { durationMinutes } from '../../../shared/api/duration';
import type { AvailableDays, Service, TimeSlot } from '../../../shared/api/schemas';
import {
  freeTimes,
  type FreeTimes,
  type Hold,
  type ListedDay,
} from '../../../shared/booking/free-times';
import { todayIn } from '../../../shared/booking/time';
import { assertNever, KioskFailure } from '../../../shared/result';
import {
  loadAvailableDays,
  loadCatalog,
  loadService,
  loadDayLists,
  loadSlotDaysOfMonth,
  refusedAsTaken,
  saveAvailableDays,
  saveCatalog,
  saveTimeSlots,
  type Cached,
  type SlotsKey,
} from '../db';
import {
  createListFreshness,
  DEFAULT_MIRROR_POLICY,
  monthsBetween,
  overlayAvailableDays,
  type KeptList,
  type MirrorRules,
} from '../mirror';
import { classifyLookupOutcome, type UpstreamEvents, type UpstreamOutcome } from '../upstream';
import type { EngineApi, EngineFreshness, LiveGate } from '../engine';
import type { Clock, DomainEmitter } from '../platform';
import type { KioskDb } from '../db';
import type { OutboxStore } from '../outbox';
import type { UpstreamClient } from '../upstream';

export type LookupApi = Pick<EngineApi, 'getCatalog' | 'getAvailableDays' | 'getTimeSlots'>;

/** One question to the availability model about the cached lists of a day. */
export interface DayQuery {
  date: string;
  serviceId: string;
  /** A person's times; undefined: anyone's. */
  employeeId?: string | undefined;
  durationMinutes: number;
  /** Another screen's holds, told to this screen's lookups (booking/screen-holds.ts). */
  holds?: readonly Hold[];
  /** A booking's own entry, which does not block itself. */
  exceptLocalId?: string;
}

export interface Lookups {
  api: LookupApi;
  /** getTimeSlots, with the holds of the other screens taken into the model. */
  timeSlots: (
    input: Parameters<LookupApi['getTimeSlots']>[0],
    holds?: readonly Hold[],
  ) => ReturnType<LookupApi['getTimeSlots']>;
  /** The service's duration for holds (see the function's comment). */
  serviceMinutes(serviceId: string): Promise<number>;
  /** The availability model's answer from the cached lists alone (null: none cached). */
  cachedAnswer(query: DayQuery): FreeTimes | null;
}

const LOOKUP = { kind: 'lookup' } as const;

/** A day's list as the freshness rule reads it: its last time, and whether none is free. */
function keptSlots(date: string, timeSlots: readonly TimeSlot[]): KeptList {
  let last: string | null = null;
  for (const slot of timeSlots) if (last === null || slot.time > last) last = slot.time;
  const full = timeSlots.length > 0 && !timeSlots.some((slot) => slot.available);
  return { kind: 'slots', date, lastSlotTime: last, full };
}

/** At most this many people's own lists are asked for to free the hidden times of anyone. */
const MAX_PEOPLE_ASKED = 4;

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
  /**
   * The mirror: its rule says how long a list stays fresh, its window whether a lookup asked
   * `ahead` may go (default: its default policy, always room).
   */
  mirror?: MirrorRules;
  /** Shorter ages than the mirror's, when set (a test that wants lookups to go live sooner). */
  freshness?: EngineFreshness;
  lookupTimeoutMs?: number;
}

export function createLookups(deps: LookupsDeps): Lookups {
  const { db, store, clock, gate } = deps;
  const rules: MirrorRules = deps.mirror ?? {
    ...createListFreshness({
      now: () => clock.now(),
      timeZone: deps.timeZone,
      mirrorDays: 7,
      policy: DEFAULT_MIRROR_POLICY,
    }),
    roomAhead: () => true,
    roomForLookup: () => true,
  };
  /**
   * Whether a list fetched at `fetchedAt` (null: never) is past its age: the mirror's for it, or
   * the engine's ceiling when that is shorter.
   */
  const isStale = (fetchedAt: number | null, list: KeptList, ceilingMs = Infinity): boolean =>
    fetchedAt === null || clock.now() - fetchedAt > Math.min(rules.keptForMs(list), ceilingMs);
  /**
   * Whether a lookup that `wants` the API (its list missing or stale, or asked `fresh`) asks it
   * now, within the kiosk's window (issue 37): asked `ahead` of the screen, only while the
   * mirror would ask too (else its copy at any age, or nothing); with a copy, only below the
   * kiosk's bound (else the copy, with its age); a customer's lookup of a list never fetched
   * and a `fresh` one always. Then the gate decides (offline, paused).
   */
  const mayAsk = (
    wants: boolean,
    hasCopy: boolean,
    input: { ahead?: boolean | undefined; fresh?: boolean | undefined },
  ): boolean => {
    if (!wants) return false;
    const room =
      input.ahead === true
        ? rules.roomAhead()
        : input.fresh === true || !hasCopy || rules.roomForLookup();
    return room && gate.mayGoLive();
  };

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

  /** `force`: refresh even a fresh cache (a service it lacks is asked for). */
  async function getCatalog(force: boolean): ReturnType<EngineApi['getCatalog']> {
    const cached = loadCatalog(db);
    const stale =
      force || isStale(cached.fetchedAt, { kind: 'catalog' }, deps.freshness?.catalogMaxAgeMs);
    let last: UpstreamOutcome<unknown> | null = null;
    // A service the cache lacks (`force`) is asked as a lookup of something never fetched.
    if (mayAsk(stale, cached.fetchedAt !== null && !force, {})) {
      const client = deps.client();
      const call = { ...interactive(), maxWaitMs: cached.fetchedAt === null ? 5_000 : 0 };
      const services = noteLookup((last = await client.getServices(call)));
      const employees = services ? noteLookup((last = await client.getEmployees(call))) : null;
      if (services && employees) {
        const enabled = services.filter((s) => s.enabled);
        const fetchedAt = clock.now();
        saveCatalog(db, enabled, employees, fetchedAt);
        return { services: enabled, employees, source: 'live', asOf: asOf(fetchedAt) };
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
    const cached: Cached<AvailableDays> | null = loadAvailableDays(db, key);
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
    const [thisYear, thisMonth] = today.split('-').map(Number) as [number, number];
    const list: KeptList = {
      kind: 'days',
      monthsAhead: monthsBetween({ year: thisYear, month: thisMonth }, input),
      employeeId: input.employeeId,
    };
    if (
      mayAsk(
        isStale(cached?.fetchedAt ?? null, list, deps.freshness?.otherMaxAgeMs),
        cached !== null,
        input,
      )
    ) {
      const live = noteLookup((last = await deps.client().getAvailableDays(key, interactive())));
      if (live) {
        const fetchedAt = clock.now();
        saveAvailableDays(db, key, live, fetchedAt);
        return { ...live, source: 'live', asOf: asOf(fetchedAt), ...offlinePart };
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
   * What the kiosk knows against the lists of `date`: its own bookings (unsent ones, and sent
   * ones: real whether or not a list shows them yet), the times the API refused as taken, and
   * the holds a screen is told of (another screen's). `exceptLocalId`: a booking's own entry.
   */
  function blockersOn(date: string, holds: readonly Hold[], exceptLocalId?: string) {
    const bookings = store.holdsOn(date, 0).filter((e) => e.localId !== exceptLocalId);
    return {
      bookings,
      blockers: [...bookings.map((e) => e.hold), ...refusedAsTaken(db, date), ...holds],
    };
  }

  /** The model's answer from the cache alone; null when no list of the day is cached. */
  function cachedAnswer(query: DayQuery): FreeTimes | null {
    const lists = loadDayLists(db, query.date, query.serviceId);
    if (lists.anyList === null && lists.personLists.size === 0) return null;
    const { blockers } = blockersOn(query.date, query.holds ?? [], query.exceptLocalId);
    return freeTimes({ ...query, ...lists, blockers });
  }

  /** Asks the API for one list of the day and keeps it; null when no usable answer came. */
  async function fetchList(key: SlotsKey): Promise<ListedDay | null> {
    const live = noteLookup(await deps.client().getTimeSlots(key, interactive()));
    if (!live) return null;
    const fetchedAt = clock.now();
    saveTimeSlots(db, key, live, fetchedAt);
    return { timeSlots: live.timeSlots, fetchedAt };
  }

  const timeSlots: Lookups['timeSlots'] = async (input, holds = []) => {
    const { date, serviceId } = input;
    // Stryker disable next-line ConditionalExpression,StringLiteral: 'any' reads as undefined below
    const employeeId = input.employeeId === 'any' ? undefined : input.employeeId;
    const durationMinutes = await serviceMinutes(serviceId);
    const lists = loadDayLists(db, date, serviceId);
    const { bookings, blockers } = blockersOn(date, holds);
    const keep = (id: string | undefined, list: ListedDay | null) => {
      if (list === null) return;
      if (id === undefined) lists.anyList = list;
      else lists.personLists.set(id, list);
    };
    // The list asked for: a person's own (a fresh `any` list names them for some of their free
    // times only, issue 28), or the `any` list. A booking of this kiosk since it was fetched is
    // in the model's blockers at once; the mirror brings that day's refresh forward.
    const asked = employeeId === undefined ? lists.anyList : lists.personLists.get(employeeId);
    const stale = isStale(
      asked?.fetchedAt ?? null,
      keptSlots(date, asked?.timeSlots ?? []),
      date === todayIn(deps.timeZone, clock.now())
        ? deps.freshness?.todayMaxAgeMs
        : deps.freshness?.otherMaxAgeMs,
    );
    let last: UpstreamOutcome<unknown> | null = null;
    let source: 'live' | 'cache' = 'cache';
    if (mayAsk(input.fresh === true || stale, asked !== null && asked !== undefined, input)) {
      const live = noteLookup(
        (last = await deps.client().getTimeSlots({ date, serviceId, employeeId }, interactive())),
      );
      if (live) {
        // One instant for the copy kept and the answer told: a later cached answer says the same age.
        const fetchedAt = clock.now();
        saveTimeSlots(db, { date, serviceId, employeeId }, live, fetchedAt);
        keep(employeeId, { timeSlots: live.timeSlots, fetchedAt });
        source = 'live';
      }
    }
    const known =
      lists.anyList !== null ||
      (employeeId === undefined ? lists.personLists.size > 0 : lists.personLists.has(employeeId));
    if (!known) throw missing(last, 'these time slots are');
    const candidates = loadCatalog(db)
      .employees.filter((e) => e.available)
      .map((e) => e._id);
    const ask = () =>
      freeTimes({ date, durationMinutes, employeeId, ...lists, candidates, blockers });
    let answer = ask();
    if (answer.unsure.length > 0) {
      // Anyone, with the person the `any` list names at a time taken by what the kiosk knows
      // (the list names one person per time): a booking the API has since it was fetched, a
      // fresh `any` list knows; a booking not sent or another screen's hold, only the others'
      // own lists can tell. Each asked once, within the budget; a failure is no offer.
      const anyAt = lists.anyList?.fetchedAt ?? Number.NEGATIVE_INFINITY;
      const sentSince = bookings.some((e) => e.state === 'sent' && e.updatedAt >= anyAt);
      const safely = (key: SlotsKey) => fetchList(key).catch(() => null);
      const anyJustAsked = source === 'live' && employeeId === undefined;
      // What the kiosk asks besides the list asked for: as for a list it has a copy of.
      if (sentSince && !anyJustAsked && mayAsk(true, true, input))
        keep(undefined, await safely({ date, serviceId }));
      answer = ask();
      for (const person of answer.unsure.slice(0, MAX_PEOPLE_ASKED)) {
        if (!mayAsk(true, true, input)) break;
        const list = await safely({ date, serviceId, employeeId: person });
        if (list === null) break;
        keep(person, list);
      }
      answer = ask();
    }
    return {
      date,
      timeSlots: answer.timeSlots,
      source,
      asOf: asOf(answer.asOf ?? clock.now()),
    };
  };

  return {
    api: {
      getCatalog: () => getCatalog(false),
      getAvailableDays,
      getTimeSlots: (input) => timeSlots(input),
    },
    timeSlots,
    serviceMinutes,
    cachedAnswer,
  };
}
