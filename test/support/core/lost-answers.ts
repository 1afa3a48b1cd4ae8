/**
 * The crash run's first part (issue 17, case 1): a kiosk core books, through the fault proxy
 * dropping every /book answer, times the cached "any employee" list names for one employee, for
 * another employee free then. The API books each; the core must tell the customer `unknown`,
 * never "taken", and keep the entry to replay under its key (the kill loop then sends them).
 *
 * Its clock is chosen (issue 39, item 9): the core lives from a Monday 08:30 after the queued
 * bookings' last day, so its mirrored days are three working days whoever runs it when (on a
 * Friday at 23:58 the real next three days had no such time, and the case went untested).
 */
import { request } from 'undici';
import { addDays, todayIn, wallToInstant, weekdayOf } from '../../../shared/booking/time';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import type { Clock } from '../../../electron/core/platform/clock';
import { KioskFailure } from '../../../shared/result';
import { startFaultProxy } from '../fault-proxy';
import { CORE_TEST_KEY, bookingRequest, offsetClock, startCore, warmUp } from './harness';

/** Two employees cut children's hair: the "any" list names one of them per time. */
const SERVICE = 'svc-kinder-schnitt';
const MIRROR_DAYS = 3;
const TIME_ZONE = 'Europe/Berlin';

/** 08:30 on the first Monday after `date` (the reference's Monday to Wednesday: both at work). */
function mondayAfter(date: string): number {
  let day = addDays(date, 1);
  while (weekdayOf(day) !== 1) day = addDays(day, 1);
  const instant = wallToInstant(day, '08:30', TIME_ZONE);
  if (instant === null) throw new Error(`no 08:30 on ${day}`);
  return instant;
}

export interface LostAnswerCustomer {
  email: string;
  /** `unknown`, `sent`, `queued` or the KioskFailure code the customer got. */
  told: string;
}

async function freeTimes(baseUrl: string, date: string, employeeId: string): Promise<Set<string>> {
  const query = new URLSearchParams({ date, serviceId: SERVICE, employeeId });
  const answer = await request(`${baseUrl}/api/public/booking/availability?${query.toString()}`, {
    headers: { authorization: `Bearer ${CORE_TEST_KEY}` },
  });
  const body = (await answer.body.json()) as {
    data?: { timeSlots: { time: string; available: boolean }[] };
  };
  return new Set((body.data?.timeSlots ?? []).filter((s) => s.available).map((s) => s.time));
}

/**
 * One booking for an employee the cached list does not name at a time they are free (asked of
 * the API itself, so that earlier bookings count), or null when none is left on cached days.
 */
async function nextUnnamed(
  core: KioskCoreInternals,
  clock: Clock,
  baseUrl: string,
  employees: string[],
): Promise<{ date: string; time: string; employeeId: string } | null> {
  const today = todayIn(TIME_ZONE, clock.now());
  for (let day = 0; day < MIRROR_DAYS; day += 1) {
    const date = addDays(today, day);
    const any = await core.api.getTimeSlots({ date, serviceId: SERVICE }).catch(() => null);
    if (!any || any.source !== 'cache') continue;
    for (const employeeId of employees) {
      const free = await freeTimes(baseUrl, date, employeeId);
      const slot = any.timeSlots.find(
        (s) =>
          s.available &&
          s.employeeId !== undefined &&
          s.employeeId !== employeeId &&
          free.has(s.time),
      );
      if (slot) return { date, time: slot.time, employeeId };
    }
  }
  return null;
}

export async function bookWithLostAnswers(
  dataDir: string,
  baseUrl: string,
  count: number,
  /** The queued bookings' last day: the core's days come after it (none of theirs to meet). */
  after: string,
): Promise<{ customers: LostAnswerCustomer[]; told: () => Record<string, number> }> {
  const customers: LostAnswerCustomer[] = [];
  const told = () => {
    const counts: Record<string, number> = {};
    for (const c of customers) counts[c.told] = (counts[c.told] ?? 0) + 1;
    return counts;
  };
  if (count === 0) return { customers, told };
  const proxy = await startFaultProxy({ target: baseUrl });
  // Every booking tries the API (no offline pause after a dropped answer): each answer is lost.
  const clock = offsetClock(mondayAfter(after));
  const core = await startCore(dataDir, proxy.url, {
    clock,
    mirrorDays: MIRROR_DAYS,
    offlineProbeMs: 0,
    bookingTimeoutMs: 2_000,
  });
  try {
    await warmUp(core, clock);
    const employees = (await core.api.getCatalog({})).employees.map((e) => e._id);
    for (let i = 0; i < count; i += 1) {
      const slot = await nextUnnamed(core, clock, baseUrl, employees);
      if (!slot) break;
      const booking = bookingRequest({ ...slot, serviceId: SERVICE }, 100_000 + i);
      proxy.setMode('drop');
      const answer = await core.api.createBooking(booking).then(
        (result) => result.state as string,
        (error: unknown) => (error instanceof KioskFailure ? error.code : 'error'),
      );
      proxy.setMode('pass');
      customers.push({ email: booking.customer.email, told: answer });
    }
  } finally {
    await core.close();
    await proxy.close();
  }
  return { customers, told };
}
