/**
 * The mirror loop: each `step()` asks the plan for the most overdue refresh, asks the governor
 * (background priority: never the reserve), performs at most one request, stores the answer and
 * returns when it wants to run next. `start()` drives steps with the injected clock; tests and
 * the simulated day call `step()` themselves. One step at a time. It keeps in memory only what
 * the cache cannot say: when it sent its last requests (the plan's window), the tasks that just
 * failed, and the lists a booking of this kiosk made stale (`noteBooked`).
 */
import {
  addDays,
  fromMinutes,
  instantToWall,
  toMinutes,
  wallToInstant,
} from '../../../shared/booking/time';
import { assertNever } from '../../../shared/result';
import { type Clock, createLogger, type Logger, quietRepeats, createLoop } from '../platform';
import {
  loadCatalog,
  loadTimeSlots,
  saveAvailableDays,
  saveEmployees,
  saveServices,
  saveTimeSlots,
  pruneTimeSlotsBefore,
  loadMirrorIndex,
  type MirrorIndex,
  loadOfferedServices,
  type KioskDb,
} from '../db';
import type { RateGovernor } from '../governor';
import {
  fallbackReason,
  meaningOf,
  type UpstreamClient,
  type UpstreamOutcome,
  waitMs,
} from '../upstream';
import {
  DEFAULT_MIRROR_POLICY,
  planNext,
  slotsKey,
  windowed,
  taskKey,
  type BookedList,
  type MirrorPolicy,
  type MirrorTask,
  type StaffDayList,
} from './plan';
import { createListFreshness, type MirrorRules } from './freshness';
import { personDayPairs } from './person-days';
import { staffDayServices } from './staff-day';

export interface OpeningHours {
  open: string; // HH:mm, business wall clock
  close: string;
}

/** How long the mirror waits for one answer (issue 18: a slow API, 5-20 s an answer). */
export const MIRROR_TIMEOUT_MS = 30_000;

export interface MirrorOptions {
  /** Total timeout of one refresh request (default MIRROR_TIMEOUT_MS). */
  timeoutMs?: number;
  db: KioskDb;
  client: () => UpstreamClient;
  governor: () => RateGovernor;
  clock: Clock;
  timeZone: string;
  mirrorDays: number;
  /**
   * When the mirror spends its budget. Undefined: the business's hours as the cached slots of
   * the day show them (first slot to last slot), else 08:00-20:00.
   */
  openingHours?: OpeningHours;
  /** Minutes before opening when the mirror starts refreshing (a warm cache at opening). */
  warmUpMinutes?: number;
  policy?: MirrorPolicy;
  /** Result of every request the mirror made (the composition says it as `upstream.outcome`). */
  onOutcome: (outcome: UpstreamOutcome<unknown>, task: MirrorTask) => void;
  /** Whether the mirror may send at all (not while the queue is paused for a bad key). */
  enabled: () => boolean;
  log?: Logger;
}

export interface Mirror {
  step(): Promise<number>;
  /** Runs due refreshes until none is due or `maxTasks` ran (syncNow); never waits long. */
  sweep(maxTasks: number): Promise<number>;
  start(): void;
  stop(): Promise<void>;
  poke(): void;
  /**
   * Staff looked at the day view (getDayGlance) of `date` (default today): each employee's own
   * list of today is kept fresh for `DAY_VIEW_KEPT_MS` after, so a shop that never opens the view
   * spends none of its budget on it (and other kiosks on a shared key see this one's usual
   * share). A later day shown (issue 38) is kept so too, the last one shown only: a look at the
   * week costs one list per person for the day on screen, not one per day looked at.
   */
  noteDayViewed(date?: string): void;
  /**
   * A booking of this kiosk was sent or queued (or may have been made): that day's `any` list of
   * its service and the person's own list, when cached, are stale. Their refresh is brought
   * forward to `bookedRefreshDelayMs` from now, within the plan's window and the governor.
   */
  noteBooked(slot: { date: string; serviceId: string; employeeId: string }): void;
  /**
   * How long a list stays fresh (freshness.ts): the plan's rule, stretched as the plan stretches
   * it. The lookups answer from the cache while it holds (issue 37: one rule, not two).
   */
  keptForMs: MirrorRules['keptForMs'];
  /**
   * Whether the kiosk's requests of the plan's window leave room for one the mirror would make
   * now: what a screen asks `ahead` goes only then (issue 37).
   */
  roomAhead: MirrorRules['roomAhead'];
  /** Whether the kiosk's requests of the window are below its bound (`windowRequests`). */
  roomForLookup: MirrorRules['roomForLookup'];
  /** Requests the mirror has made since it was created (figures for the bench). */
  readonly requests: number;
  readonly requestsByKind: Readonly<Record<MirrorTask['kind'], number>>;
}

