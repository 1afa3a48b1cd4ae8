/**
 * The local engine: the part of the KioskApi that the features below answer, composed in this
 * one place (Actual's per-feature `app.ts`). Each feature is handed exactly the dependencies it
 * declares (no shared context bag); `satisfies` makes a method no feature answers a compile error.
 */
import {
  createBookingApi,
  createBookingSteps,
  createBookingAdmin,
  createVisitApi,
  type BookingAdminDeps,
  type BookingDeps,
} from './booking';
import { createDayGlanceApi, createLookups, type DayGlanceDeps, type LookupsDeps } from './catalog';
import { createLiveGate, type EngineApi } from './engine';
import { createSyncApi, type SyncDeps } from './host';
import type { CustomerNotice } from './notify';

/** What the composition hands over: the rooms' products the features pick from. */
export type EngineRooms = Omit<BookingDeps, 'gate' | 'inLanguage'> &
  Omit<LookupsDeps, 'gate'> &
  Omit<BookingAdminDeps, 'withFollowUps'> &
  Omit<SyncDeps, 'gate'> &
  DayGlanceDeps & {
    notice: Pick<CustomerNotice, 'inLanguage' | 'withFollowUps'>;
    /** While offline, a lookup tries the API again only this often (the loops probe meanwhile). */
    offlineProbeMs?: number;
  };

export interface LocalEngine {
  api: EngineApi;
  /** A service's duration from the cached catalog (the screens' holds need it). */
  serviceMinutes: (serviceId: string) => Promise<number>;
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
    client: rooms.client,
    noteOutcome: rooms.noteOutcome,
    statusEvents,
    gate,
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
    inLanguage: rooms.notice.inLanguage,
  };
  const steps = createBookingSteps(booking, lookups);
  const api = {
    ...lookups.api,
    ...createBookingApi(booking, steps),
    ...createVisitApi(booking, lookups, steps),
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
  return { api, serviceMinutes: (serviceId) => lookups.serviceMinutes(serviceId) };
}
