/**
 * The mirror's schedule as a pure function: given what is cached and when it was fetched,
 * which refresh comes next, and when. Today's slots come first; the rest is spread so that the
 * day's budget is spent evenly over opening hours:
 * - today's slots of a service that still has slots later today: every `todayMaxAgeMs`;
 * - the next days' slots where the service has availability (or we do not know yet): every
 *   `futureMaxAgeMs`; days without availability and finished days: every `idleMaxAgeMs`;
 * - available days of this and next month: every `daysMaxAgeMs`; the catalog: `catalogMaxAgeMs`.
 * Outside opening hours only a cold catalog, month view and today's slots are fetched.
 */
export type MirrorTask =
  | { kind: 'services' }
  | { kind: 'employees' }
  | { kind: 'days'; year: number; month: number; serviceId: string }
  | { kind: 'slots'; date: string; serviceId: string };

export interface MirrorPolicy {
  todayMaxAgeMs: number;
  futureMaxAgeMs: number;
  idleMaxAgeMs: number;
  daysMaxAgeMs: number;
  catalogMaxAgeMs: number;
  /** A failed task is not tried again for this long (the loop must not spin on one bad key). */
  failureBackoffMs: number;
}

export const DEFAULT_MIRROR_POLICY: MirrorPolicy = {
  todayMaxAgeMs: 9.75 * 60_000,
  futureMaxAgeMs: 58 * 60_000,
  idleMaxAgeMs: 6 * 3_600_000,
  daysMaxAgeMs: 3 * 3_600_000,
  catalogMaxAgeMs: 4 * 3_600_000,
  failureBackoffMs: 60_000,
};

export interface PlanInput {
  now: number;
  open: boolean; // inside opening hours (with the warm-up before)
  /** While closed: when the next opening (warm-up) starts. */
  opensAt: number | null;
  today: string;
  nowTime: string; // wall-clock HH:mm in the business time zone
  dates: string[]; // today first, then the next days
  months: { year: number; month: number }[];
  serviceIds: string[];
  servicesFetchedAt: number | null;
  employeesFetchedAt: number | null;
  /** key `${year}-${month}|${serviceId}` -> fetch time and the days it listed */
  days: ReadonlyMap<string, { fetchedAt: number; availableDays: readonly number[] }>;
  /** key `${date}|${serviceId}` -> fetch time and the last slot time of that day (null: none) */
  slots: ReadonlyMap<string, { fetchedAt: number; firstSlotTime?: string | null; lastSlotTime: string | null }>;
  failedUntil: ReadonlyMap<string, number>;
}

export interface Plan {
  task: MirrorTask | null;
  /** When to look again if nothing is due now (or after this task). */
  nextAt: number;
}

export const daysKey = (year: number, month: number, serviceId: string): string => `${year}-${month}|${serviceId}`;
export const slotsKey = (date: string, serviceId: string): string => `${date}|${serviceId}`;

export function taskKey(task: MirrorTask): string {
  switch (task.kind) {
    case 'services':
    case 'employees':
      return task.kind;
    case 'days':
      return `days:${daysKey(task.year, task.month, task.serviceId)}`;
    case 'slots':
      return `slots:${slotsKey(task.date, task.serviceId)}`;
  }
}

interface Candidate {
  task: MirrorTask;
  fetchedAt: number | null;
  maxAgeMs: number;
  rank: number; // lower first among equally overdue tasks
}

export function planNext(input: PlanInput, policy: MirrorPolicy = DEFAULT_MIRROR_POLICY): Plan {
  const candidates: Candidate[] = [
    { task: { kind: 'services' }, fetchedAt: input.servicesFetchedAt, maxAgeMs: policy.catalogMaxAgeMs, rank: 0 },
    { task: { kind: 'employees' }, fetchedAt: input.employeesFetchedAt, maxAgeMs: policy.catalogMaxAgeMs, rank: 0 },
  ];
  if (input.servicesFetchedAt !== null) {
    input.dates.forEach((date, index) => {
      for (const serviceId of input.serviceIds) {
        const cached = input.slots.get(slotsKey(date, serviceId));
        candidates.push({
          task: { kind: 'slots', date, serviceId },
          fetchedAt: cached?.fetchedAt ?? null,
          maxAgeMs: slotsMaxAge(input, date, serviceId, cached?.lastSlotTime, policy),
          rank: 1 + index,
        });
      }
    });
    for (const { year, month } of input.months) {
      for (const serviceId of input.serviceIds) {
        const cached = input.days.get(daysKey(year, month, serviceId));
        candidates.push({
          task: { kind: 'days', year, month, serviceId },
          fetchedAt: cached?.fetchedAt ?? null,
          maxAgeMs: policy.daysMaxAgeMs,
          rank: 100,
        });
      }
    }
  }

  let best: { candidate: Candidate; overdue: number } | null = null;
  let nextAt = Math.min(input.now + policy.catalogMaxAgeMs, input.open ? Infinity : (input.opensAt ?? Infinity));
  for (const candidate of candidates) {
    const blockedUntil = input.failedUntil.get(taskKey(candidate.task)) ?? 0;
    // Closed: only a cold catalog, month view and today's slots (they tell the opening hours)
    // are filled; the other days wait for the warm-up before opening (refetched then anyway).
    const coldNeeded = candidate.task.kind !== 'slots' || candidate.task.date === input.today;
    if (!input.open && (candidate.fetchedAt !== null || !coldNeeded)) continue;
    const dueAt = Math.max(blockedUntil, candidate.fetchedAt === null ? input.now : candidate.fetchedAt + candidate.maxAgeMs);
    if (dueAt > input.now) {
      nextAt = Math.min(nextAt, dueAt);
      continue;
    }
    // Never fetched first, then by how far past its age limit (relative), then today first.
    const overdue =
      candidate.fetchedAt === null ? Infinity : (input.now - candidate.fetchedAt) / candidate.maxAgeMs;
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

function slotsMaxAge(
  input: PlanInput,
  date: string,
  serviceId: string,
  lastSlotTime: string | null | undefined,
  policy: MirrorPolicy,
): number {
  if (date === input.today) {
    // Nothing left to book today (day over, nobody working): it cannot change in a way that matters.
    if (lastSlotTime === null || (lastSlotTime !== undefined && lastSlotTime <= input.nowTime)) return policy.idleMaxAgeMs;
    return policy.todayMaxAgeMs;
  }
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const days = input.days.get(daysKey(year, month, serviceId));
  if (days && !days.availableDays.includes(day)) return policy.idleMaxAgeMs;
  return policy.futureMaxAgeMs;
}