/** How long after staff last looked at the day view the mirror keeps its lists fresh. */
export const DAY_VIEW_KEPT_MS = 2 * 3_600_000;

const OFFLINE_RETRY_MS = [5_000, 15_000, 30_000, 60_000, 120_000] as const;

export function createMirror(options: MirrorOptions): Mirror {
  const { db, clock } = options;
  // Backing off from an API that is away, every few minutes: one line an hour (issue 30).
  const log = quietRepeats(options.log ?? createLogger('core:mirror'), () => clock.now(), {
    keyFields: ['task', 'reason', 'status'],
  });
  const policy = options.policy ?? DEFAULT_MIRROR_POLICY;
  let dayViewedAt = Number.NEGATIVE_INFINITY;
  /** The later day the view showed last (null: today only), and when. */
  let laterDayViewed: { date: string; at: number } | null = null;
  const failedUntil = new Map<string, number>();
  let offlineStreak = 0;
  let requests = 0;
  const requestsByKind: Record<MirrorTask['kind'], number> = {
    services: 0,
    employees: 0,
    days: 0,
    slots: 0,
  };
  let current: Promise<number> | null = null;
  let lastPrunedFor = '';
  /** When this mirror sent its requests of the plan's last window. */
  let spent: number[] = [];
  const freshness = createListFreshness({
    now: () => clock.now(),
    timeZone: options.timeZone,
    mirrorDays: options.mirrorDays,
    policy,
    stretch: () => options.governor().peers(clock.now()),
  });

  /** The policy with its window scaled to the API's minute limit as the governor knows it. */
  function policyAt(now: number): MirrorPolicy {
    return windowed(policy, options.governor().snapshot(now).minute.limit);
  }

  /**
   * The kiosk's requests of the plan's last window: the governor's log of every request it sent
   * (the customers' lookups and bookings too, and those of a run before a restart), so that the
   * mirror's warm-up leaves them their room; the mirror's own when that is longer (a client
   * that does not report to the governor).
   */
  function spentInWindow(now: number): number[] {
    spent = spent.filter((at) => at >= now - policy.windowMs);
    const all = options
      .governor()
      .exportSends(now)
      .filter((at) => at >= now - policy.windowMs);
    return all.length >= spent.length ? all : spent;
  }
  /** Lists a booking of this kiosk made stale, by task key, until fetched after the last one. */
  const booked = new Map<string, { task: BookedList['task']; firstAt: number; lastAt: number }>();

  const FALLBACK_HOURS: OpeningHours = { open: '08:00', close: '20:00' };

  /** Opening hours of `date`: configured, or the span of that day's cached slots. */
  function hoursOf(date: string, index: MirrorIndex): OpeningHours {
    if (options.openingHours) return options.openingHours;
    let open: string | null = null;
    let close: string | null = null;
    for (const [key, span] of index.slots) {
      if (!key.startsWith(`${date}|`) || span.firstSlotTime == null || span.lastSlotTime === null)
        continue;
      if (open === null || span.firstSlotTime < open) open = span.firstSlotTime;
      if (close === null || span.lastSlotTime > close) close = span.lastSlotTime;
    }
    return open !== null && close !== null ? { open, close } : FALLBACK_HOURS;
  }

  /** Whether the mirror spends now, and if not, when the next warm-up starts. */
  function openState(
    now: number,
    wall: { date: string; time: string },
    index: MirrorIndex,
  ): { open: boolean; opensAt: number | null } {
    const hours = hoursOf(wall.date, index);
    const warm = fromMinutes(Math.max(0, toMinutes(hours.open) - (options.warmUpMinutes ?? 2)));
    if (wall.time >= warm && wall.time <= hours.close) return { open: true, opensAt: null };
    if (wall.time < warm)
      return { open: false, opensAt: wallToInstant(wall.date, warm, options.timeZone) };
    // After closing: look again just after midnight, when the next day's hours are known.
    const midnight = wallToInstant(addDays(wall.date, 1), '00:00', options.timeZone);
    return { open: false, opensAt: midnight === null ? now + 3_600_000 : midnight + 60_000 };
  }

  async function run(task: MirrorTask): Promise<UpstreamOutcome<unknown>> {
    const client = options.client();
    // Nobody waits for the mirror: a slow API still fills the cache (a customer waits 3 s).
    const call = {
      priority: 'background' as const,
      maxWaitMs: 0,
      timeoutMs: options.timeoutMs ?? MIRROR_TIMEOUT_MS,
    };
    switch (task.kind) {
      case 'services': {
        const outcome = await client.getServices(call);
        if (outcome.kind === 'ok')
          saveServices(
            db,
            outcome.data.filter((service) => service.enabled),
            clock.now(),
          );
        return outcome;
      }
      case 'employees': {
        const outcome = await client.getEmployees(call);
        if (outcome.kind === 'ok') saveEmployees(db, outcome.data, clock.now());
        return outcome;
      }
      case 'days': {
        const outcome = await client.getAvailableDays(task, call);
        if (outcome.kind === 'ok') saveAvailableDays(db, task, outcome.data, clock.now());
        return outcome;
      }
      case 'slots': {
        const outcome = await client.getTimeSlots(task, call);
        if (outcome.kind === 'ok') saveTimeSlots(db, task, outcome.data, clock.now());
        return outcome;
      }
    }
  }

  /** Today's own list of each employee the day view shows, with what the cache has of it. */
  function staffDayLists(
    dates: readonly string[],
    catalog: ReturnType<typeof loadCatalog>,
  ): StaffDayList[] {
    const services = staffDayServices(catalog.employees, catalog.services, loadOfferedServices(db));
    return dates.flatMap((date) =>
      [...services].map(([employeeId, serviceId]) => {
        const cached = loadTimeSlots(db, { date, serviceId, employeeId });
        const times = cached?.data.timeSlots.map((slot) => slot.time).sort() ?? [];
        return {
          date,
          employeeId,
          serviceId,
          cached: cached
            ? { fetchedAt: cached.fetchedAt, lastSlotTime: times.at(-1) ?? null }
            : undefined,
        };
      }),
    );
  }

  /** The days whose staff lists the view keeps fresh now: today, and the later day it showed. */
  function viewedDays(now: number, today: string): string[] {
    if (now - dayViewedAt >= DAY_VIEW_KEPT_MS) return [];
    const later =
      laterDayViewed && laterDayViewed.date > today && now - laterDayViewed.at < DAY_VIEW_KEPT_MS
        ? [laterDayViewed.date]
        : [];
    return [today, ...later];
  }

  /**
   * The marked lists as the plan needs them: with their fetch time. A mark whose list was
   * fetched after its last booking, is of a past day, or is not cached (nothing stale is shown)
   * is dropped.
   */
  function bookedLists(index: MirrorIndex, today: string): BookedList[] {
    const lists: BookedList[] = [];
    for (const [key, mark] of booked) {
      const { date, serviceId, employeeId } = mark.task;
      const fetchedAt =
        employeeId === undefined
          ? index.slots.get(slotsKey(date, serviceId))?.fetchedAt
          : index.personSlots.get(`${slotsKey(date, serviceId)}|${employeeId}`);
      if (date < today || fetchedAt === undefined || fetchedAt > mark.lastAt) {
        booked.delete(key);
        continue;
      }
      lists.push({ ...mark, fetchedAt });
    }
    return lists;
  }

  async function step(): Promise<number> {
    const now = clock.now();
    if (!options.enabled()) return now + 60_000;
    const wall = instantToWall(now, options.timeZone);
    if (wall.date !== lastPrunedFor) {
      pruneTimeSlotsBefore(db, wall.date);
      lastPrunedFor = wall.date;
    }
    const index = loadMirrorIndex(db);
    const catalog = loadCatalog(db);
    const dates = Array.from({ length: Math.max(1, options.mirrorDays) }, (_, i) =>
      addDays(wall.date, i),
    );
    const [year, month] = wall.date.split('-').map(Number) as [number, number];
    const months = [
      { year, month },
      month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 },
    ];
    const { open, opensAt } = openState(now, wall, index);
    const plan = planNext(
      {
        now,
        open,
        opensAt,
        today: wall.date,
        nowTime: wall.time,
        dates,
        months,
        serviceIds: catalog.services.map((s) => s._id),
        servicesFetchedAt: index.servicesFetchedAt,
        employeesFetchedAt: index.employeesFetchedAt,
        days: index.days,
        slots: index.slots,
        staffDay: staffDayLists(viewedDays(now, wall.date), catalog),
        people: personDayPairs(catalog.services, catalog.employees, loadOfferedServices(db)),
        personDays: index.personDays,
        booked: bookedLists(index, wall.date),
        spent: spentInWindow(now),
        failedUntil,
        // Other kiosks on the same key: this one keeps its share (ages stretched by their number).
        stretch: options.governor().peers(now),
      },
      policyAt(now),
    );
    if (!plan.task) return plan.nextAt;
    const wait = options.governor().waitMs(now, 'background');
    if (wait > 0) return now + wait;

    spent.push(now);
    const outcome = await run(plan.task);
    requests += 1;
    requestsByKind[plan.task.kind] += 1;
    options.onOutcome(outcome, plan.task);
    const after = clock.now();
    // What a refresh's outcome means for the next one is its class's (outcome-table.ts).
    const refresh = meaningOf(outcome).refresh;
    switch (refresh) {
      case 'next':
        offlineStreak = 0;
        failedUntil.delete(taskKey(plan.task));
        return after;
      case 'offline': {
        const delay =
          OFFLINE_RETRY_MS[Math.min(offlineStreak, OFFLINE_RETRY_MS.length - 1)] ?? 60_000;
        offlineStreak += 1;
        log.warn('upstream unreachable; mirror backs off', { delayMs: delay });
        return after + delay;
      }
      case 'wait':
        // At least 100 ms: a wait of 0 (a spent budget's last millisecond) must not spin.
        return after + Math.max(waitMs(outcome), 100);
      case 'failed':
        failedUntil.set(taskKey(plan.task), after + policy.failureBackoffMs);
        log.warn('refresh failed', { task: plan.task.kind, reason: fallbackReason(outcome) });
        return after;
      case 'keyRefused':
        return after + 60_000;
      case 'refused':
        failedUntil.set(taskKey(plan.task), after + policy.idleMaxAgeMs);
        log.warn('refresh refused', {
          task: plan.task.kind,
          status: 'status' in outcome ? outcome.status : null,
        });
        return after;
      // Stryker disable next-line ConditionalExpression: unreachable, the cases are exhaustive
      default:
        return assertNever(refresh);
    }
  }

  function once(): Promise<number> {
    current ??= step().finally(() => {
      current = null;
    });
    return current;
  }

  const loop = createLoop({
    clock,
    run: async () => (await once()) - clock.now(),
    firstDelayMs: 0,
    onError(error) {
      log.error('mirror step failed', { error });
      return 30_000;
    },
    // At least 10 ms between steps: a step that did nothing must not spin.
    minDelayMs: 10,
  });

  return {
    step: once,
    async sweep(maxTasks) {
      let next = clock.now();
      for (let i = 0; i < maxTasks; i += 1) {
        next = await once();
        if (next > clock.now()) break;
      }
      return next;
    },
    start: () => loop.start(),
    async stop() {
      await loop.stop();
      // A step a caller ran (sweep, the simulated day) is not the loop's: waited for too.
      await current?.catch(() => undefined);
    },
    poke: () => loop.poke(),
    noteDayViewed(date) {
      const now = clock.now();
      const later = date !== undefined && date > instantToWall(now, options.timeZone).date;
      // A new later day is due at once, as today's lists are when the view opens.
      const first =
        now - dayViewedAt >= DAY_VIEW_KEPT_MS || (later && date !== laterDayViewed?.date);
      dayViewedAt = now;
      if (later) laterDayViewed = { date, at: now };
      if (first) loop.poke();
    },
    noteBooked({ date, serviceId, employeeId }) {
      const at = clock.now();
      for (const task of [
        { kind: 'slots', date, serviceId },
        { kind: 'slots', date, serviceId, employeeId },
      ] as const) {
        const key = taskKey(task);
        const mark = booked.get(key);
        booked.set(key, { task, firstAt: mark?.firstAt ?? at, lastAt: at });
      }
      // The loop may sleep until a far refresh: it plans again with the marks.
      loop.poke();
    },
    keptForMs: (list) => freshness.keptForMs(list),
    roomAhead: () => {
      const { windowRequests, windowReserve } = policyAt(clock.now());
      return spentInWindow(clock.now()).length < windowRequests - windowReserve;
    },
    roomForLookup: () => spentInWindow(clock.now()).length < policyAt(clock.now()).windowRequests,
    get requests() {
      return requests;
    },
    get requestsByKind() {
      return { ...requestsByKind };
    },
  };
}
