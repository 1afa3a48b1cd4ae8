/**
 * The rate governor's pure core: no timers, `now` comes in with every call. Every upstream
 * request asks `waitMs` first and reports `onSend`, then `onAnswer` / `onRateLimited`.
 *
 * What it knows:
 * - its own sends, as a log of send times: the count in the last 60 s / 24 h bounds what any
 *   server window (fixed or rolling) can have counted from us;
 * - the X-RateLimit-* headers, which describe only the window with the fewest requests left
 *   (decisions.md). A reset within ~65 s is the minute window, else the day window. Until the
 *   header's reset, used = (limit - remaining) + what we sent since (and what was in flight).
 * The estimate is the larger of the two, so headers can only make it more careful, never let
 * it exceed what its own count allows.
 *
 * Priorities: `interactive` may use the whole window; `background` (the mirror) only
 * (1 - reserve) of it, and its requests are spaced evenly over the minute window.
 *
 * Other users of the same key (a second kiosk, spec §5: limits are per key): a minute-window
 * header says how many requests the key spent since the window began; what we did not send
 * ourselves, others did (a 429 says the window is full). Per window, at our latest answer in
 * it: others' count and ours so far. Over the last hour, others' total against what ours
 * predicts for each count, in the same windows, says how many kiosks share the key (`peers()`,
 * peer-estimate.ts: ours judged unstretched, so that the estimate does not feed itself), and
 * the mirror stretches its plan by it. Comparing within the windows we saw: kiosks on one plan
 * are busy in the same minutes (a rate over the observed time would overcount them); only that
 * no other kiosk is left is judged over the time watched (one may send in other minutes).
 *
 * An API may enforce less than its headers say (issue 30.8): a 429 whose headers still show
 * budget sets a learned minute ceiling (learned-limit.ts) that every priority paces against, the
 * reserve for interactive requests (bookings) included.
 */
import { LearnedLimit, type LearnedState } from './learned-limit';
import { MAX_PEERS, estimatePeers } from './peer-estimate';
import { readRetryAfterMs } from './rate-limit-answers';

export type Priority = 'interactive' | 'background';
export type WindowName = 'minute' | 'day';

export interface GovernorOptions {
  minuteLimit: number; // until a header says otherwise
  dayLimit: number;
  reserve: number; // share of each window kept for interactive requests, 0..1
}

export const DEFAULT_GOVERNOR_OPTIONS: GovernorOptions = {
  minuteLimit: 60,
  dayLimit: 1000,
  reserve: 0.2,
};

const SPAN_DAY_MS = 86_400_000;
const SPAN: Record<WindowName, number> = { minute: 60_000, day: SPAN_DAY_MS };
const HOUR = 3_600_000;
/** Observed window time needed before others' rate is trusted. */
const MIN_OBSERVED_MS = 30_000;
/** Own sends in the last hour below which the ratio is not recomputed (the shop is closed). */
const MIN_OWN_SENDS = 5;
/** Headers whose reset is this close are the minute window's. */
const MINUTE_HEADER_HORIZON_MS = 65_000;
/** No window the spec names lasts longer: a reset or a block beyond it is not believed. */
const LONGEST_WAIT_MS = SPAN_DAY_MS + 60_000;

interface HeaderView {
  limit: number;
  usedAtAnswer: number;
  resetAt: number;
  sentSince: number;
}

export interface GovernorSnapshot {
  minute: { limit: number; used: number };
  day: { limit: number; used: number };
  /** The most recent header, as the sync status shows it. */
  last: { limit: number; remaining: number; resetAt: number } | null;
  blockedUntil: number;
}

