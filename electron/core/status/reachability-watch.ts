/**
 * Reachability on a schedule that costs no API budget (issue 18): day and night, even with
 * nothing queued and the mirror idle, the upstream's host is checked with a bare connection
 * (upstream/reachability.ts). Online, every `onlineMs`; a failed check is repeated after
 * `offlineMs` and two in a row turn the status offline, so "Offline" shows within
 * onlineMs + 2 × (offlineMs + timeoutMs) of the API going away (33 s by default). Offline, every
 * `offlineMs`: the first connection that works asks the recovery probe for one real answer (the
 * status turns online only on an answer), so "Online" is back within offlineMs + one request.
 */
import { monotonicNow, type Clock, createLoop } from '../platform';
import type { UpstreamLink } from '../link';
import { tcpReachability, type ReachabilityCheck, type NetworkReason } from '../upstream';
import type { RecoveryProbe } from './recovery-probe';
import type { StatusEvents } from './status-events';
import type { SyncStatusTracker } from './sync-status';

export interface ReachabilityWatchOptions {
  clock: Clock;
  check: ReachabilityCheck;
  /** The upstream's base URL now (null: none yet). */
  baseUrl: () => string | null;
  /** Offline since (null: online or nothing known yet). */
  offlineSince: () => number | null;
  /** The host took a connection (keeps a good last answer fresh). */
  onReachable: () => void;
  /** Two checks in a row failed. */
  onUnreachable: (reason: NetworkReason) => void;
  /** Offline and the host is back: one real request (the recovery probe). */
  onBack: () => void;
  onlineMs?: number;
  offlineMs?: number;
  timeoutMs?: number;
  /** Offline with a host that takes connections but no answer: ask again only this often. */
  askAgainMs?: number;
}

export interface ReachabilityWatch {
  start(): void;
  stop(): Promise<void>;
}

export const REACH_ONLINE_MS = 20_000;
export const REACH_OFFLINE_MS = 3_000;
export const REACH_TIMEOUT_MS = 5_000;
const ASK_AGAIN_MS = 45_000;

export function createReachabilityWatch(options: ReachabilityWatchOptions): ReachabilityWatch {
  const { clock } = options;
  const onlineMs = options.onlineMs ?? REACH_ONLINE_MS;
  const offlineMs = options.offlineMs ?? REACH_OFFLINE_MS;
  const timeoutMs = options.timeoutMs ?? REACH_TIMEOUT_MS;
  const askAgainMs = options.askAgainMs ?? ASK_AGAIN_MS;
  let failures = 0;
  // Stryker disable next-line UnaryOperator: read only once an ask in this spell has set it
  let lastAskAt = -Infinity;
  /** The offline spell (its offlineSince) the last request was asked in. */
  let askedIn: number | null = null;

  async function checkOnce(): Promise<void> {
    const baseUrl = options.baseUrl();
    if (baseUrl === null) return;
    const result = await options.check(baseUrl, timeoutMs);
    if (!loop.started) return;
    if (!result.ok) {
      failures += 1;
      if (failures >= 2) options.onUnreachable(result.reason);
      return;
    }
    const wasFailing = failures > 0;
    failures = 0;
    options.onReachable();
    const spell = options.offlineSince();
    if (spell === null) return;
    // Back, or a new spell offline with the host there (a lost answer): one request at once,
    // then one per askAgainMs while connections work and answers do not.
    const now = monotonicNow(clock);
    if (wasFailing || spell !== askedIn || now - lastAskAt >= askAgainMs) {
      lastAskAt = now;
      askedIn = spell;
      options.onBack();
    }
  }

  const loop = createLoop({
    clock,
    async run() {
      await checkOnce().catch(() => undefined);
      return failures > 0 || options.offlineSince() !== null ? offlineMs : onlineMs;
    },
    firstDelayMs: offlineMs,
  });

  return { start: () => loop.start(), stop: () => loop.stop() };
}

/** The watch as kiosk-core wires it: the tracker hears what it finds; back, the probe asks. */
export function watchUpstream(deps: {
  clock: Clock;
  link: Pick<UpstreamLink, 'target'>;
  status: SyncStatusTracker;
  statusEvents: Pick<StatusEvents, 'emitStatus'>;
  probe: Pick<RecoveryProbe, 'probe'>;
  check?: ReachabilityCheck;
}): ReachabilityWatch {
  const { clock, status } = deps;
  return createReachabilityWatch({
    clock,
    check: deps.check ?? tcpReachability,
    // Stryker disable next-line OptionalChaining: a throw here ends the check as no target does
    baseUrl: () => deps.link.target()?.baseUrl ?? null,
    offlineSince: () => status.offlineSince,
    onReachable: () => status.onReachable(),
    onUnreachable: (reason) => {
      status.onNetworkFailure(clock.now(), reason);
      deps.statusEvents.emitStatus();
    },
    onBack: () => void deps.probe.probe().catch(() => undefined),
  });
}
