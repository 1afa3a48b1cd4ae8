/**
 * What every feature of the engine shares: its dependencies, the freshness limits, and the
 * gate that says whether a customer's request may try the API now.
 */
import type { StaffCallMethod, SettingsService } from '../staff';
import type { KioskApi } from '../../../shared/kiosk-api';
import { monotonicNow, type Clock } from '../platform';
import type { KioskDb } from '../db';
import type { Mirror } from '../mirror';
import type { HeldWrites, Replayer, SendPath, OutboxStore } from '../outbox';
import type { UpstreamClient } from '../upstream';
import type { NoteOutcome, RecoveryProbe, StatusEvents, SyncStatusTracker } from '../status';

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
  /** Tells the sync status what an upstream outcome means (outcome-status.ts). */
  noteOutcome: NoteOutcome;
  statusEvents: StatusEvents;
  settings: SettingsService;
  /** The send path the replayer uses too. */
  send: SendPath;
  replayer: Replayer;
  mirror: Mirror;
  /** Asks the API whether it is back (Sync now, and on its own while offline). */
  probe: RecoveryProbe;
  /** Re-targets the upstream after a settings change. */
  retarget: () => Promise<void>;
  freshness?: EngineFreshness;
  lookupTimeoutMs?: number;
  /** While offline, a lookup tries the API again only this often (the loops probe meanwhile). */
  offlineProbeMs?: number;
  /** The disk under the outbox (outbox/held-writes.ts); absent: writes are never held. */
  storage?: Pick<HeldWrites, 'isHeld' | 'retry' | 'full'>;
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
  | 'holdSlot' // screen-holds.ts, per screen
  | 'releaseHold'
  | StaffCallMethod // electron/core/staff
>;

export interface EngineContext extends EngineDeps {
  freshness: EngineFreshness;
  lookupTimeoutMs: number;
  /** Whether a customer's request should try the API now (not while paused; rarely offline). */
  mayGoLive(): boolean;
  /** The next request may try the API at once (staff asked to sync). */
  allowLiveNow(): void;
}

export function createEngineContext(deps: EngineDeps): EngineContext {
  const { clock, status } = deps;
  const offlineProbeMs = deps.offlineProbeMs ?? 15_000;
  let lastProbeAt = -Infinity;
  return {
    ...deps,
    freshness: deps.freshness ?? DEFAULT_ENGINE_FRESHNESS,
    lookupTimeoutMs: deps.lookupTimeoutMs ?? 3_000,
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
