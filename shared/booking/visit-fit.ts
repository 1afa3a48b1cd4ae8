/**
 * Several services in one visit (issue 19: a cut, then colour). The API books one service per
 * booking, so a visit is two or three bookings, each starting when the one before ends. From
 * each service's slots of one day this finds the start times where the whole visit fits: the
 * same person for the next service when they are free then, else anyone free then.
 *
 * "When the one before ends" is computed on instants (time.ts), not wall minutes: on the day the
 * clocks go forward a 60-minute cut from 01:30 ends at 03:30; on the day they go back a service
 * that ends in the repeated hour ends at a wall time the API reads as its first occurrence, an
 * hour earlier, so that time is not offered.
 */
import type { TimeSlot } from '../api/schemas';
import { freeEmployeesAt } from './free-times';
import { instantToWall, wallToInstant } from './time';

/** A visit has at most this many services (the customer's patience, the kiosk's budget). */
export const MAX_VISIT_SERVICES = 3;

export interface VisitService {
  serviceId: string;
  durationMinutes: number;
  /** The day's slots for any employee (a time listed once, or once per free employee). */
  anySlots: readonly TimeSlot[];
  /** The day's slots per employee where the kiosk asked for them: who is free for sure. */
  byEmployee: Readonly<Record<string, readonly TimeSlot[]>>;
}

export interface VisitPartOffer {
  serviceId: string;
  time: string;
  employeeId: string;
  employeeName: string | null;
}

export interface VisitOffer {
  /** The first service's start: what the time grid shows. */
  time: string;
  parts: VisitPartOffer[];
  /** Every service with the same person. */
  samePerson: boolean;
}

export interface VisitFitInput {
  date: string;
  timeZone: string;
  /** In the order the customer chose them; the first is the one the visit starts with. */
  services: readonly VisitService[];
  /** The person the customer chose for the first service; null or absent: anyone. */
  employeeId?: string | null;
}

/**
 * The wall time on `date` at which something starting at `time` and lasting `minutes` ends, or
 * null when it ends on another day or at a wall time that names another instant (see above).
 */
export function endTimeOf(
  date: string,
  time: string,
  minutes: number,
  timeZone: string,
): string | null {
  const start = wallToInstant(date, time, timeZone);
  if (start === null) return null;
  const endAt = start + minutes * 60_000;
  const end = instantToWall(endAt, timeZone);
  if (end.date !== date || wallToInstant(end.date, end.time, timeZone) !== endAt) return null;
  return end.time;
}

/** Employees free for `service` at `time`: its own lists first (they are sure), then `any`. */
function freeFor(service: VisitService, time: string): string[] {
  const own = Object.entries(service.byEmployee)
    .filter(([id, slots]) => freeEmployeesAt(slots, time).includes(id))
    .map(([id]) => id);
  return [...new Set([...own, ...freeEmployeesAt(service.anySlots, time)])];
}

function nameOf(service: VisitService, time: string, employeeId: string): string | null {
  const lists = [service.byEmployee[employeeId] ?? [], service.anySlots];
  for (const slots of lists) {
    const slot = slots.find((s) => s.time === time && s.employeeId === employeeId);
    if (slot?.employeeName !== undefined) return slot.employeeName;
  }
  return null;
}

/** The rest of the visit after `first` by `employeeId` at `time`, or null when it does not fit. */
function chainFrom(
  input: VisitFitInput,
  time: string,
  employeeId: string,
): VisitPartOffer[] | null {
  const [first, ...rest] = input.services;
  if (!first) return null;
  const parts: VisitPartOffer[] = [
    {
      serviceId: first.serviceId,
      time,
      employeeId,
      employeeName: nameOf(first, time, employeeId),
    },
  ];
  let previous = { time, employeeId, minutes: first.durationMinutes };
  for (const service of rest) {
    const next = endTimeOf(input.date, previous.time, previous.minutes, input.timeZone);
    if (next === null) return null;
    const free = freeFor(service, next);
    const person = free.includes(previous.employeeId) ? previous.employeeId : free[0];
    if (person === undefined) return null;
    parts.push({
      serviceId: service.serviceId,
      time: next,
      employeeId: person,
      employeeName: nameOf(service, next, person),
    });
    previous = { time: next, employeeId: person, minutes: service.durationMinutes };
  }
  return parts;
}

const sameLinks = (parts: readonly VisitPartOffer[]): number =>
  parts.filter((part, i) => i > 0 && part.employeeId === parts[i - 1]?.employeeId).length;

/**
 * One offer per start time where the whole visit fits, in the order the first service lists
 * its times. Among the people free for the first service at a time, the one who can also do
 * the most of what follows is chosen (ties: the API's order).
 */
export function fitVisit(input: VisitFitInput): VisitOffer[] {
  const [first] = input.services;
  if (!first || input.services.length > MAX_VISIT_SERVICES) return [];
  const times = [...new Set(first.anySlots.map((slot) => slot.time))];
  const offers: VisitOffer[] = [];
  for (const time of times) {
    const free = freeFor(first, time);
    const starters = input.employeeId ? free.filter((id) => id === input.employeeId) : free;
    let best: VisitPartOffer[] | null = null;
    for (const employeeId of starters) {
      const parts = chainFrom(input, time, employeeId);
      if (parts && (best === null || sameLinks(parts) > sameLinks(best))) best = parts;
      if (best && sameLinks(best) === input.services.length - 1) break;
    }
    if (best) offers.push({ time, parts: best, samePerson: sameLinks(best) === best.length - 1 });
  }
  return offers;
}
