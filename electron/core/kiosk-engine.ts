/**
 * The local engine: the part of the KioskApi that the features below answer, composed in this
 * one place (Actual's per-feature `app.ts`). Each feature is handed exactly the dependencies it
 * declares (no shared context bag); `satisfies` makes a method no feature answers a compile error.
 * `createScreenApis` then gives each screen its API: the shared handlers, its own holds and calls
 * for help, behind the staff guard.
 */
import type { KioskApi, KioskEvent } from '../../shared/kiosk-api';
import {
  createBookingApi,
  createBookingSteps,
  createBookingAdmin,
  createVisitApi,
  createScreenHolds,
  type BookingAdminDeps,
  type BookingDeps,
  type HeldLookups,
} from './booking';
import { createDayGlanceApi, createLookups, type DayGlanceDeps, type LookupsDeps } from './catalog';
import { coalescedReads, createLiveGate, type EngineApi } from './engine';
import {
  APP_SCREEN,
  createStaffCalls,
  type StaffAccess,
  type StaffCallMethod,
  type UnguardedApi,
} from './staff';
import type { Logger } from './platform';
import { createSyncApi, type SyncDeps } from './host';
import type { CustomerNotice } from './notify';

/** What the composition hands over: the rooms' products the features pick from. */
export type EngineRooms = Omit<BookingDeps, 'gate'> &
  Omit<LookupsDeps, 'gate'> &
  Omit<BookingAdminDeps, 'withFollowUps'> &
  Omit<SyncDeps, 'gate'> &
  DayGlanceDeps & {
    notice: Pick<CustomerNotice, 'withFollowUps'>;
    /** While offline, a lookup tries the API again only this often (the loops probe meanwhile). */
    offlineProbeMs?: number;
  };

export interface LocalEngine {
  api: EngineApi;
  /** A service's duration from the cached catalog (the screens' holds need it). */
  serviceMinutes: (serviceId: string) => Promise<number>;
  /** The lookups that take other screens' holds into the availability model. */
  held: HeldLookups;
}

export function createLocalEngine(rooms: EngineRooms): LocalEngine {
  const { db, store, clock, timeZone, status, statusEvents, events, replayer, send } = rooms;
  const { settings, mirror, storage } = rooms;
  const gate = createLiveGate({ clock, status, offlineProbeMs: rooms.offlineProbeMs });
  const lookups = createLookups({
    db,
    store,
    clock,
    timeZone,
    // A list two screens (or a grid and its people) ask at once is one request.
    client: coalescedReads(rooms.client),
    events,
    gate,
    mirror,
    freshness: rooms.freshness,
    lookupTimeoutMs: rooms.lookupTimeoutMs,
  });
  const booking: BookingDeps = {
    db,
    store,
    clock,
    timeZone,
    status,
    statusEvents,
    events,
    replayer,
    send,
    settings,
    gate,
    log: rooms.log,
  };
  const steps = createBookingSteps(booking, lookups);
  const visits = createVisitApi(booking, lookups, steps);
  const api = {
    ...lookups.api,
    // A visit's days (issue 38): only days where its services fit one after another.
    getAvailableDays: (input) =>
      input.then?.length ? visits.visitDays(input) : lookups.api.getAvailableDays(input),
    ...createBookingApi(booking, steps),
    createVisit: visits.createVisit,
    getVisitTimes: (input) => visits.getVisitTimes(input),
    ...createBookingAdmin({
      store,
      clock,
      replayer,
      send,
      storage,
      events,
      withFollowUps: rooms.notice.withFollowUps,
    }),
    ...createSyncApi({
      store,
      clock,
      log: rooms.log,
      status,
      statusEvents,
      replayer,
      probe: rooms.probe,
      gate,
      send,
      mirror,
      settings,
      link: rooms.link,
      storage,
    }),
    ...createDayGlanceApi({ db, store, clock, timeZone, mirror }),
  } satisfies EngineApi;
  return {
    api,
    serviceMinutes: (serviceId) => lookups.serviceMinutes(serviceId),
    held: { getTimeSlots: lookups.timeSlots, getVisitTimes: visits.getVisitTimes },
  };
}

/** Every screen's API: the shared handlers, its own holds and calls for help, behind the guard. */
export interface ScreenApis {
  /** The app's own window (the screen `app`). */
  api: KioskApi;
  apiFor: (screen: string) => KioskApi;
}

export function createScreenApis(deps: {
  shared: Omit<UnguardedApi, 'holdSlot' | 'releaseHold' | StaffCallMethod | 'reportKioskFlow'>;
  /** A screen's report of its customer's walk (electron/core/owner-day): its sessions its own. */
  flowFor: (screen: string) => Pick<UnguardedApi, 'reportKioskFlow'>;
  serviceMinutes: (serviceId: string) => Promise<number>;
  held: HeldLookups;
  access: Pick<StaffAccess, 'guard'>;
  now: () => number;
  /** Calls for help go to the screens as KioskEvents (the hub). */
  emit: (event: KioskEvent) => void;
  log: Logger;
}): ScreenApis {
  // Each screen's own hold (issue 28): the app's window is the screen `app`, as for its lockout.
  const holds = createScreenHolds({
    now: deps.now,
    minutesOf: deps.serviceMinutes,
    lookups: deps.held,
  });
  // Calls for help are per caller (rate limit, one open call each): each screen's API its own.
  const staffCalls = createStaffCalls({ now: deps.now, emit: deps.emit, log: deps.log });
  const unguardedFor = (screen: string): UnguardedApi => ({
    ...holds.forScreen(deps.shared, screen),
    ...staffCalls.api(screen),
    ...deps.flowFor(screen),
  });
  return {
    api: deps.access.guard(unguardedFor(APP_SCREEN)),
    apiFor: (screen) => deps.access.guard(unguardedFor(screen), screen),
  };
}
