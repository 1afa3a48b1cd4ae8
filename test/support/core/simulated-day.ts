/**
 * A simulated day: the real reference server and one or more kiosk cores on the same API key
 * share a virtual clock that jumps to whenever a mirror wants to run next (or a booking is
 * due). Reports the requests spent, the governor's peak use of each window, and the worst age
 * of today's slots (while the service still had slots ahead that day) and of the next six days
 * (days with availability) during opening hours, per device and overall.
 * With `bookingEveryMin`, each device books one slot that often between 09:00 and 19:00
 * (through its own API, live lookups included): bookings must never meet a 429.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { addDays, instantToWall } from '../../../shared/booking/time';
import type { Clock } from '../../../electron/core/platform/clock';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { KioskFailure } from '../../../shared/result';
import { startCore, startUpstream, makeTempDir } from './harness';

export interface DeviceFigures {
  requests: number; // the mirror's
  byKind: Record<string, number>;
  peakMinuteUse: number; // highest share of the minute window in use (0..1), this device's view
  dayUse: number; // share of the day window at the end (0..1), this device's view
  worstTodayAgeMin: number; // today's slots, services with slots ahead, 09:00-20:00
  worstTodayAgeAnyMin: number; // today's slots, every service, 09:00-20:00
  worstNextDaysAgeMin: number; // next six days where the service had availability
  peers: number; // kiosks sharing the key as this one's governor saw it at the end
}

export interface SimulatedDayFigures extends Omit<DeviceFigures, 'peers'> {
  /** Every request the API answered (mirrors, lookups, bookings), by status at a pass-through proxy. */
  upstreamStatuses: Record<number, number>;
  devices: DeviceFigures[];
  bookings: {
    attempted: number;
    sent: number;
    queued: number;
    refused: number;
    deferredByGovernor: number;
  };
  steps: number;
  elapsedMs: number;
}

export interface SimulatedDayOptions {
  /** Midnight (Europe/Berlin) of the simulated day, epoch ms. Default: Tuesday 2026-11-24. */
  start?: number;
  perMinute?: number;
  perDay?: number;
  /** Kiosks on the same key (default 1). */
  devices?: number;
  /** Each device books a slot this often during 09:00-19:00 (default: no bookings). */
  bookingEveryMin?: number;
}

/** The demo business on a Tuesday: Anna from 09:00, Mehmet until 20:00. */
const OPEN = '09:00';
const CLOSE = '20:00';
const BOOK_FROM = '09:00';
const BOOK_UNTIL = '19:00';

interface Device {
  core: KioskCoreInternals;
  db: Database.Database;
  nextAt: number;
  nextBookingAt: number;
  bookings: number;
  figures: DeviceFigures;
}

