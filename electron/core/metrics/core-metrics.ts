/**
 * What IT's monitoring may know about a kiosk's core (the hub's or a single kiosk's), read at
 * each scrape: online state, how long ago the API last answered and how long it has been
 * unreachable, the bookings waiting on someone (counts and the oldest one's age), what waits for
 * staff, the API budget, and the kiosk's own health (kiosk-health.ts). Counts and ages only: no
 * booking, no customer, no key. Pure: the core passes its status, outbox rows and governor in.
 */
import {
  BOOKING_GROUPS,
  BOOKING_STATES,
  type BookingGroup,
} from '../../../shared/booking/booking-states';
import type { GovernorSnapshot } from '../governor';
import type { OutboxEntry } from '../outbox';
import type { KioskHealth } from './kiosk-health';
import type { KioskDayCounts } from '../../../shared/kiosk-day';

interface Waiting {
  count: number;
  oldestAgeSeconds: number | null;
}

export interface CoreMetrics {
  /** null: nothing known of the API since the start (no answer, no failed connection yet). */
  online: boolean | null;
  /** enabled, offline, or paused (the API refused the key). */
  mode: 'enabled' | 'offline' | 'paused';
  /** Seconds since the API last answered; null when it has not answered since the start. */
  secondsSinceAnswer: number | null;
  /** Seconds since the API stopped answering in this spell; 0 while it is reachable. */
  unreachableSeconds: number;
  bookings: Record<BookingGroup, Waiting>;
  /** Rows that could not be read and were set aside (quarantined). */
  setAside: number;
  /** "To check", set aside, and refused ones staff have not handled; age since it began to wait. */
  waitingForStaff: Waiting;
  budget: { dayUsed: number; dayLimit: number; minuteUsed: number; minuteLimit: number };
  health: KioskHealth;
  /** Today's kiosk day so far (electron/core/owner-day); absent where no room counts it. */
  kioskDay?: KioskDayCounts;
}

type MetricsEntry = Pick<OutboxEntry, 'state' | 'createdAt' | 'updatedAt'>;

export interface CoreMetricsInput {
  /** Wall-clock ms (bookings' createdAt and the last answer are wall-clock too). */
  now: number;
  lastAnswerAt: number | null;
  /** How long the current offline spell has lasted (ms); null when the API is reachable. */
  offlineForMs: number | null;
  status: { online: boolean; mode: CoreMetrics['mode']; known?: false };
  entries: readonly MetricsEntry[];
  /** Refused bookings whose follow-up is open: how many, and when the oldest was refused. */
  openFollowUps: { count: number; oldestRefusedAt: number | null };
  governor: Pick<GovernorSnapshot, 'day' | 'minute'>;
  health: KioskHealth;
}

const seconds = (ms: number): number => Math.max(0, Math.floor(ms / 1000));

function note(slot: Waiting, age: number): void {
  slot.count += 1;
  slot.oldestAgeSeconds = Math.max(slot.oldestAgeSeconds ?? 0, age);
}

export function collectCoreMetrics(input: CoreMetricsInput): CoreMetrics {
  const bookings = Object.fromEntries(
    BOOKING_GROUPS.map((group) => [group, { count: 0, oldestAgeSeconds: null }]),
  ) as CoreMetrics['bookings'];
  const waitingForStaff: Waiting = { count: 0, oldestAgeSeconds: null };
  let setAside = 0;
  for (const entry of input.entries) {
    const group = BOOKING_STATES[entry.state].metrics;
    if (group === null) continue;
    note(bookings[group], seconds(input.now - entry.createdAt));
    if (entry.state === 'quarantined') setAside += 1;
    // It began to wait for staff when it entered that state (its last change).
    if (group === 'unknown') note(waitingForStaff, seconds(input.now - entry.updatedAt));
  }
  const refused = input.openFollowUps;
  if (refused.count > 0) {
    waitingForStaff.count += refused.count;
    if (refused.oldestRefusedAt !== null)
      waitingForStaff.oldestAgeSeconds = Math.max(
        waitingForStaff.oldestAgeSeconds ?? 0,
        seconds(input.now - refused.oldestRefusedAt),
      );
  }
  return {
    online: input.status.known === false ? null : input.status.online,
    mode: input.status.mode,
    secondsSinceAnswer:
      input.lastAnswerAt === null ? null : seconds(input.now - input.lastAnswerAt),
    unreachableSeconds: input.offlineForMs === null ? 0 : seconds(input.offlineForMs),
    bookings,
    setAside,
    waitingForStaff,
    budget: {
      dayUsed: input.governor.day.used,
      dayLimit: input.governor.day.limit,
      minuteUsed: input.governor.minute.used,
      minuteLimit: input.governor.minute.limit,
    },
    health: input.health,
  };
}

/** What the core hands the metrics at each scrape; each is read at that moment. */
export interface CoreMetricsDeps {
  clock: { now(): number };
  /** The clock the offline spell is measured on (monotonic where the clock has one). */
  monotonicNow: () => number;
  store: { list(): readonly MetricsEntry[] };
  status: () => CoreMetricsInput['status'];
  /** Start of the current offline spell on the monotonic clock (null: reachable). */
  offlineSince: () => number | null;
  openFollowUps: () => CoreMetricsInput['openFollowUps'];
  governor: () => { snapshot(now: number): CoreMetricsInput['governor'] };
  health: () => KioskHealth;
  kioskDay?: () => KioskDayCounts;
}

/** The core's side: it notes each answer of the API; a scrape reads the rest at that moment. */
export function coreMetricsSource(deps: CoreMetricsDeps): {
  noteAnswer: (receivedAt: number) => void;
  read: () => CoreMetrics;
} {
  let lastAnswerAt: number | null = null;
  return {
    noteAnswer: (receivedAt) => {
      lastAnswerAt = receivedAt;
    },
    read: () => {
      const now = deps.clock.now();
      const offlineSince = deps.offlineSince();
      return {
        ...collectCoreMetrics({
          now,
          lastAnswerAt,
          offlineForMs: offlineSince === null ? null : deps.monotonicNow() - offlineSince,
          status: deps.status(),
          entries: deps.store.list(),
          openFollowUps: deps.openFollowUps(),
          governor: deps.governor().snapshot(now),
          health: deps.health(),
        }),
        ...(deps.kioskDay ? { kioskDay: deps.kioskDay() } : {}),
      };
    },
  };
}
