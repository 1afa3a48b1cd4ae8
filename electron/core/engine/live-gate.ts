/**
 * What the kiosk API's features share and nothing more: the part of the API they answer, the
 * freshness limits, and the gate that says whether a customer's request may try the API now.
 * Each feature declares the dependencies it uses itself (issue 27: no shared context bag).
 */
import type { StaffCallMethod } from '../staff';
import type { KioskDayMethod } from '../owner-day';
import type { KioskApi } from '../../../shared/kiosk-api';
import { monotonicNow, type Clock } from '../platform';
import type { SyncStatusTracker } from '../status';

/**
 * Ages below the mirror's (mirror/freshness.ts), when a kiosk is configured with them: a lookup
 * asks the API again for a list older than the shorter of the two. Unset (the default), the
 * mirror's rule alone decides (issue 37: the lookups and the mirror share one rule).
 */
export interface EngineFreshness {
  todayMaxAgeMs: number; // today's slots
  otherMaxAgeMs: number; // another day's slots, a month's days
  catalogMaxAgeMs: number;
}

/**
 * The methods kiosk-core.ts answers itself (app info, diagnostics, the public settings) and the
 * staff-session ones (staff-access.ts); the engine answers the rest.
 */
export type HostKioskMethod =
  'getAppInfo' | 'saveDiagnostics' | 'getPublicSettings' | 'listPrinters';
export type EngineApi = Omit<
  KioskApi,
  | HostKioskMethod
  | 'verifyStaffPin'
  | 'setupStaffPin'
  | 'checkSetupCode'
  | 'recoverStaffAccess'
  | 'endStaffSession'
  | 'resolveFollowUp' // electron/core/notify
  | 'reportSpeechVoices' // electron/core/metrics
  | KioskDayMethod // electron/core/owner-day
  | 'holdSlot' // screen-holds.ts, per screen
  | 'releaseHold'
  | StaffCallMethod // electron/core/staff
>;

/** Whether a customer's request may try the API now: not while paused, rarely while offline. */
export interface LiveGate {
  mayGoLive(): boolean;
  /** The next request may try the API at once (staff asked to sync). */
  allowLiveNow(): void;
}

export function createLiveGate(deps: {
  clock: Clock;
  status: Pick<SyncStatusTracker, 'paused' | 'offlineSince'>;
  /** While offline, a lookup tries the API again only this often (the loops probe meanwhile). */
  offlineProbeMs?: number;
}): LiveGate {
  const { clock, status } = deps;
  const offlineProbeMs = deps.offlineProbeMs ?? 15_000;
  let lastProbeAt = -Infinity;
  return {
    mayGoLive() {
      if (status.paused) return false;
      if (status.offlineSince === null) return true;
      const now = monotonicNow(clock);
      if (now - lastProbeAt < offlineProbeMs) return false;
      lastProbeAt = now;
      return true;
    },
    allowLiveNow() {
      lastProbeAt = -Infinity;
    },
  };
}
