/**
 * A simulated day: the real reference server and a kiosk core share a virtual clock that jumps
 * to whenever the mirror wants to run next. Nothing but the mirror spends requests. Reports the
 * requests spent, the governor's peak use of each window, and the worst age of today's slots
 * (while the service still had slots ahead that day) and of the next six days (days with
 * availability) during opening hours.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { addDays, instantToWall } from '../../../shared/booking/time';
import type { Clock } from '../../../electron/core/clock';
import { startCore, startUpstream, makeTempDir } from './harness';

export interface SimulatedDayFigures {
  requests: number;
  /** Answers by HTTP status as the API sent them (seen at a pass-through proxy): no 429 allowed. */
  upstreamStatuses: Record<number, number>;
  byKind: Record<string, number>;
  peakMinuteUse: number; // highest share of the minute window in use (0..1)
  dayUse: number; // share of the day window at the end (0..1)
  worstTodayAgeMin: number; // today's slots, services with slots still ahead, 08:00-20:00
  worstTodayAgeAnyMin: number; // today's slots, every service, 08:00-20:00
  worstNextDaysAgeMin: number; // next six days where the service had availability
  steps: number;
  elapsedMs: number;
}

export interface SimulatedDayOptions {
  /** Midnight (Europe/Berlin) of the simulated day, epoch ms. Default: Tuesday 2026-11-24. */
  start?: number;
  perMinute?: number;
  perDay?: number;
}

/** The demo business on a Tuesday: Anna from 09:00, Mehmet until 20:00. */
const OPEN = '09:00';
const CLOSE = '20:00';

export async function runSimulatedDay(options: SimulatedDayOptions = {}): Promise<SimulatedDayFigures> {
  const started = Date.now();
  const start = options.start ?? Date.parse('2026-11-23T23:00:00Z');
  let now = start;
  const clock: Clock = { now: () => now, setTimeout: () => ({}), clearTimeout: () => undefined };
  const temp = makeTempDir('fd-simday-');
  const upstream = await startUpstream(temp.dir, {
    clock: () => now,
    rateLimit: { perMinute: options.perMinute ?? 60, perDay: options.perDay ?? 1000 },
  });
  const dataDir = join(temp.dir, 'kiosk');
  // Through the pass-through proxy, which counts the API's answers by status.
  const core = await startCore(dataDir, upstream.proxy.url, { clock });
  const db = new Database(join(dataDir, 'kiosk.db'), { readonly: true });
  const rows = db.prepare<[], { date: string; service_id: string; fetched_at: number; data: string }>(
    "select date, service_id, fetched_at, data from mirror_time_slots where employee_key = 'any'",
  );
  const dayRows = db.prepare<[], { year: number; month: number; service_key: string; data: string }>(
    "select year, month, service_key, data from mirror_available_days where employee_key = ''",
  );

  const figures: SimulatedDayFigures = {
    requests: 0,
    upstreamStatuses: {},
    byKind: {},
    peakMinuteUse: 0,
    dayUse: 0,
    worstTodayAgeMin: 0,
    worstTodayAgeAnyMin: 0,
    worstNextDaysAgeMin: 0,
    steps: 0,
    elapsedMs: 0,
  };

  const measure = (): void => {
    const wall = instantToWall(now, 'Europe/Berlin');
    const snapshot = core.governor().snapshot(now);
    figures.peakMinuteUse = Math.max(figures.peakMinuteUse, snapshot.minute.used / snapshot.minute.limit);
    if (wall.time < OPEN || wall.time >= CLOSE) return;
    const available = new Set<string>();
    for (const row of dayRows.all()) {
      const days = (JSON.parse(row.data) as { availableDays: number[] }).availableDays;
      for (const d of days) available.add(`${row.year}-${String(row.month).padStart(2, '0')}-${String(d).padStart(2, '0')}|${row.service_key}`);
    }
    const next = new Set(Array.from({ length: 6 }, (_, i) => addDays(wall.date, i + 1)));
    for (const row of rows.all()) {
      const ageMin = (now - row.fetched_at) / 60_000;
      if (row.date === wall.date) {
        figures.worstTodayAgeAnyMin = Math.max(figures.worstTodayAgeAnyMin, ageMin);
        const slots = (JSON.parse(row.data) as { timeSlots: { time: string }[] }).timeSlots;
        if (slots.some((s) => s.time > wall.time)) figures.worstTodayAgeMin = Math.max(figures.worstTodayAgeMin, ageMin);
      } else if (next.has(row.date) && available.has(`${row.date}|${row.service_id}`)) {
        figures.worstNextDaysAgeMin = Math.max(figures.worstNextDaysAgeMin, ageMin);
      }
    }
  };

  try {
    const end = start + 86_400_000;
    while (now < end) {
      const next = await core.mirror.step();
      figures.steps += 1;
      // Ages peak just before the next refresh: measure at the instant the clock jumps to.
      now = Math.min(end, Math.max(next, now + 1));
      measure();
    }
    figures.requests = core.mirror.requests;
    figures.upstreamStatuses = { ...upstream.proxy.upstreamStatuses() };
    figures.byKind = { ...core.mirror.requestsByKind };
    const snapshot = core.governor().snapshot(now - 1);
    figures.dayUse = snapshot.day.used / snapshot.day.limit;
  } finally {
    db.close();
    await core.close();
    await upstream.close();
    temp.remove();
  }
  figures.elapsedMs = Date.now() - started;
  return figures;
}