export class RateGovernor {
  private readonly options: GovernorOptions;
  private sends: number[] = []; // ascending send times within the last day
  /** The stretch each of `sends` had (its index): the last `peers()` for background, else 1. */
  private stretches: number[] = [];
  private inFlight = 0;
  private readonly headers: Record<WindowName, HeaderView | null> = { minute: null, day: null };
  private readonly limits: Record<WindowName, number>;
  private lastHeader: GovernorSnapshot['last'] = null;
  private blockedUntil = 0;
  private lastBackgroundAt = -Infinity;
  /** Others' requests seen per minute window (by its start), at the latest answer in it. */
  private readonly others = new Map<
    number,
    { others: number; own: number; ownByStretch: number[]; observedMs: number }
  >();
  private lastPeers = 1;
  private readonly learned = new LearnedLimit();

  constructor(options: Partial<GovernorOptions> = {}) {
    this.options = { ...DEFAULT_GOVERNOR_OPTIONS, ...options };
    this.limits = { minute: this.options.minuteLimit, day: this.options.dayLimit };
  }

  /** How long a request of this priority must wait before it may go (0: now). */
  waitMs(now: number, priority: Priority): number {
    this.prune(now);
    let wait = Math.max(0, this.blockedUntil - now);
    for (const name of ['minute', 'day'] as const) {
      wait = Math.max(wait, this.windowWait(name, now, priority));
    }
    if (priority === 'background') {
      const spacing = SPAN.minute / Math.max(1, this.budget('minute', 'background'));
      wait = Math.max(wait, this.lastBackgroundAt + spacing - now);
    }
    return Math.max(0, Math.ceil(wait));
  }

  /** Records a request leaving now. Callers must have seen `waitMs(now, priority) === 0`. */
  onSend(now: number, priority: Priority): void {
    this.prune(now);
    this.sends.push(now);
    // The mirror plans each background request with the estimate it has just asked for.
    this.stretches.push(priority === 'background' ? this.lastPeers : 1);
    this.inFlight += 1;
    for (const view of Object.values(this.headers)) if (view) view.sentSince += 1;
    if (priority === 'background') this.lastBackgroundAt = now;
    if (this.used('minute', now) >= this.budget('minute', priority)) this.learned.onPressed(now);
  }

