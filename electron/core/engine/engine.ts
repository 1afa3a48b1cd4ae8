/**
 * The local engine: the KioskApi the UI calls. Reads are live when the cache is stale and the
 * governor allows an interactive request, else from the cache (with `asOf`); availability always
 * has the holds of this kiosk's unsent bookings taken out. Bookings go to the API at once when
 * it answers, else into the durable outbox. Expected failures throw KioskFailure.
 */
import { randomUUID } from 'node:crypto';
import {
  BookingRequestSchema,
  durationMinutes,
  type BookingRequest,
  type BookingResponse,
  type Service,
  type TimeSlot,
} from '../../../shared/api/schemas';
import { CACHE_REFUSAL_MESSAGES, checkAgainstCache } from '../../../shared/booking/cache-checks';
import { applyHolds, isSlotHeld, type Hold } from '../../../shared/booking/holds';
import { todayIn } from '../../../shared/booking/time';
import type { CustomerBooking, KioskApi, KioskInput, SyncStatus } from '../../../shared/kiosk-api';
import { KioskFailure } from '../../../shared/result';
import type { Clock } from '../clock';
import {
  loadAvailableDays,
  loadCatalog,
  loadService,
  loadTimeSlots,
  saveAvailableDays,
  saveCatalog,
  saveTimeSlots,
  type Cached,
} from '../db/mirror-repo';
import type { KioskDb } from '../db/open';
import type { Mirror } from '../mirror/mirror';
import { toLocalBooking, type OutboxEntry } from '../outbox/entry';
import type { Replayer } from '../outbox/replayer';
import type { OutboxStore } from '../outbox/store';
import { applyVerdict } from '../outbox/transitions';
import type { UpstreamClient } from '../upstream/client';
import { classifyBookingOutcome, classifyLookupOutcome, type UpstreamOutcome } from '../upstream/outcome';
import type { EventHub } from './events';
import type { SettingsService } from './settings-service';
import type { SyncStatusTracker } from './sync-status';

export type EngineApi = Omit<KioskApi, 'getPublicSettings' | 'verifyStaffPin' | 'setupStaffPin' | 'endStaffSession'>;

export interface EngineFreshness {
  todayMaxAgeMs: number; // today's slots older than this are refreshed live when possible
  otherMaxAgeMs: number;
  catalogMaxAgeMs: number;
}

export const DEFAULT_ENGINE_FRESHNESS: EngineFreshness = {
  todayMaxAgeMs: 10 * 60_000,
  otherMaxAgeMs: 60 * 60_000,
  catalogMaxAgeMs: 4 * 3_600_000,
};

export interface EngineDeps {
  db: KioskDb;
  store: OutboxStore;
  clock: Clock;
  timeZone: string;
  client: () => UpstreamClient;
  status: SyncStatusTracker;
  settings: SettingsService;
  replayer: Replayer;
  mirror: Mirror;
  events: EventHub;
  /** Re-targets the upstream after a settings change. */
  retarget: () => Promise<void>;
  freshness?: EngineFreshness;
  lookupTimeoutMs?: number;
  bookingTimeoutMs?: number;
  /** While offline, a lookup tries the API again only this often (the loops probe meanwhile). */
  offlineProbeMs?: number;
  /** Jitter source for the backoff, [0, 1). */
  random?: () => number;
}

export interface LocalEngine {
  /** Everything but getPublicSettings and the session methods (kiosk-core.ts, staff-access.ts). */
  api: EngineApi;
  statusSnapshot(): SyncStatus;
  emitStatus(): void;
  onBookingChange(entry: OutboxEntry): void;
}

