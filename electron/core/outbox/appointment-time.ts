/**
 * Whether a queued booking's appointment time has passed, judged on time that a wall-clock jump
 * on the kiosk does not move: the API's Date header as last heard, plus the monotonic time
 * since. Before any answer (a start while the API is away) the kiosk's own clock stands in.
 */
import { wallToInstant } from '../../../shared/booking/time';
import { monotonicNow, type Clock } from '../platform';
import type { OutboxEntry } from './entry';

export interface AppointmentTime {
  /** The API's Date header of an answer (epoch ms); null: the answer had none. */
  noteServerDate(serverDate: number | null): void;
  /** The best known "now": the API's time when heard, else the kiosk's clock. */
  now(): number;
  passed(entry: OutboxEntry): boolean;
}

export function createAppointmentTime(clock: Clock, timeZone: string): AppointmentTime {
  let heard: { serverDate: number; mono: number } | null = null;
  const now = (): number =>
    heard === null ? clock.now() : heard.serverDate + (monotonicNow(clock) - heard.mono);
  return {
    noteServerDate(serverDate) {
      if (serverDate !== null) heard = { serverDate, mono: monotonicNow(clock) };
    },
    now,
    passed(entry) {
      const at = wallToInstant(entry.request.date, entry.request.time, timeZone);
      return at !== null && at <= now();
    },
  };
}
