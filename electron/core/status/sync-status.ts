/**
 * The sync status the UI shows: whether the API answers, the mode, the queue, the last rate-limit
 * header, the clock skew from the API's Date header, and the error staff must act on.
 */
import type { SyncStatus } from '../../../shared/kiosk-api';
import type { AnswerMeta, LocalError, NetworkReason } from '../upstream';
import { answerClass, OUTCOME_TABLE } from '../upstream';

/** An answer slower than this shows as "the API is slow" (a customer's lookup waits 3 s). */
export const SLOW_ANSWER_MS = 3_000;

/**
 * `online` means the API answered (not a 5xx) this recently, or answered so last and its host
 * took a connection since (the reachability watch: an idle kiosk spends no budget to stay green).
 */
export const ONLINE_FRESH_MS = 60_000;

/** A skew beyond this makes bookings' times and "today" disagree with the API's. */
export const MAX_CLOCK_SKEW_MS = 2 * 60_000;

export interface StatusCounts {
  queued: number;
  unknown: number;
}

export class SyncStatusTracker {
  private online = false;
  /**
   * Whether anything is known of the API since the start (or a re-target): an answer or two
   * failed connections (the reachability watch). Until then the status is "unknown", never
   * "offline": a restart at night, with nothing to send and the mirror idle until the morning,
   * must not read as an outage (issue 39 item 6).
   */
  private known = false;
  private authError: LocalError | null = null;
  private lastFailure: string | null = null;
  private lastSyncAt: number | null = null;
  private clockSkewMs: number | null = null;
  private rateLimit: AnswerMeta['rateLimit'] = null;
  private lastNetworkFailureAt: number | null = null;
  private lastNetworkReason: NetworkReason | null = null;
  /** The status of the last answer when it was a 5xx (null after any other answer). */
  private problem: number | null = null;
  /** How long the last answer took, when slower than SLOW_ANSWER_MS. */
  private slowMs: number | null = null;
  /** When the last good answer came, or the host took a connection after one (monotonic). */
  private freshAt: number | null = null;

  /**
   * `now` (monotonic ms) lets `online` go stale after ONLINE_FRESH_MS without news; without
   * it, the last answer holds (unit tests of the other rules).
   */
  constructor(
    private readonly upstream: () => SyncStatus['upstream'],
    private readonly now?: () => number,
  ) {}

  /**
   * Returns whether this answer ends an offline spell (the loops then wake up). A 5xx (or any
   * status the outcome table calls a fault) is an answer (the host is there) but no sign that
   * the API works: "the API has problems", not online. Any other answer is: online, and the last error clears (what the outcome means is
   * noted after this, so a failure of this very answer is set again).
   */
  onAnswer(meta: AnswerMeta): boolean {
    const wasOffline = this.lastNetworkFailureAt !== null;
    this.known = true;
    this.lastNetworkFailureAt = null;
    this.lastNetworkReason = null;
    if (meta.status !== undefined && !OUTCOME_TABLE[answerClass(meta.status)].apiWorks) {
      this.online = false;
      this.problem = meta.status;
    } else {
      this.online = true;
      this.problem = null;
      this.lastFailure = null;
      this.freshAt = this.now?.() ?? null;
    }
    if (meta.elapsedMs !== undefined)
      this.slowMs = meta.elapsedMs > SLOW_ANSWER_MS ? meta.elapsedMs : null;
    if (meta.rateLimit) this.rateLimit = meta.rateLimit;
    // The Date header has whole seconds: anything under a second is noise.
    if (meta.serverDate !== null)
      this.clockSkewMs = Math.round((meta.serverDate - meta.receivedAt) / 1000) * 1000;
    return wasOffline;
  }

  onSuccess(now: number): void {
    this.lastSyncAt = now;
    this.lastFailure = null;
    this.authError = null;
  }

  onNetworkFailure(now: number, reason: NetworkReason): void {
    this.known = true;
    this.online = false;
    this.lastNetworkFailureAt ??= now;
    this.lastNetworkReason = reason;
    this.lastFailure = `API unreachable (${reason})`;
  }

  /** The host took a connection: a good last answer stays fresh (nothing else changes). */
  onReachable(): void {
    if (this.online) this.freshAt = this.now?.() ?? null;
  }

  /** Online and the last news of the API is recent (see ONLINE_FRESH_MS). */
  private get fresh(): boolean {
    if (this.now === undefined) return true;
    return this.freshAt !== null && this.now() - this.freshAt <= ONLINE_FRESH_MS;
  }

  onFailure(message: string): void {
    this.lastFailure = message;
  }

  onAuthError(error: LocalError): void {
    this.authError = error;
  }

  clearAuthError(): void {
    this.authError = null;
  }

  /** Reset after a re-target: nothing is known about the new upstream yet. */
  reset(): void {
    this.online = false;
    this.known = false;
    this.authError = null;
    this.lastFailure = null;
    this.clockSkewMs = null;
    this.rateLimit = null;
    this.lastNetworkFailureAt = null;
    this.lastNetworkReason = null;
    this.problem = null;
    this.slowMs = null;
    this.freshAt = null;
  }

  get paused(): boolean {
    return this.authError !== null;
  }

  /** The API's clock minus ours, from the last Date header (null before any answer). */
  get skewMs(): number | null {
    return this.clockSkewMs;
  }

  /** Offline since this instant (null when the last contact worked). */
  get offlineSince(): number | null {
    return this.lastNetworkFailureAt;
  }

  snapshot(counts: StatusCounts): SyncStatus {
    const skewError =
      this.clockSkewMs !== null && Math.abs(this.clockSkewMs) > MAX_CLOCK_SKEW_MS
        ? `The kiosk's clock differs from the API's by ${Math.round(this.clockSkewMs / 1000)} s: set the system clock.`
        : null;
    const authMessage = this.authError
      ? `The API refused the API key (HTTP ${this.authError.status ?? '?'}): check the key in settings.`
      : null;
    const problemMessage =
      this.problem === null ? null : `The API has problems (HTTP ${this.problem}).`;
    const online = this.online && this.fresh;
    const staleMessage = this.online && !online ? 'No news from the API for over a minute.' : null;
    const slowMessage =
      this.slowMs === null
        ? null
        : `The API is slow: its last answer took ${(this.slowMs / 1000).toFixed(1)} s.`;
    return {
      online,
      mode: this.authError ? 'paused' : online ? 'enabled' : 'offline',
      lastSyncAt: this.lastSyncAt === null ? null : new Date(this.lastSyncAt).toISOString(),
      queued: counts.queued,
      unknown: counts.unknown,
      rateLimit: this.rateLimit
        ? {
            limit: this.rateLimit.limit,
            remaining: this.rateLimit.remaining,
            resetAt: new Date(this.rateLimit.resetAt).toISOString(),
          }
        : null,
      clockSkewMs: this.clockSkewMs,
      lastError:
        authMessage ??
        skewError ??
        this.lastFailure ??
        problemMessage ??
        staleMessage ??
        slowMessage,
      upstream: this.upstream(),
      ...(this.lastNetworkReason !== null && !online
        ? { offlineReason: this.lastNetworkReason }
        : {}),
      ...(this.problem === null ? {} : { problemStatus: this.problem }),
      ...(this.known ? {} : { known: false }),
    };
  }
}
