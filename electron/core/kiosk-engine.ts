/**
 * The local engine: the part of the KioskApi that the features below answer, composed in this
 * one place (Actual's per-feature `app.ts`). `satisfies` makes a method no feature answers a
 * compile error.
 */
import {
  createBookingApi,
  createBookingSteps,
  createBookingAdmin,
  createVisitApi,
} from './booking';
import { createDayGlanceApi, createLookups } from './catalog';
import { createEngineContext, type EngineApi, type EngineDeps } from './engine';
import { createSyncApi } from './host';

export interface LocalEngine {
  api: EngineApi;
  /** A service's duration from the cached catalog (the screens' holds need it). */
  serviceMinutes: (serviceId: string) => Promise<number>;
}

export function createLocalEngine(deps: EngineDeps): LocalEngine {
  const ctx = createEngineContext(deps);
  const lookups = createLookups(ctx);
  const steps = createBookingSteps(ctx, lookups);
  const api = {
    ...lookups.api,
    ...createBookingApi(ctx, lookups, steps),
    ...createVisitApi(ctx, lookups, steps),
    ...createBookingAdmin(ctx),
    ...createSyncApi(ctx),
    ...createDayGlanceApi(ctx),
  } satisfies EngineApi;
  return { api, serviceMinutes: (serviceId) => lookups.serviceMinutes(serviceId) };
}