export function createLocalEngine(deps: EngineDeps): LocalEngine {
  const { db, store, clock, status, events } = deps;
  const freshness = deps.freshness ?? DEFAULT_ENGINE_FRESHNESS;
  const lookupTimeoutMs = deps.lookupTimeoutMs ?? 3_000;
  const bookingTimeoutMs = deps.bookingTimeoutMs ?? 5_000;
  const offlineProbeMs = deps.offlineProbeMs ?? 15_000;
  let lastProbeAt = -Infinity;

  const statusSnapshot = (): SyncStatus =>
    status.snapshot({ queued: store.count('queued') + store.count('sending'), unknown: store.count('unknown') });
  const emitStatus = (): void => events.emit({ type: 'status', status: statusSnapshot() });
  const onBookingChange = (entry: OutboxEntry): void => {
    events.emit({ type: 'booking', booking: toLocalBooking(entry) });
    emitStatus();
  };

  /** Whether a lookup should try the API now (not while paused; rarely while offline). */
  function mayGoLive(): boolean {
    if (status.paused) return false;
    if (status.offlineSince === null) return true;
    const now = clock.now();
    if (now - lastProbeAt < offlineProbeMs) return false;
    lastProbeAt = now;
    return true;
  }

  /** Records what a lookup learnt about the upstream; returns the live data or null. */
  function noteLookup<T>(outcome: UpstreamOutcome<T>): T | null {
    const verdict = classifyLookupOutcome(outcome);
    switch (verdict.kind) {
      case 'live':
        status.onSuccess(clock.now());
        emitStatus();
        return verdict.data;
      case 'fallback':
        if (outcome.kind === 'network') status.onNetworkFailure(clock.now(), outcome.reason);
        else status.onFailure(`live lookup failed (${verdict.reason})`);
        emitStatus();
        return null;
      case 'auth':
        status.onAuthError({ status: outcome.kind === 'http' ? outcome.status : null, message: verdict.message });
        deps.replayer.pause();
        emitStatus();
        return null;
      case 'client':
        throw new KioskFailure(verdict.status === 404 ? 'not_found' : 'invalid_request', verdict.message);
    }
  }

  const interactive = () => ({ priority: 'interactive' as const, maxWaitMs: 0, timeoutMs: lookupTimeoutMs });
  const asOf = (fetchedAt: number | null): string | null => (fetchedAt === null ? null : new Date(fetchedAt).toISOString());
  const isStale = (cached: Cached<unknown> | null, maxAgeMs: number): boolean =>
    cached === null || clock.now() - cached.fetchedAt > maxAgeMs;

  /** Holds: unsent bookings, plus sent ones the cached answer may not know yet. */
  function holdsFor(date: string, fetchedAt: number | null): Hold[] {
    return store.holdsOn(date, fetchedAt).map((e) => e.hold);
  }

  /** `force`: refresh even a fresh cache (a service it lacks is asked for). */
  async function getCatalog(force = false): ReturnType<KioskApi['getCatalog']> {
    const cached = loadCatalog(db);
    const stale = force || cached.fetchedAt === null || clock.now() - cached.fetchedAt > freshness.catalogMaxAgeMs;
    if (stale && mayGoLive()) {
      const client = deps.client();
      const call = { ...interactive(), maxWaitMs: cached.fetchedAt === null ? 5_000 : 0 };
      const services = noteLookup(await client.getServices(call));
      const employees = services ? noteLookup(await client.getEmployees(call)) : null;
      if (services && employees) {
        const enabled = services.filter((s) => s.enabled);
        saveCatalog(db, enabled, employees, clock.now());
        return { services: enabled, employees, source: 'live', asOf: asOf(clock.now()) };
      }
    }
    if (cached.fetchedAt === null) throw new KioskFailure('unavailable', 'the catalog is neither live nor cached');
    return { services: cached.services, employees: cached.employees, source: 'cache', asOf: asOf(cached.fetchedAt) };
  }

  async function getAvailableDays(input: KioskInput<'getAvailableDays'>): ReturnType<KioskApi['getAvailableDays']> {
    const key = { year: input.year, month: input.month, serviceId: input.serviceId, employeeId: input.employeeId };
    const cached = loadAvailableDays(db, key);
    if (isStale(cached, freshness.otherMaxAgeMs) && mayGoLive()) {
      const live = noteLookup(await deps.client().getAvailableDays(key, interactive()));
      if (live) {
        saveAvailableDays(db, key, live, clock.now());
        return { ...live, source: 'live', asOf: asOf(clock.now()) };
      }
    }
    if (!cached) throw new KioskFailure('unavailable', 'these days are neither live nor cached');
    return { ...cached.data, source: 'cache', asOf: asOf(cached.fetchedAt) };
  }

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
      (catalog) => catalog.source === 'live',
      () => false,
    );
    const service = serviceFor(serviceId);
    if (service) return durationMinutes(service);
    if (live) throw new KioskFailure('not_found', 'unknown service');
    throw new KioskFailure('unavailable', 'this service is not in the cached catalog, so the slots held for it are unknown');
  }

  /** Cached slots for a lookup; an employee without its own cache falls back to the `any` day. */
  function cachedSlots(date: string, serviceId: string, employeeId: string | undefined): Cached<TimeSlot[]> | null {
    const own = loadTimeSlots(db, { date, serviceId, employeeId });
    if (own) return { data: own.data.timeSlots, fetchedAt: own.fetchedAt };
    if (employeeId === undefined || employeeId === 'any') return null;
    const any = loadTimeSlots(db, { date, serviceId });
    if (!any) return null;
    // Only slots the API named this employee for are known free for them (a safe subset).
    const slots = any.data.timeSlots.map((slot) =>
      slot.available && slot.employeeId !== employeeId ? { time: slot.time, available: false, reason: 'unknown' } : slot,
    );
    return { data: slots, fetchedAt: any.fetchedAt };
  }

  async function getTimeSlots(input: KioskInput<'getTimeSlots'>): ReturnType<KioskApi['getTimeSlots']> {
    const { date, serviceId } = input;
    const employeeId = input.employeeId === 'any' ? undefined : input.employeeId;
    const minutes = await serviceMinutes(serviceId);
    const cached = cachedSlots(date, serviceId, employeeId);
    const maxAge = date === todayIn(deps.timeZone, clock.now()) ? freshness.todayMaxAgeMs : freshness.otherMaxAgeMs;
    if ((input.fresh === true || isStale(cached, maxAge)) && mayGoLive()) {
      const key = { date, serviceId, employeeId };
      const live = noteLookup(await deps.client().getTimeSlots(key, interactive()));
      if (live) {
        const now = clock.now();
        saveTimeSlots(db, key, live, now);
        return { date, timeSlots: applyHolds(live.timeSlots, date, minutes, holdsFor(date, null)), source: 'live', asOf: asOf(now) };
      }
    }
    if (!cached) throw new KioskFailure('unavailable', 'these time slots are neither live nor cached');
    return {
      date,
      timeSlots: applyHolds(cached.data, date, minutes, holdsFor(date, cached.fetchedAt)),
      source: 'cache',
      asOf: asOf(cached.fetchedAt),
    };
  }

  function newEntry(request: BookingRequest, minutes: number, now: number, state: 'queued' | 'sending'): OutboxEntry {
    return {
      localId: randomUUID(),
      idempotencyKey: `fd-${randomUUID()}`,
      request,
      hold: { employeeId: request.employeeId, date: request.date, time: request.time, durationMinutes: minutes },
      state,
      attempts: state === 'sending' ? 1 : 0,
      lastError: null,
      booking: null,
      nextAttemptAt: now,
      responseLost: false,
      firstAttemptAt: state === 'sending' ? now : null,
      createdAt: now,
      updatedAt: now,
      erasedAt: null,
    };
  }

  const slotFree = (request: BookingRequest, minutes: number) => (holding: OutboxEntry[]) =>
    !isSlotHeld(request.date, request.time, request.employeeId, minutes, holding.map((e) => e.hold));

  async function createBooking(input: KioskInput<'createBooking'>): ReturnType<KioskApi['createBooking']> {
    const parsed = BookingRequestSchema.safeParse(input);
    if (!parsed.success) throw new KioskFailure('invalid_input', parsed.error.issues[0]?.message ?? 'invalid booking');
    const request = parsed.data;
    // Known offline: refuse what the cache can tell before anything (serviceMinutes would call
    // an unknown service "unavailable"); queueOffline checks again after a failed probe.
    if (status.paused || status.offlineSince !== null) {
      const refusal = cacheRefusal(request);
      if (refusal) throw refusal;
    }
    const minutes = await serviceMinutes(request.serviceId);
    const online = !status.paused && (status.offlineSince === null || mayGoLive());
    if (online) return sendNow(request, minutes);
    return queueOffline(request, minutes);
  }

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
          : { serviceIds: catalog.services.map((s) => s._id), employeeIds: catalog.employees.map((e) => e._id) },
    });
    return reason === null ? null : new KioskFailure('invalid_input', CACHE_REFUSAL_MESSAGES[reason]);
  }

  /**
   * What the cached day says about a booking's slot: `uncached` when the day is not cached,
   * else null when the slot is free there (on the grid, available for this employee for the
   * whole duration, not held by another unsent booking or one sent since the cache was fetched),
   * or the failure to refuse it with. `ownId` is the booking's own entry, not a hold against it.
   */
  function cachedSlotCheck(request: BookingRequest, minutes: number, ownId?: string): 'uncached' | KioskFailure | null {
    const cached = cachedSlots(request.date, request.serviceId, request.employeeId);
    if (!cached) return 'uncached';
    const slot = cached.data.find((s) => s.time === request.time);
    if (!slot) return new KioskFailure('invalid_request', 'this time is not on the slot grid of the cached day');
    const others = store
      .holdsOn(request.date, cached.fetchedAt)
      .filter((e) => e.localId !== ownId)
      .map((e) => e.hold);
    if (!slot.available || slot.employeeId !== request.employeeId || isSlotHeld(request.date, request.time, request.employeeId, minutes, others)) {
      return new KioskFailure('slot_taken', 'this slot is not free');
    }
    return null;
  }

  /** Online: the entry is written as `sending` first, so a crash mid-request is replayed. */
  async function sendNow(request: BookingRequest, minutes: number): ReturnType<KioskApi['createBooking']> {
    const now = clock.now();
    // Judged as of the request: a time that passes while the API keeps us waiting was bookable.
    const invalid = cacheRefusal(request);
    const entry = newEntry(request, minutes, now, 'sending');
    if (!store.insertIfFree(entry, slotFree(request, minutes))) {
      throw new KioskFailure('slot_taken', 'this slot is held by a booking waiting to be sent');
    }
    const outcome = await deps
      .client()
      .book(request, entry.idempotencyKey, { priority: 'interactive', maxWaitMs: 2_000, timeoutMs: bookingTimeoutMs });
    const verdict = classifyBookingOutcome(outcome);
    if (verdict.kind === 'refused') {
      // The API said no: nothing is queued, the caller hears why.
      store.remove(entry.localId);
      status.onSuccess(clock.now());
      emitStatus();
      const code = verdict.status === 409 ? 'slot_taken' : verdict.status === 404 ? 'not_found' : 'invalid_request';
      throw new KioskFailure(code, verdict.error.message);
    }
    if (outcome.kind === 'network') status.onNetworkFailure(clock.now(), outcome.reason);
    if (verdict.kind === 'sent') status.onSuccess(clock.now());
    if (verdict.kind === 'auth') status.onAuthError(verdict.error);
    // No answer (network, timeout, 5xx, 429, key refused): before promising "reserved", the
    // same check as offline. A day that is not cached at all is queued unchecked, as before:
    // the API decides on replay. A slot the cache says is not free is refused; when the request
    // cannot have reached the API it is dropped (nothing queued), but when its answer was lost
    // (timeout, reset) the API may have created it, so it stays for replay under its key (the
    // API's stored answer settles it, visible to staff) while the caller still hears no. A
    // request the cache calls invalid (past, unknown ids) the API refuses too: always dropped.
    const refusal = verdict.kind === 'sent' ? null : (invalid ?? cachedSlotCheck(request, minutes, entry.localId));
    const mayExist = verdict.kind === 'retry' && verdict.responseLost && invalid === null;
    if (refusal instanceof KioskFailure && !mayExist) {
      store.remove(entry.localId);
      if (verdict.kind === 'auth') deps.replayer.pause(); // the key is refused all the same
      emitStatus();
      throw refusal;
    }
    const transition = applyVerdict(entry, verdict, clock.now(), (deps.random ?? Math.random)());
    const next = store.update(entry.localId, transition.patch);
    if (transition.pause) deps.replayer.pause();
    onBookingChange(next);
    if (next.state === 'queued') deps.replayer.poke();
    if (refusal instanceof KioskFailure) throw refusal;
    return { localId: next.localId, state: next.state, booking: forCustomer(next.booking, request) };
  }

  /**
   * What the customer screen gets back: the API's booking with the customer as typed, never the
   * API's stored record of a returning customer (their number, an older spelling of the name).
   */
  function forCustomer(booking: BookingResponse | null, request: BookingRequest): CustomerBooking | null {
    if (!booking) return null;
    return { ...booking, customer: { name: request.customer.name, email: request.customer.email } };
  }

  /** Offline: validate against the cache and the holds, then queue (one durable transaction). */
  function queueOffline(request: BookingRequest, minutes: number): ReturnType<KioskApi['createBooking']> {
    const refusal = cacheRefusal(request);
    if (refusal) return Promise.reject(refusal);
    const check = cachedSlotCheck(request, minutes);
    if (check === 'uncached') throw new KioskFailure('unavailable', 'this day is not cached and the API is unreachable');
    if (check) return Promise.reject(check);
    const entry = newEntry(request, minutes, clock.now(), 'queued');
    if (!store.insertIfFree(entry, slotFree(request, minutes))) {
      return Promise.reject(new KioskFailure('slot_taken', 'this slot is held by a booking waiting to be sent'));
    }
    onBookingChange(entry);
    deps.replayer.poke();
    return Promise.resolve({ localId: entry.localId, state: entry.state, booking: null });
  }

  function requireEntry(localId: string): OutboxEntry {
    const entry = store.get(localId);
    if (!entry) throw new KioskFailure('not_found', 'no such booking');
    return entry;
  }

  const api: EngineApi = {
    getCatalog: () => getCatalog(false),
    getAvailableDays,
    getTimeSlots,
    createBooking,
    listBookings: () => Promise.resolve(store.list().map(toLocalBooking)),
    retryBooking({ localId }) {
      const entry = requireEntry(localId);
      if (entry.state === 'sent' || entry.state === 'sending') return Promise.resolve(toLocalBooking(entry));
      // Its customer's data is gone (retention): a retry would send the placeholders.
      if (entry.erasedAt !== null) return Promise.reject(new KioskFailure('invalid_request', 'this booking was erased'));
      // A clean refusal is stored by the API under its key: a new try needs a new key. After a
      // lost answer the key is kept, so that a booking the API did create is found again.
      const next = store.update(localId, {
        state: 'queued',
        nextAttemptAt: clock.now(),
        firstAttemptAt: null,
        updatedAt: clock.now(),
        ...(entry.responseLost ? {} : { idempotencyKey: `fd-${randomUUID()}` }),
      });
      onBookingChange(next);
      deps.replayer.poke();
      return Promise.resolve(toLocalBooking(next));
    },
    discardBooking({ localId }) {
      const entry = requireEntry(localId);
      if (entry.state === 'sent' || entry.state === 'sending') {
        return Promise.reject(new KioskFailure('invalid_request', `a ${entry.state} booking cannot be discarded`));
      }
      const next = store.update(localId, { state: 'discarded', updatedAt: clock.now() });
      onBookingChange(next);
      return Promise.resolve(toLocalBooking(next));
    },
    getSyncStatus: () => Promise.resolve(statusSnapshot()),
    async syncNow() {
      if (status.paused) {
        // Staff asked: try the key once more (they may have fixed it upstream).
        status.clearAuthError();
        deps.replayer.resume();
      }
      lastProbeAt = -Infinity;
      await deps.replayer.runOnce();
      await deps.mirror.sweep(20);
      emitStatus();
      return statusSnapshot();
    },
    getSettings: () => Promise.resolve(deps.settings.get()),
    async updateSettings(update) {
      const { settings, upstreamChanged } = deps.settings.update(update);
      if (upstreamChanged) await deps.retarget();
      emitStatus();
      return settings;
    },
  };
  return { api, statusSnapshot, emitStatus, onBookingChange };
}
