/**
 * The mirror's schedule as a pure function: given what is cached and when it was fetched,
 * which refresh comes next, and when. Calendar first, then the slots where they matter:
 * 1. the catalog (services, employees), then the available days of this month and the next for
 *    every service: the calendar works offline after a dozen requests;
 * 2. slot lists only of days the calendar says are open for that service, nearest first: the
 *    first `openDays` open days from today. Days inside the `dates` window (today and the next
 *    days) are kept fresh: today every `todayMaxAgeMs` while the service has slots ahead, the
 *    next days every `futureMaxAgeMs`; open days beyond the window only every `beyondMaxAgeMs`;
 *    a day whose latest slot list has no free slot (full) every `idleMaxAgeMs`. Closed days are
 *    not fetched at all: the calendar's refresh finds them when they open.
 * 3. the calendar itself every `daysMaxAgeMs` (this month) / `nextMonthDaysMaxAgeMs`.
 * 4. each employee's own slot list of today (the day view, staff-day.ts) every
 *    `staffDayMaxAgeMs`, after today's lists of the services.
 * 5. each person's available days of this month and the next, per service they do (the day
 *    strip once a person is chosen, offline too) every `personDaysMaxAgeMs`; never fetched,
 *    they count as just due, not as first: they come after the customer's first screens.
 * 6. after a booking of this kiosk, that day's lists it made stale (`booked`: the `any` list of
 *    its service, and the person's own list when one is cached) `bookedRefreshDelayMs` after
 *    the booking, instead of at their next age.
 * Whether a day is open comes from the calendar, unless a slot list fetched after it says
 * otherwise (derived-days.ts). Outside opening hours only what was never fetched is filled, so
 * a kiosk started at any hour has a calendar and the next open days at once.
 * `stretch` (>= 1) scales every age: a key shared with other kiosks gives this one a share.
 * Spread (issue 37): at most `windowRequests` of the kiosk's requests in any `windowMs`
 * (`spent`: the mirror's own and the customers' lookups and bookings, which go first). In
 * opening hours the mirror leaves `windowReserve` of them to the customers' screens; what is
 * due beyond waits, in the order above, until the window has room. A start, whatever the cache
 * holds, then costs the mirror's share and what the screens ask (lookups answer from a copy
 * once the window is full: catalog/lookups.ts).
 */
import type { ApiOperationName } from '../../../shared/api/operations';
import { addDays } from '../../../shared/booking/time';
import { daysKey, isOpenOn, slotsKey, type CachedDays, type CachedSlotDay } from './derived-days';
import { keptForMs, type KeptContext } from './freshness';

export { daysKey, slotsKey };

export type MirrorTask =
  | { kind: 'services' }
  | { kind: 'employees' }
  | { kind: 'days'; year: number; month: number; serviceId: string; employeeId?: string }
  | { kind: 'slots'; date: string; serviceId: string; employeeId?: string };

/**
 * How the mirror keeps each operation of the API's table (shared/api/operations.ts): the task
 * that fetches its answers, or why it never does. An operation added to the table without an
 * entry here does not compile, and test/unit/core/mirror-plan.test.ts checks, operation by
 * operation, that planNext schedules the task and that only writes are left out.
 */
export const MIRROR_TASKS = {
  getServices: 'services',
  getEmployees: 'employees',
  getAvailableDays: 'days',
  getTimeSlots: 'slots',
  book: { notMirrored: 'a write: the outbox sends it' },
} as const satisfies Record<ApiOperationName, MirrorTask['kind'] | { notMirrored: string }>;

export interface MirrorPolicy {
  todayMaxAgeMs: number;
  futureMaxAgeMs: number;
  /** Open days after the `dates` window (up to `openDays` of them). */
  beyondMaxAgeMs: number;
  idleMaxAgeMs: number;
  daysMaxAgeMs: number;
  nextMonthDaysMaxAgeMs: number;
  catalogMaxAgeMs: number;
  /** How many open days (today included) of each service the mirror keeps. */
  openDays: number;
  /** A failed task is not tried again for this long (the loop must not spin on one bad key). */
  failureBackoffMs: number;
  /** An employee's own list of today (the day view): 3 people, 10 hours: 60 requests a day. */
  staffDayMaxAgeMs: number;
  /** A person's available days of a month for one service (11 pairs x 2 months a day). */
  personDaysMaxAgeMs: number;
  /** After a booking of this kiosk: its day's stale lists are refreshed this long after it. */
  bookedRefreshDelayMs: number;
  /**
   * At most this many of the kiosk's requests in any `windowMs` (a start, a morning warm-up, an
   * hour's turn): the mirror asks below it, and a lookup with a copy answers from the copy at
   * it (only a customer's lookup of a list never fetched, a `fresh` one and a booking go then).
   */
  windowRequests: number;
  /** What no first screen needs (a person's days) fills the window only up to this many. */
  windowRequestsLater: number;
  /**
   * In opening hours the mirror leaves this many of the window to the customers' screens (it
   * fills the window to `windowRequests - windowReserve`, and what a screen asks `ahead` too).
   * Closed, it may fill the window (a cold start's calendar and slots at once, issue 8).
   */
  windowReserve: number;
  windowMs: number;
  /**
   * The API's minute limit the window's counts are set for (the spec's 60/min and 1,000/day):
   * against an API that allows more a minute (its headers say so) the mirror scales them by
   * the ratio (`windowed`).
   */
  windowAtMinuteLimit: number;
}

