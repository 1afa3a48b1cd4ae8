/**
 * How long a list of the API stays fresh: one rule for the mirror's plan (plan.ts: when it asks
 * again) and the customer's lookups (catalog/lookups.ts: whether they answer from the cache),
 * issue 37. Before, a lookup asked the API again for a calendar older than an hour that the
 * mirror keeps a day, and a restart's screens spent what the mirror had spared. Pure.
 *
 * - the catalog: `catalogMaxAgeMs`;
 * - a month's available days: this month `daysMaxAgeMs`, the next months
 *   `nextMonthDaysMaxAgeMs` (the mirror keeps this month and the next; a later month a screen
 *   asked for is kept as long); a person's days `personDaysMaxAgeMs`;
 * - a day's slot list (anyone's or one person's): today `todayMaxAgeMs` while it has times
 *   ahead, else (the day is over, nobody works) `idleMaxAgeMs`; a day with no free time
 *   `idleMaxAgeMs`; the next days (the `dates` window) `futureMaxAgeMs`; later days
 *   `beyondMaxAgeMs`.
 * `stretch` (>= 1, other kiosks on the key) scales every age, in the plan and in the lookups.
 */
import { addDays, instantToWall } from '../../../shared/booking/time';

/** The ages the rule reads (the mirror's policy, plan.ts, has them). */
export interface KeptAges {
  catalogMaxAgeMs: number;
  daysMaxAgeMs: number;
  nextMonthDaysMaxAgeMs: number;
  personDaysMaxAgeMs: number;
  todayMaxAgeMs: number;
  idleMaxAgeMs: number;
  futureMaxAgeMs: number;
  beyondMaxAgeMs: number;
}

export type KeptList =
  | { kind: 'catalog' }
  | {
      kind: 'days';
      /** 0: this month, 1: the next, ... */
      monthsAhead: number;
      employeeId?: string | undefined;
    }
  | {
      kind: 'slots';
      date: string;
      /** The list's last time (null: no time at all; undefined: not known). */
      lastSlotTime: string | null | undefined;
      /** The list has times and none is free. */
      full: boolean;
    };

export interface KeptContext {
  today: string;
  /** Wall-clock HH:mm in the business time zone. */
  nowTime: string;
  /** Whether a date is in the window the mirror keeps fresh (today and the next days). */
  inWindow: (date: string) => boolean;
}

/** How long `list` stays fresh, unstretched (milliseconds). */
export function keptForMs(list: KeptList, context: KeptContext, policy: KeptAges): number {
  switch (list.kind) {
    case 'catalog':
      return policy.catalogMaxAgeMs;
    case 'days':
      if (list.employeeId !== undefined) return policy.personDaysMaxAgeMs;
      return list.monthsAhead <= 0 ? policy.daysMaxAgeMs : policy.nextMonthDaysMaxAgeMs;
    case 'slots': {
      if (list.date === context.today) {
        // Nothing left to book today (day over, nobody working): it cannot change in a way that matters.
        const last = list.lastSlotTime;
        if (last === null || (last !== undefined && last <= context.nowTime))
          return policy.idleMaxAgeMs;
        return policy.todayMaxAgeMs;
      }
      if (list.full) return policy.idleMaxAgeMs;
      return context.inWindow(list.date) ? policy.futureMaxAgeMs : policy.beyondMaxAgeMs;
    }
  }
}

/** Months from (year, month) `from` to `to`: 0 for the same month. */
export function monthsBetween(
  from: { year: number; month: number },
  to: { year: number; month: number },
): number {
  return (to.year - from.year) * 12 + (to.month - from.month);
}

/** The rule as the lookups ask it: how long a list stays fresh now (stretched). */
export interface ListFreshness {
  keptForMs(list: KeptList): number;
}

/** What the lookups ask the mirror: the rule, and whether the kiosk's window has room. */
export interface MirrorRules extends ListFreshness {
  /** Room in the mirror's share (the customers' left): what a screen asks ahead goes only then. */
  roomAhead(): boolean;
  /** Below the kiosk's bound (`windowRequests`): a lookup with a copy goes only then. */
  roomForLookup(): boolean;
}

/**
 * The rule at the clock's time: today and the window in the business time zone, every age
 * stretched by `stretch()` (the governor's estimate of the kiosks on the key).
 */
export function createListFreshness(deps: {
  now: () => number;
  timeZone: string;
  /** The days the mirror keeps fresh, today included (its `mirrorDays`). */
  mirrorDays: number;
  policy: KeptAges;
  stretch?: () => number;
}): ListFreshness {
  const { policy } = deps;
  return {
    keptForMs(list) {
      const wall = instantToWall(deps.now(), deps.timeZone);
      const last = addDays(wall.date, Math.max(1, deps.mirrorDays) - 1);
      const context: KeptContext = {
        today: wall.date,
        nowTime: wall.time,
        inWindow: (date) => date >= wall.date && date <= last,
      };
      return keptForMs(list, context, policy) * Math.max(1, deps.stretch?.() ?? 1);
    },
  };
}
