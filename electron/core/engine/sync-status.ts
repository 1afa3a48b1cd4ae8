/**
 * The sync status the UI shows: whether the API answers, the mode, the queue, the last rate-limit
 * header, the clock skew from the API's Date header, and the error staff must act on.
 */
import type { SyncStatus } from '../../../shared/kiosk-api';
import type { AnswerMeta, LocalError } from '../upstream/outcome';

/** A skew beyond this makes bookings' times and "today" disagree with the API's. */
export const MAX_CLOCK_SKEW_MS = 2 * 60_000;

export interface StatusCounts {
  queued: number;
  unknown: number;
}

export class SyncStatusTracker {
  private online = false;
  private authError: LocalError | null = null;
  private lastFailure: string | null = null;
  private lastSyncAt: number | null = null;
  private clockSkewMs: number | null = null;
  private rateLimit: AnswerMeta['rateLimit'] = null;
  private lastNetworkFailureAt: number | null = null;

  constructor(private readonly upstream: () => SyncStatus['upstream']) {}

  onAnswer(meta: AnswerMeta): void {
    this.online = true;
    this.lastNetworkFailureAt = null;
    if (meta.rateLimit) this.rateLimit = meta.rateLimit;
    // The Date header has whole seconds: anything under a second is noise.
    if (meta.serverDate !== null) this.clockSkewMs = Math.round((meta.serverDate - meta.receivedAt) / 1000) * 1000;
  }

  onSuccess(now: number): void {
    this.lastSyncAt = now;
    this.lastFailure = null;
    this.authError = null;
  }

  onNetworkFailure(now: number, reason: string): void {
    this.online = false;
    this.lastNetworkFailureAt ??= now;
    this.lastFailure = `API unreachable (${reason})`;
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
    this.authError = null;
    this.lastFailure = null;
    this.clockSkewMs = null;
    this.rateLimit = null;
    this.lastNetworkFailureAt = null;
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
    return {
      online: this.online,
      mode: this.authError ? 'paused' : this.online ? 'enabled' : 'offline',
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
      lastError: authMessage ?? skewError ?? this.lastFailure,
      upstream: this.upstream(),
    };
  }
}