export const DEFAULT_MIRROR_POLICY: MirrorPolicy = {
  todayMaxAgeMs: 9.95 * 60_000,
  futureMaxAgeMs: 59.5 * 60_000,
  beyondMaxAgeMs: 24 * 3_600_000,
  idleMaxAgeMs: 6 * 3_600_000,
  daysMaxAgeMs: 24 * 3_600_000,
  nextMonthDaysMaxAgeMs: 24 * 3_600_000,
  catalogMaxAgeMs: 24 * 3_600_000,
  openDays: 7,
  failureBackoffMs: 60_000,
  staffDayMaxAgeMs: 30 * 60_000,
  personDaysMaxAgeMs: 24 * 3_600_000,
  // Bookings of one visit or one busy minute share a refresh; the API has them by then.
  bookedRefreshDelayMs: 30_000,
  // Issue 37: a start costs at most 60 requests in its first 10 minutes, the customers' screens
  // included. In opening hours the mirror (and what screens ask ahead) fills the window to 40
  // and leaves 20 to the customers, whose lookups and bookings go first: a cold start's screens
  // at the counter and the walk-in screen ask about 15 (bench/core/start-requests.ts). The
  // demo's cold fill (catalog, 12 calendars, 42 slot lists: 56) then takes two windows (closed,
  // one); the day's turns take about 15.
  windowRequests: 60,
  windowRequestsLater: 50,
  windowReserve: 20,
  windowMs: 10 * 60_000,
  windowAtMinuteLimit: 60,
};

export interface PlanInput {
  now: number;
  open: boolean; // inside opening hours (with the warm-up before)
  /** While closed: when the next opening (warm-up) starts. */
  opensAt: number | null;
  today: string;
  nowTime: string; // wall-clock HH:mm in the business time zone
  dates: string[]; // the window kept fresh: today first, then the next days
  months: { year: number; month: number }[]; // this month, then the next
  serviceIds: string[];
  servicesFetchedAt: number | null;
  employeesFetchedAt: number | null;
  /** key `${year}-${month}|${serviceId}` -> fetch time and the days it listed */
  days: ReadonlyMap<string, CachedDays>;
  /** key `${date}|${serviceId}` -> fetch time, last slot time (null: none), any slot free */
  slots: ReadonlyMap<string, CachedSlotDay>;
  failedUntil: ReadonlyMap<string, number>;
  /** Today's list of each employee the day view shows (staff-day.ts); absent: none. */
  staffDay?: readonly StaffDayList[];
  /** >= 1: every age is multiplied by it (this kiosk's share of a shared key). Default 1. */
  stretch?: number;
  /** The people each service's days are kept for (person-days.ts); absent: none. */
  people?: readonly { serviceId: string; employeeId: string }[];
  /** key `${year}-${month}|${serviceId}|${employeeId}` -> when that person's days were fetched */
  personDays?: ReadonlyMap<string, number>;
  /** Lists a booking of this kiosk made stale (the mirror's marks, cached lists only). */
  booked?: readonly BookedList[];
  /** When the kiosk sent its requests of the last `windowMs` (absent: none). */
  spent?: readonly number[];
}

/**
 * A cached slot list a booking of this kiosk made stale: first and last such booking since the
 * list was fetched. It is due `bookedRefreshDelayMs` after the first (or after its last fetch,
 * when it was fetched between them), and done once fetched after the last (strictly: a list
 * fetched in the booking's millisecond may be the one the customer booked from).
 */
export interface BookedList {
  task: Extract<MirrorTask, { kind: 'slots' }>;
  fetchedAt: number;
  firstAt: number;
  lastAt: number;
}

