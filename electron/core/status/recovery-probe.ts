/**
 * Finds out that the API is back without waiting for a customer: while the kiosk is offline it
 * asks the API for its services (one cheap GET that also refreshes the catalog) every
 * `urgentMs` when a booking is queued or staff pressed "Sync now" lately, else every `idleMs`.
 * A refused connection costs no budget (the governor forgets it); an answer turns the status
 * online, which wakes the queue and the mirror (`upstream.backOnline`, status/status-room.ts).
 */
import type { Service } from '../../../shared/api/schemas';
import { monotonicNow, type Clock, createLoop, type NextRun } from '../platform';
import { saveServices, type KioskDb } from '../db';
import type { OutboxStore } from '../outbox';
import type { UpstreamClient, UpstreamOutcome } from '../upstream';
import type { SyncStatusTracker } from './sync-status';

export interface RecoveryProbeOptions {
  clock: Clock;
  client: () => UpstreamClient;
  /** Offline since (null: online, or nothing known yet); paused kiosks are not probed. */
  offlineSince: () => number | null;
  paused: () => boolean;
  /** Something waits for the API (a queued booking): probe at the urgent pace. */
  urgent: () => boolean;
  /** What the probe learnt (status, saving the services). */
  onOutcome: (outcome: UpstreamOutcome<Service[]>) => void;
  urgentMs?: number;
  idleMs?: number;
  /** How long after "Sync now" the urgent pace holds even with nothing queued. */
  staffUrgencyMs?: number;
}

export interface RecoveryProbe {
  /** One probe now (Sync now); joins one already under way. */
  probe(): Promise<UpstreamOutcome<Service[]>>;
  /** Staff asked: probe at the urgent pace for a while. */
  hurry(): void;
  start(): void;
  stop(): Promise<void>;
}

export const PROBE_URGENT_MS = 4_000;
export const PROBE_IDLE_MS = 45_000;

export function createRecoveryProbe(options: RecoveryProbeOptions): RecoveryProbe {
  const { clock } = options;
  const urgentMs = options.urgentMs ?? PROBE_URGENT_MS;
  const idleMs = options.idleMs ?? PROBE_IDLE_MS;
  const staffUrgencyMs = options.staffUrgencyMs ?? 10 * 60_000;
  let current: Promise<UpstreamOutcome<Service[]>> | null = null;
  let lastProbeAt = -Infinity;
  let hurryUntil = -Infinity;

  function probe(): Promise<UpstreamOutcome<Service[]>> {
    current ??= (async () => {
      lastProbeAt = monotonicNow(clock);
      const outcome = await options.client().getServices({
        priority: 'interactive',
        maxWaitMs: 0,
        timeoutMs: Math.min(3_000, urgentMs),
      });
      options.onOutcome(outcome);
      return outcome;
    })().finally(() => {
      current = null;
    });
    return current;
  }

  /** Probes when offline and the pace says so; else waits, at most an urgent interval. */
  function tick(): NextRun | Promise<NextRun> {
    const now = monotonicNow(clock);
    const offline = options.offlineSince() !== null && !options.paused();
    const pace = options.urgent() || now < hurryUntil ? urgentMs : idleMs;
    if (offline && now - lastProbeAt >= pace) {
      return probe().then(
        () => urgentMs,
        () => urgentMs,
      );
    }
    return offline ? Math.max(250, Math.min(urgentMs, lastProbeAt + pace - now)) : urgentMs;
  }

  const loop = createLoop({ clock, run: tick, firstDelayMs: urgentMs });

  return {
    probe,
    hurry() {
      hurryUntil = monotonicNow(clock) + staffUrgencyMs;
    },
    start: () => loop.start(),
    async stop() {
      await loop.stop();
      // A probe staff asked for (Sync now) is not the loop's: waited for too.
      await current?.catch(() => undefined);
    },
  };
}

/** The probe as kiosk-core wires it: it probes while offline, and keeps the services it gets. */
export function probeUpstream(deps: {
  db: KioskDb;
  clock: Clock;
  client: () => UpstreamClient;
  status: Pick<SyncStatusTracker, 'offlineSince' | 'paused'>;
  store: Pick<OutboxStore, 'count'>;
  /** What the probe learnt, for the sync status. */
  onOutcome: (outcome: UpstreamOutcome<Service[]>) => void;
}): RecoveryProbe {
  const { db, clock, status, store } = deps;
  return createRecoveryProbe({
    clock,
    client: deps.client,
    offlineSince: () => status.offlineSince,
    paused: () => status.paused,
    urgent: () => store.count('queued') + store.count('sending') > 0,
    onOutcome: (outcome) => {
      // The answer is the catalog's services: worth keeping.
      if (outcome.kind === 'ok')
        saveServices(
          db,
          outcome.data.filter((s) => s.enabled),
          clock.now(),
        );
      deps.onOutcome(outcome);
    },
  });
}
