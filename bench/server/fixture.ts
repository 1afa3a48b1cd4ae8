/**
 * The benchmark's business: 10 employees, four services, 200 bookings in the bench month, and
 * the grid of free future slots that POST /book walks through (one distinct slot per request).
 */
import { randomUUID } from 'node:crypto';
import { hasOverlap, insertBooking } from '../../server/db/bookings';
import { upsertEmployee, upsertService } from '../../server/db/catalog';
import type { NewEmployee } from '../../server/db/catalog';
import { insertCustomer } from '../../server/db/customers';
import type { ServerDb } from '../../server/db/open';
import {
  addDays,
  daysInMonth,
  fromMinutes,
  instantToWall,
  todayIn,
  toMinutes,
  wallToInstant,
  weekdayOf,
} from '../../shared/booking/time';
import type { WallInterval, Weekday } from '../../shared/booking/types';

export const BENCH_TZ = 'Europe/Berlin';
export const BENCH_SERVICES = [
  { id: 'bench-15', minutes: 15 },
  { id: 'bench-30', minutes: 30 },
  { id: 'bench-45', minutes: 45 },
  { id: 'bench-60', minutes: 60 },
] as const;

function weekly(
  start: string,
  end: string,
  days: Weekday[],
): Partial<Record<Weekday, WallInterval[]>> {
  return Object.fromEntries(days.map((d) => [d, [{ start, end }]]));
}

export const BENCH_EMPLOYEES: NewEmployee[] = Array.from({ length: 10 }, (_, i) => {
  const long = i % 2 === 0;
  const days: Weekday[] = long ? [1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5];
  return {
    id: `bench-emp-${String(i + 1).padStart(2, '0')}`,
    name: `Bench Employee ${String(i + 1).padStart(2, '0')}`,
    email: `e${i + 1}@bench.example`,
    phone: '+49 30 000',
    role: 'Friseur',
    bookable: true,
    weekly: long ? weekly('08:00', '20:00', days) : weekly('09:00', '18:00', days),
    breaks: weekly('12:00', '12:30', days),
    serviceIds: BENCH_SERVICES.map((s) => s.id),
  };
});

/** The month after the current one (Berlin), fully inside the 90-day horizon. */
export function benchMonth(now: number): { year: number; month: number } {
  const [y, m] = todayIn(BENCH_TZ, now).split('-').map(Number) as [number, number];
  return m === 12 ? { year: y + 1, month: 1 } : { year: y, month: m + 1 };
}

const dateOf = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Free grid starts of one employee on one date for a 15-minute service (working hours minus breaks). */
function gridStarts(employee: NewEmployee, date: string): string[] {
  const day = weekdayOf(date);
  const hours = employee.weekly[day] ?? [];
  const breaks = (employee.breaks[day] ?? []).map(
    (b) => [toMinutes(b.start), toMinutes(b.end)] as const,
  );
  const starts: string[] = [];
  for (const interval of hours) {
    for (let m = toMinutes(interval.start); m + 15 <= toMinutes(interval.end); m += 15) {
      if (!breaks.some(([s, e]) => m < e && m + 15 > s)) starts.push(fromMinutes(m));
    }
  }
  return starts;
}

export function seedBench(
  db: ServerDb,
  now: number,
): { year: number; month: number; busiestDate: string } {
  const { year, month } = benchMonth(now);
  db.transaction(() => {
    BENCH_SERVICES.forEach((s, i) =>
      upsertService(db, {
        id: s.id,
        title: `Bench ${s.minutes} min`,
        category: 'Bench',
        price: 10 + i,
        currency: 'EUR',
        taxRate: 19,
        durationValue: s.minutes,
        durationUnit: 'minutes',
        features: [],
        enabled: true,
        sortOrder: i,
      }),
    );
    for (const e of BENCH_EMPLOYEES) upsertEmployee(db, e);
    const customerId = randomUUID();
    insertCustomer(db, {
      id: customerId,
      customerNumber: 'KD-90000',
      name: 'Bench',
      email: 'bench@example.com',
      emailKey: 'bench@example.com',
      phone: '030 000',
      createdAt: now,
    });

    // 200 bookings spread over the month's working days, employees and times (deterministic).
    let placed = 0;
    for (let i = 0; placed < 200 && i < 10_000; i++) {
      const date = dateOf(year, month, 1 + ((i * 7) % daysInMonth(year, month)));
      const employee = BENCH_EMPLOYEES[i % BENCH_EMPLOYEES.length]!;
      const starts = gridStarts(employee, date);
      const time = starts[(i * 13) % Math.max(1, starts.length)];
      if (time === undefined) continue;
      const service = BENCH_SERVICES[i % BENCH_SERVICES.length]!;
      const startMs = wallToInstant(date, time, BENCH_TZ);
      if (startMs === null) continue;
      const endMs = startMs + service.minutes * 60_000;
      if (hasOverlap(db, employee.id, startMs, endMs)) continue;
      insertBooking(db, {
        id: randomUUID(),
        appointmentNumber: `B-${String(900_000 + placed).padStart(6, '0')}`,
        serviceId: service.id,
        employeeId: employee.id,
        customerId,
        date,
        time,
        endTime: instantToWall(endMs, BENCH_TZ).time,
        startMs,
        endMs,
        status: 'pending',
        createdAt: now,
      });
      placed += 1;
    }
  });
  return { year, month, busiestDate: dateOf(year, month, 8) };
}

/** Distinct free slots for POST /book: every grid start of every employee after the bench month. */
export function bookingGrid(
  now: number,
  horizonDays = 90,
): { date: string; time: string; employeeId: string }[] {
  const { year, month } = benchMonth(now);
  const first = addDays(dateOf(year, month, daysInMonth(year, month)), 1);
  const last = addDays(todayIn(BENCH_TZ, now), horizonDays);
  const slots: { date: string; time: string; employeeId: string }[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    for (const employee of BENCH_EMPLOYEES) {
      for (const time of gridStarts(employee, date))
        slots.push({ date, time, employeeId: employee.id });
    }
  }
  return slots;
}