export const personDaysKey = (
  year: number,
  month: number,
  serviceId: string,
  employeeId: string,
): string => `${daysKey(year, month, serviceId)}|${employeeId}`;

export interface StaffDayList {
  /** The day of the list (absent: today). */
  date?: string;
  employeeId: string;
  serviceId: string;
  cached: CachedSlotDay | undefined;
}

export interface Plan {
  task: MirrorTask | null;
  /** When to look again if nothing is due now (or after this task). */
  nextAt: number;
}

export function taskKey(task: MirrorTask): string {
  switch (task.kind) {
    case 'services':
    case 'employees':
      return task.kind;
    case 'days':
      return `days:${daysKey(task.year, task.month, task.serviceId)}${task.employeeId ? `|${task.employeeId}` : ''}`;
    case 'slots':
      return `slots:${slotsKey(task.date, task.serviceId)}${task.employeeId ? `|${task.employeeId}` : ''}`;
  }
}

interface Candidate {
  task: MirrorTask;
  fetchedAt: number | null;
  maxAgeMs: number;
  rank: number; // lower first among equally overdue tasks
  /** Never fetched counts as just due, not as first (what no first screen needs). */
  later?: true;
  /** Known stale (a booking of this kiosk): once due, before every list that is only old. */
  stale?: true;
}

/** How far ahead the open days of a service are looked for (this month and the next). */
const SEARCH_DAYS = 62;

