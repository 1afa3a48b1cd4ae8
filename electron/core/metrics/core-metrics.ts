/**
 * What IT's monitoring may know about a kiosk's core (the hub's or a single kiosk's), read at
 * each scrape: online state, how long ago the API last answered, the bookings waiting on someone
 * (counts and the oldest one's age) and the API budget used. Counts and ages only: no booking,
 * no customer, no key. Pure: the core passes its status, outbox rows and governor in.
 */
import type { GovernorSnapshot } from '../governor/rate-governor';
import type { OutboxEntry } from '../outbox/entry';

/** queued: not yet accepted by the API (queued or being sent); unknown: staff must check it
 * (or it could not be read and was set aside);
 * refused: the API refused it after it was queued (staff follow it up). */
export const BOOKING_GROUPS = ['queued', 'unknown', 'refused'] as const;
export type BookingGroup = (typeof BOOKING_GROUPS)[number];

export interface CoreMetrics {
  online: boolean;
  /** enabled, offline, or paused (the API refused the key). */
  mode: 'enabled' | 'offline' | 'paused';
  /** Seconds since the API last answered; null when it has not answered since the start. */
  secondsSinceAnswer: number | null;
  bookings: Record<BookingGroup, { count: number; oldestAgeSeconds: number | null }>;
  budget: { dayUsed: number; dayLimit: number; minuteUsed: number; minuteLimit: number };
}

export interface CoreMetricsInput {
  /** Wall-clock ms (bookings' createdAt and the last answer are wall-clock too). */
  now: number;
  lastAnswerAt: number | null;
  status: { online: boolean; mode: CoreMetrics['mode'] };
  entries: readonly Pick<OutboxEntry, 'state' | 'createdAt'>[];
  governor: Pick<GovernorSnapshot, 'day' | 'minute'>;
}

function groupOf(state: OutboxEntry['state']): BookingGroup | null {
  switch (state) {
    case 'queued':
    case 'sending':
      return 'queued';
    case 'unknown':
    case 'quarantined': // unreadable, set aside: staff must check it by hand too
      return 'unknown';
    case 'rejected':
      return 'refused';
    case 'sent':
    case 'discarded':
      return null;
  }
}

const seconds = (ms: number): number => Math.max(0, Math.floor(ms / 1000));

export function collectCoreMetrics(input: CoreMetricsInput): CoreMetrics {
  const bookings = Object.fromEntries(
    BOOKING_GROUPS.map((group) => [group, { count: 0, oldestAgeSeconds: null }]),
  ) as CoreMetrics['bookings'];
  for (const entry of input.entries) {
    const group = groupOf(entry.state);
    if (group === null) continue;
    const slot = bookings[group];
    const age = seconds(input.now - entry.createdAt);
    slot.count += 1;
    slot.oldestAgeSeconds = Math.max(slot.oldestAgeSeconds ?? 0, age);
  }
  return {
    online: input.status.online,
    mode: input.status.mode,
    secondsSinceAnswer:
      input.lastAnswerAt === null ? null : seconds(input.now - input.lastAnswerAt),
    bookings,
    budget: {
      dayUsed: input.governor.day.used,
      dayLimit: input.governor.day.limit,
      minuteUsed: input.governor.minute.used,
      minuteLimit: input.governor.minute.limit,
    },
  };
}

/** The core's side: it notes each answer of the API; a scrape reads the rest at that moment. */
export function coreMetricsSource(
  clock: { now(): number },
  store: { list(): readonly Pick<OutboxEntry, 'state' | 'createdAt'>[] },
  status: () => CoreMetricsInput['status'],
  governor: () => { snapshot(now: number): CoreMetricsInput['governor'] },
): { noteAnswer: (receivedAt: number) => void; read: () => CoreMetrics } {
  let lastAnswerAt: number | null = null;
  return {
    noteAnswer: (receivedAt) => {
      lastAnswerAt = receivedAt;
    },
    read: () => {
      const now = clock.now();
      return collectCoreMetrics({
        now,
        lastAnswerAt,
        status: status(),
        entries: store.list(),
        governor: governor().snapshot(now),
      });
    },
  };
}
