/**
 * The booking-time check of one employee at one time, on the same day preparation and
 * candidate rules as the listed slots (availability.ts), with a problem code for each refusal.
 */
import { bookableBounds, groupBusy, prepareDay } from './day-context';
import { candidateProblem } from './employee-choice';
import { indexEmployee } from './schedule';
import { gridStep } from './slot-grid';
import { toMinutes } from './time';
import type { DayQuery, SlotProblem } from './types';

export type SlotCheck =
  | { ok: true; startMs: number; endMs: number }
  | { ok: false; problem: SlotProblem; message: string };

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The booking-time check (run by the server inside its insert transaction). Problems in
 * order: service, grid, past, horizon, notice, hours, taken. Agrees with computeDaySlots:
 * a time is ok exactly when that employee's slot there is listed as available.
 */
export function checkSlot(q: DayQuery & { employeeId: string; time: string }): SlotCheck {
  const fail = (problem: SlotProblem, message: string): SlotCheck => ({
    ok: false,
    problem,
    message,
  });
  const employee = q.employees.find((e) => e.id === q.employeeId);
  if (employee === undefined || !employee.serviceIds.includes(q.serviceId)) {
    return fail('service', 'The employee does not offer this service.');
  }
  const step = gridStep(q.settings);
  if (!TIME_PATTERN.test(q.time) || toMinutes(q.time) % step !== 0) {
    return fail('grid', `The time is not on the ${step}-minute slot grid.`);
  }
  const minute = toMinutes(q.time);
  const bounds = bookableBounds(q.settings, q.now);
  const ctx = prepareDay({
    date: q.date,
    durationMinutes: q.durationMinutes,
    candidates: { indexed: [indexEmployee(employee)], grids: new Map() },
    busyByEmployee: groupBusy(q.busy.filter((b) => b.employeeId === employee.id)),
    now: q.now,
    settings: q.settings,
    bounds,
  });
  const startMs = ctx.clock.instant(minute);
  if (startMs === null) {
    return fail('grid', 'The time does not exist on that day (daylight saving time change).');
  }
  if (ctx.status === 'past' || startMs < q.now) return fail('past', 'The slot is in the past.');
  if (ctx.status === 'horizon') {
    return fail(
      'horizon',
      `The date is beyond the booking horizon of ${q.settings.horizonDays} days.`,
    );
  }
  if (startMs < ctx.earliestStart) {
    return fail(
      'notice',
      `The slot must start at least ${q.settings.minNoticeMinutes} minutes from now.`,
    );
  }
  const endMs = startMs + ctx.durationMs;
  const candidate = ctx.candidates[0];
  const problem =
    candidate === undefined ? 'hours' : candidateProblem(candidate, minute, startMs, endMs);
  switch (problem) {
    case null:
      return { ok: true, startMs, endMs };
    case 'hours':
      return fail('hours', 'The slot is outside the working hours of the employee.');
    case 'break':
      return fail('hours', 'The slot falls in a break of the employee.');
    case 'fit':
      return fail(
        'hours',
        'The service does not fit before the next break or the end of working hours.',
      );
    case 'taken':
      return fail('taken', 'The slot is already taken.');
  }
}