export function planNext(input: PlanInput, policy: MirrorPolicy = DEFAULT_MIRROR_POLICY): Plan {
  const stretch = Math.max(1, input.stretch ?? 1);
  const window = new Set(input.dates);
  // The ages are the ones the lookups read too (freshness.ts): one rule.
  const kept: KeptContext = {
    today: input.today,
    nowTime: input.nowTime,
    inWindow: (date) => window.has(date),
  };
  const catalogMaxAgeMs = keptForMs({ kind: 'catalog' }, kept, policy);
  const candidates: Candidate[] = [
    {
      task: { kind: 'services' },
      fetchedAt: input.servicesFetchedAt,
      maxAgeMs: catalogMaxAgeMs,
      rank: 0,
    },
    {
      task: { kind: 'employees' },
      fetchedAt: input.employeesFetchedAt,
      maxAgeMs: catalogMaxAgeMs,
      rank: 1,
    },
  ];
  if (input.servicesFetchedAt !== null) {
    input.months.forEach(({ year, month }, monthIndex) => {
      for (const serviceId of input.serviceIds) {
        candidates.push({
          task: { kind: 'days', year, month, serviceId },
          fetchedAt: input.days.get(daysKey(year, month, serviceId))?.fetchedAt ?? null,
          maxAgeMs: keptForMs({ kind: 'days', monthsAhead: monthIndex }, kept, policy),
          rank: 10 + monthIndex,
        });
      }
    });
    for (const serviceId of input.serviceIds) {
      let found = 0;
      for (let i = 0; i < SEARCH_DAYS && found < policy.openDays; i += 1) {
        const date = addDays(input.today, i);
        const cached = input.slots.get(slotsKey(date, serviceId));
        const open = isOpenOn(date, serviceId, input.days, input.slots);
        // Today stays fresh while it has slots ahead, even when full (a cancellation frees one).
        const todayAhead =
          date === input.today &&
          cached !== undefined &&
          cached.lastSlotTime !== null &&
          cached.lastSlotTime > input.nowTime;
        if (open === 'closed' && !todayAhead) continue;
        if (open === 'unknown') continue; // its month's calendar comes first
        found += 1;
        candidates.push({
          task: { kind: 'slots', date, serviceId },
          fetchedAt: cached?.fetchedAt ?? null,
          maxAgeMs: keptForMs(
            { kind: 'slots', date, lastSlotTime: cached?.lastSlotTime, full: open === 'full' },
            kept,
            policy,
          ),
          rank: 100 + i,
        });
      }
    }
    for (const { date = input.today, employeeId, serviceId, cached } of input.staffDay ?? []) {
      // Only on a day the calendar (or a fresher list) shows working: a closed day has no view.
      const day = isOpenOn(date, serviceId, input.days, input.slots);
      if (day === 'closed' || day === 'unknown') continue;
      const over =
        date === input.today &&
        cached !== undefined &&
        (cached.lastSlotTime ?? '') <= input.nowTime;
      candidates.push({
        task: { kind: 'slots', date, serviceId, employeeId },
        fetchedAt: cached?.fetchedAt ?? null,
        // A day that is over for them cannot change in a way the view shows.
        maxAgeMs: over ? policy.idleMaxAgeMs : policy.staffDayMaxAgeMs,
        rank: 100 + SEARCH_DAYS,
      });
    }
    input.months.forEach(({ year, month }, monthIndex) => {
      for (const { serviceId, employeeId } of input.people ?? []) {
        candidates.push({
          task: { kind: 'days', year, month, serviceId, employeeId },
          fetchedAt:
            input.personDays?.get(personDaysKey(year, month, serviceId, employeeId)) ?? null,
          maxAgeMs: keptForMs({ kind: 'days', monthsAhead: monthIndex, employeeId }, kept, policy),
          rank: 101 + SEARCH_DAYS + monthIndex,
          later: true,
        });
      }
    });
    for (const list of input.booked ?? []) {
      if (list.fetchedAt > list.lastAt) continue;
      // Due the delay after the first booking since its fetch (or after a fetch between them).
      candidates.push({
        task: list.task,
        fetchedAt: Math.max(list.fetchedAt, list.firstAt),
        maxAgeMs: policy.bookedRefreshDelayMs,
        rank: 50,
        stale: true,
      });
    }
  }

  let best: { candidate: Candidate; overdue: number } | null = null;
  let nextAt = Math.min(
    input.now + policy.catalogMaxAgeMs,
    input.open ? Infinity : (input.opensAt ?? Infinity),
  );
  // Room in the window: for all, and for what no first screen needs (it leaves a share free
  // for a booking's refresh or the day view right after a start); in opening hours less the
  // customers' share.
  const reserve = input.open ? policy.windowReserve : 0;
  const roomAt = windowRoomAt(input, policy.windowMs, policy.windowRequests - reserve);
  const laterRoomAt = windowRoomAt(
    input,
    policy.windowMs,
    Math.min(policy.windowRequestsLater, policy.windowRequests) - reserve,
  );
  for (const candidate of candidates) {
    // Closed: only what was never fetched (a cold start at any hour); the rest waits for the
    // warm-up before opening, when it is refetched anyway.
    if (!input.open && candidate.fetchedAt !== null) continue;
    const blockedUntil = Math.max(
      input.failedUntil.get(taskKey(candidate.task)) ?? 0,
      candidate.later ? laterRoomAt : roomAt,
    );
    const maxAgeMs = candidate.maxAgeMs * stretch;
    const dueAt = Math.max(
      blockedUntil,
      candidate.fetchedAt === null ? input.now : candidate.fetchedAt + maxAgeMs,
    );
    if (dueAt > input.now) {
      nextAt = Math.min(nextAt, dueAt);
      continue;
    }
    // Never fetched first, then what is known stale, then by how far past its age limit
    // (relative), then by rank.
    let overdue = (input.now - (candidate.fetchedAt ?? 0)) / maxAgeMs;
    if (candidate.fetchedAt === null) overdue = candidate.later ? 1 : Infinity;
    else if (candidate.stale) overdue = Number.MAX_VALUE;
    if (
      !best ||
      overdue > best.overdue ||
      (overdue === best.overdue && candidate.rank < best.candidate.rank)
    ) {
      best = { candidate, overdue };
    }
  }
  return best ? { task: best.candidate.task, nextAt: input.now } : { task: null, nextAt };
}

/**
 * The policy with its window's counts scaled to an API whose minute limit is `minuteLimit`
 * (never below the policy's own): the share a start may take stays the same part of the API's
 * rate.
 */
export function windowed(policy: MirrorPolicy, minuteLimit: number): MirrorPolicy {
  const scale = Math.max(1, minuteLimit / policy.windowAtMinuteLimit);
  if (scale === 1) return policy;
  return {
    ...policy,
    windowRequests: Math.floor(policy.windowRequests * scale),
    windowRequestsLater: Math.floor(policy.windowRequestsLater * scale),
    windowReserve: Math.floor(policy.windowReserve * scale),
  };
}

/**
 * When the window has room for one more of `limit` requests: now, or when enough of `spent`
 * left it. Both ends count: no span of `windowMs`, its first and last instant included, holds
 * more than `limit`.
 */
function windowRoomAt(input: PlanInput, windowMs: number, limit: number): number {
  const within = (input.spent ?? [])
    .filter((at) => at >= input.now - windowMs)
    .sort((a, b) => a - b);
  const over = within.length - limit;
  return over < 0 ? input.now : (within[over] ?? input.now) + windowMs + 1;
}