  /**
   * A request ended without an answer the server counted for sure (network failure). With
   * `neverSentAt` (the connection was refused: the server never saw it) its send is forgotten,
   * so that probing an unreachable API every few seconds spends none of the budget.
   */
  onNoAnswer(neverSentAt?: number): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (neverSentAt === undefined) return;
    const index = this.sends.lastIndexOf(neverSentAt);
    if (index < 0) return;
    this.sends.splice(index, 1);
    this.stretches.splice(index, 1);
    for (const view of Object.values(this.headers))
      if (view && view.sentSince > 0) view.sentSince -= 1;
  }

  /** An answer arrived, with its X-RateLimit-* headers when it had them. */
  onAnswer(
    now: number,
    header: { limit: number; remaining: number; resetAt: number } | null,
  ): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.learned.onClean(now, this.limits.minute);
    if (
      !header ||
      !(header.limit > 0) ||
      !(header.resetAt > now) ||
      header.resetAt - now > LONGEST_WAIT_MS
    )
      return;
    // A near reset is the minute window, unless it is the known day window's last minute.
    const dayLastMinute = this.headers.day !== null && header.limit === this.limits.day;
    const name: WindowName =
      header.resetAt - now <= MINUTE_HEADER_HORIZON_MS && !dayLastMinute ? 'minute' : 'day';
    const remaining = Math.min(Math.max(0, header.remaining), header.limit);
    this.limits[name] = header.limit;
    // Requests still in flight may not be in the server's count yet: count them as sent since.
    this.headers[name] = {
      limit: header.limit,
      usedAtAnswer: header.limit - remaining,
      resetAt: header.resetAt,
      sentSince: this.inFlight,
    };
    this.lastHeader = { limit: header.limit, remaining, resetAt: header.resetAt };
    if (name === 'minute')
      this.noteOthers(now, header.resetAt - SPAN.minute, header.limit - remaining);
  }

  /**
   * How long a 429 blocks (rate-limit-answers.ts): its Retry-After or `retryAfter` read as a
   * bound, in the unit that fits the window it can be about (the day's only when our own count
   * says the day is spent) and never past the answer's X-RateLimit-Reset.
   */
  retryAfterMs(
    now: number,
    answer: { body?: number | undefined; header?: string | undefined },
    rateLimit: { limit: number; remaining: number; resetAt: number } | null,
  ): number {
    const dayFull = this.used('day', now) >= this.limits.day;
    return readRetryAfterMs({ ...answer, now, rateLimit, dayFull });
  }

  /**
   * A 429: nobody sends until retryAfter has passed (at most a day: no named window is longer).
   * Headers with nothing left (or none): the minute window is full, what we did not send of it
   * others did (with the header's window when the answer had one). Headers that still show
   * budget: the API enforces less than it says, and what it accepted in the window becomes the
   * learned ceiling.
   */
  onRateLimited(
    now: number,
    retryAfterMs: number,
    header?: { limit: number; remaining?: number; resetAt: number } | null,
  ): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.blockedUntil = Math.max(
      this.blockedUntil,
      now + Math.min(LONGEST_WAIT_MS, Math.max(1_000, retryAfterMs)),
    );
    const minuteHeader =
      header && header.resetAt > now && header.resetAt - now <= MINUTE_HEADER_HORIZON_MS;
    const remaining = header?.remaining ?? 0;
    if (header && remaining > 0) {
      // The window the header describes, else the last minute; the refused send is in our log.
      const windowStart = minuteHeader ? header.resetAt - SPAN.minute : now - SPAN.minute;
      const usedByAll = minuteHeader ? header.limit - remaining : 0;
      const own = this.countSince(windowStart - 1);
      this.learned.onSurprise(now, Math.max(own, usedByAll) - 1);
      if (minuteHeader) this.noteOthers(now, windowStart, usedByAll);
    } else if (minuteHeader) this.noteOthers(now, header.resetAt - SPAN.minute, header.limit);
    else if (!header) this.noteOthers(now, now - SPAN.minute, this.limits.minute);
  }

  /** The learned minute ceiling, to survive a restart (null: none, the headers are believed). */
  exportLearned(): LearnedState | null {
    return this.learned.export();
  }

  importLearned(state: LearnedState | null): void {
    this.learned.import(state);
  }

  /**
   * How many kiosks share this key, 1..4: the others' spend in the windows of the last hour we
   * saw, against what ours predicts for each count (peer-estimate.ts: judged against our plan
   * unstretched, so that the estimate does not feed itself). While we send little (closed), or
   * watched too little to tell that another kiosk is gone, the last value stands. The mirror
   * stretches its plan by the answer: background requests sent after it are taken to have that
   * stretch.
   */
  peers(now: number): number {
    this.prune(now);
    let others = 0;
    let own = 0;
    let observedMs = 0;
    let oldest = now;
    const ownByStretch = new Array<number>(MAX_PEERS + 1).fill(0);
    for (const [start, sample] of this.others.entries()) {
      oldest = Math.min(oldest, start);
      others += sample.others;
      own += sample.own;
      observedMs += sample.observedMs;
      sample.ownByStretch.forEach((count, stretch) => {
        ownByStretch[stretch] = (ownByStretch[stretch] ?? 0) + count;
      });
    }
    if (observedMs < MIN_OBSERVED_MS || own < MIN_OWN_SENDS) return this.lastPeers;
    const watched = observedMs / Math.max(observedMs, now - oldest);
    this.lastPeers = estimatePeers({ others, ownByStretch, watched, last: this.lastPeers });
    return this.lastPeers;
  }

  private noteOthers(now: number, windowStart: number, usedByAll: number): void {
    // Our own sends in the window, those still in flight included (the server may not have
    // counted them yet: others are rather under- than overestimated).
    const own = this.countSince(windowStart - 1);
    const others = Math.max(0, usedByAll - own);
    const observedMs = Math.max(1, Math.min(SPAN.minute, now - windowStart));
    const previous = this.others.get(windowStart);
    if (previous && observedMs < previous.observedMs) return;
    const ownByStretch = new Array<number>(MAX_PEERS + 1).fill(0);
    for (const stretch of this.stretches.slice(this.sends.length - own))
      ownByStretch[stretch] = (ownByStretch[stretch] ?? 0) + 1;
    this.others.set(windowStart, { others, own, ownByStretch, observedMs });
  }

  /** Send times of the last day, to survive a restart (the day window is mostly our own count). */
  exportSends(now: number): number[] {
    this.prune(now);
    return [...this.sends];
  }

  /** Restores send times saved by `exportSends` (those older than a day are dropped). */
  importSends(times: readonly number[], now: number): void {
    // Restored sends are taken as unstretched (their stretch was not saved).
    const merged = [
      ...this.sends.map((at, index) => ({ at, stretch: this.stretches[index] ?? 1 })),
      ...times.filter((t) => Number.isFinite(t) && t <= now).map((at) => ({ at, stretch: 1 })),
    ].sort((a, b) => a.at - b.at);
    this.sends = merged.map((send) => send.at);
    this.stretches = merged.map((send) => send.stretch);
    this.prune(now);
  }

  used(name: WindowName, now: number): number {
    this.prune(now);
    const own = this.countSince(now - SPAN[name]);
    const view = this.headers[name];
    const reported = view && now < view.resetAt ? view.usedAtAnswer + view.sentSince : 0;
    return Math.max(own, reported);
  }

  /** The limit paced against: the minute's learned ceiling when it is below the advertised. */
  private limit(name: WindowName): number {
    return name === 'minute' ? this.learned.cap(this.limits.minute) : this.limits[name];
  }

  budget(name: WindowName, priority: Priority): number {
    const limit = this.limit(name);
    return priority === 'interactive' ? limit : Math.floor(limit * (1 - this.options.reserve));
  }

  snapshot(now: number): GovernorSnapshot {
    return {
      minute: { limit: this.limit('minute'), used: this.used('minute', now) },
      day: { limit: this.limits.day, used: this.used('day', now) },
      last: this.lastHeader,
      blockedUntil: this.blockedUntil,
    };
  }

  private windowWait(name: WindowName, now: number, priority: Priority): number {
    const budget = this.budget(name, priority);
    if (this.used(name, now) < budget) return 0;
    // No share at all (a limit of 1 leaves the background none): look again in a window.
    if (budget <= 0) return SPAN[name];
    let wait = 0;
    // Own log: wait until enough of our sends have left the window.
    const windowStart = now - SPAN[name];
    const inWindow = this.sends.filter((t) => t > windowStart);
    const excess = inWindow.length - budget;
    if (excess >= 0) {
      const expiring = inWindow[excess];
      if (expiring !== undefined) wait = Math.max(wait, expiring + SPAN[name] - now + 1);
    }
    // Header view: wait for the window to reset.
    const view = this.headers[name];
    if (view && now < view.resetAt && view.usedAtAnswer + view.sentSince >= budget) {
      wait = Math.max(wait, view.resetAt - now);
    }
    return Math.max(wait, 1);
  }

  private countSince(since: number): number {
    // sends is ascending: binary search for the first send after `since`.
    let lo = 0;
    let hi = this.sends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.sends[mid] ?? 0) > since) hi = mid;
      else lo = mid + 1;
    }
    return this.sends.length - lo;
  }

  private prune(now: number): void {
    const cutoff = now - SPAN.day;
    let drop = 0;
    while (drop < this.sends.length && (this.sends[drop] ?? 0) <= cutoff) drop += 1;
    if (drop > 0) {
      this.sends = this.sends.slice(drop);
      this.stretches = this.stretches.slice(drop);
    }
    for (const name of ['minute', 'day'] as const) {
      const view = this.headers[name];
      if (view && now >= view.resetAt) this.headers[name] = null;
    }
    for (const start of this.others.keys()) if (start < now - HOUR) this.others.delete(start);
  }
}