export async function runSimulatedDay(
  options: SimulatedDayOptions = {},
): Promise<SimulatedDayFigures> {
  const started = Date.now();
  const start = options.start ?? Date.parse('2026-11-23T23:00:00Z');
  let now = start;
  const clock: Clock = { now: () => now, setTimeout: () => ({}), clearTimeout: () => undefined };
  const temp = makeTempDir('fd-simday-');
  const upstream = await startUpstream(temp.dir, {
    clock: () => now,
    rateLimit: { perMinute: options.perMinute ?? 60, perDay: options.perDay ?? 1000 },
  });
  const devices: Device[] = [];
  const bookings = { attempted: 0, sent: 0, queued: 0, refused: 0, deferredByGovernor: 0 };
  let steps = 0;
  let upstreamStatuses: Record<number, number> = {};

  const measure = (device: Device): void => {
    const { figures, core, db } = device;
    const wall = instantToWall(now, 'Europe/Berlin');
    const snapshot = core.governor().snapshot(now);
    figures.peakMinuteUse = Math.max(
      figures.peakMinuteUse,
      snapshot.minute.used / snapshot.minute.limit,
    );
    if (wall.time < OPEN || wall.time >= CLOSE) return;
    const available = new Set<string>();
    const dayRows = db
      .prepare<[], { year: number; month: number; service_key: string; data: string }>(
        "select year, month, service_key, data from mirror_available_days where employee_key = ''",
      )
      .all();
    for (const row of dayRows) {
      const days = (JSON.parse(row.data) as { availableDays: number[] }).availableDays;
      for (const d of days)
        available.add(
          `${row.year}-${String(row.month).padStart(2, '0')}-${String(d).padStart(2, '0')}|${row.service_key}`,
        );
    }
    const next = new Set(Array.from({ length: 6 }, (_, i) => addDays(wall.date, i + 1)));
    const rows = db
      .prepare<[], { date: string; service_id: string; fetched_at: number; data: string }>(
        "select date, service_id, fetched_at, data from mirror_time_slots where employee_key = 'any'",
      )
      .all();
    for (const row of rows) {
      const ageMin = (now - row.fetched_at) / 60_000;
      if (row.date === wall.date) {
        figures.worstTodayAgeAnyMin = Math.max(figures.worstTodayAgeAnyMin, ageMin);
        const slots = (JSON.parse(row.data) as { timeSlots: { time: string }[] }).timeSlots;
        if (slots.some((s) => s.time > wall.time))
          figures.worstTodayAgeMin = Math.max(figures.worstTodayAgeMin, ageMin);
      } else if (next.has(row.date) && available.has(`${row.date}|${row.service_id}`)) {
        figures.worstNextDaysAgeMin = Math.max(figures.worstNextDaysAgeMin, ageMin);
      }
    }
  };

  /** One booking as a customer would make it: the day's slots, then the first free one ahead. */
  const book = async (device: Device, index: number): Promise<void> => {
    const wall = instantToWall(now, 'Europe/Berlin');
    const { services } = await device.core.api.getCatalog({});
    const service = services[(device.bookings + index * 3) % services.length];
    device.bookings += 1;
    if (!service) return;
    for (const date of [wall.date, addDays(wall.date, 1), addDays(wall.date, 2)]) {
      const { timeSlots } = await device.core.api
        .getTimeSlots({ date, serviceId: service._id })
        .catch(() => ({ timeSlots: [] }));
      const free = timeSlots.filter(
        (s) => s.available && s.employeeId && (date !== wall.date || s.time > wall.time),
      );
      // The two devices' customers pick different slots (the last / the first free one).
      const slot = index % 2 === 0 ? free[0] : free.at(-1);
      if (!slot?.employeeId) continue;
      // The virtual clock's timers never fire: a booking that would wait for the budget is
      // counted (it would wait up to 2 s, then be queued) instead of made.
      if (device.core.governor().waitMs(now, 'interactive') > 0) {
        bookings.deferredByGovernor += 1;
        return;
      }
      bookings.attempted += 1;
      try {
        const result = await device.core.api.createBooking({
          date,
          time: slot.time,
          serviceId: service._id,
          employeeId: slot.employeeId,
          customer: {
            name: `Sim Customer ${index}-${device.bookings}`,
            email: `sim${index}-${device.bookings}@example.com`,
            phone: '+49 30 555 0101',
          },
        });
        if (result.state === 'sent') bookings.sent += 1;
        else bookings.queued += 1;
      } catch (error) {
        if (!(error instanceof KioskFailure)) throw error;
        bookings.refused += 1;
      }
      return;
    }
  };

  try {
    for (let i = 0; i < (options.devices ?? 1); i += 1) {
      const dataDir = join(temp.dir, `kiosk-${i}`);
      // Through the pass-through proxy, which counts the API's answers by status.
      const core = await startCore(dataDir, upstream.proxy.url, { clock });
      devices.push({
        core,
        db: new Database(join(dataDir, 'kiosk.db'), { readonly: true }),
        nextAt: now,
        nextBookingAt: options.bookingEveryMin ? now : Infinity,
        bookings: 0,
        figures: {
          requests: 0,
          byKind: {},
          peakMinuteUse: 0,
          dayUse: 0,
          worstTodayAgeMin: 0,
          worstTodayAgeAnyMin: 0,
          worstNextDaysAgeMin: 0,
          peers: 1,
        },
      });
    }
    const end = start + 86_400_000;
    while (now < end) {
      for (const [index, device] of devices.entries()) {
        if (device.nextAt <= now) {
          device.nextAt = Math.max(await device.core.mirror.step(), now + 1);
          steps += 1;
        }
        if (device.nextBookingAt <= now) {
          const time = instantToWall(now, 'Europe/Berlin').time;
          if (time >= BOOK_FROM && time < BOOK_UNTIL) await book(device, index);
          device.nextBookingAt = now + (options.bookingEveryMin ?? 0) * 60_000;
        }
      }
      // Ages peak just before the next refresh: measure at the instant the clock jumps to.
      now = Math.min(end, ...devices.flatMap((d) => [d.nextAt, d.nextBookingAt]));
      for (const device of devices) measure(device);
    }
    upstreamStatuses = { ...upstream.proxy.upstreamStatuses() };
    for (const device of devices) {
      const snapshot = device.core.governor().snapshot(now - 1);
      device.figures.dayUse = snapshot.day.used / snapshot.day.limit;
      device.figures.requests = device.core.mirror.requests;
      device.figures.byKind = { ...device.core.mirror.requestsByKind };
      device.figures.peers = device.core.governor().peers(now - 1);
    }
  } finally {
    for (const device of devices) {
      device.db.close();
      await device.core.close();
    }
    await upstream.close();
    temp.remove();
  }
  const all = devices.map((d) => d.figures);
  const max = (pick: (f: DeviceFigures) => number): number => Math.max(0, ...all.map(pick));
  const byKind: Record<string, number> = {};
  for (const f of all)
    for (const [kind, n] of Object.entries(f.byKind)) byKind[kind] = (byKind[kind] ?? 0) + n;
  return {
    requests: all.reduce((sum, f) => sum + f.requests, 0),
    upstreamStatuses,
    byKind,
    peakMinuteUse: max((f) => f.peakMinuteUse),
    dayUse: max((f) => f.dayUse),
    worstTodayAgeMin: max((f) => f.worstTodayAgeMin),
    worstTodayAgeAnyMin: max((f) => f.worstTodayAgeAnyMin),
    worstNextDaysAgeMin: max((f) => f.worstNextDaysAgeMin),
    devices: all,
    bookings,
    steps,
    elapsedMs: Date.now() - started,
  };
}
