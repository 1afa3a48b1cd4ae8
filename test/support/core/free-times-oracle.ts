/**
 * The oracle of the availability differential test (issue 37), pure: what a kiosk may offer for
 * (service, person or anyone, day), from the API's own lists now and what the kiosk did or knows
 * that the API's lists cannot show yet. Independent of the kiosk's code on purpose (its own
 * minute arithmetic, no import from shared/booking): a test that shared the model's helpers
 * would share its mistakes.
 *
 * - expected(P) = the API's free times of P now, minus every time whose whole length overlaps a
 *   booking of the kiosk the API may not have (queued, sending, its answer lost) of P, or another
 *   screen's hold on P;
 * - expected(anyone) = the union of expected(P) over the people who do the service;
 * - allowance = times the kiosk may still offer although they are taken: those overlapping a
 *   booking another client made straight at the API after the list the kiosk answered from
 *   (`asOf`): P's own for P, anyone's for anyone. A live answer has none.
 * - the kiosk must offer every expected time (nothing hidden), and nothing else outside the
 *   allowance; in the anyone list, the person a free time names must have it free (or allowed).
 */

/** A span of one person on one day: a booking, an unsent booking, a hold. */
export interface Span {
  employeeId: string;
  date: string;
  time: string; // HH:mm
  minutes: number;
}

/** A booking another client made straight at the API, at kiosk time `at`. */
export interface DirectBooking extends Span {
  at: number;
}

/** One slot as the kiosk or the API lists it (the fields the oracle reads). */
export interface ListedSlot {
  time: string;
  available: boolean;
  employeeId?: string;
}

export interface OracleQuery {
  date: string;
  serviceId: string;
  /** The service's length in minutes (the catalog's). */
  minutes: number;
  /** A person's id, or 'any'. */
  who: string;
}

export interface OracleFacts {
  /** The API's list now, per person who does the service. */
  truth: ReadonlyMap<string, readonly ListedSlot[]>;
  /** Bookings of the kiosk the API may not have (queued, sending, answer lost). */
  unsent: readonly Span[];
  /** Holds of screens other than the one asking, still running. */
  holds: readonly Span[];
  direct: readonly DirectBooking[];
}

export interface KioskAnswer {
  timeSlots: readonly ListedSlot[];
  source: 'live' | 'cache';
  asOf: string | null;
}

export interface Verdict {
  expected: string[];
  offered: string[];
  /** Free at the API (and not held back by the kiosk's own knowledge) but not offered. */
  hidden: string[];
  /** Offered, not expected, and not explained by another client's booking after `asOf`. */
  wrong: string[];
  /** Offered, not expected, explained by another client's booking after `asOf`. */
  allowed: string[];
  /** Anyone: offered at a time naming a person who does not have it free (`time person`). */
  wrongName: string[];
}

export const toMinutes = (time: string): number => {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Whether [time, time + minutes) on `date` overlaps the span (half-open intervals). */
export function overlaps(date: string, time: string, minutes: number, span: Span): boolean {
  if (span.date !== date) return false;
  const start = toMinutes(time);
  const spanStart = toMinutes(span.time);
  return start < spanStart + span.minutes && spanStart < start + minutes;
}

function freeTimes(slots: readonly ListedSlot[], person?: string): Set<string> {
  return new Set(
    slots
      .filter((s) => s.available && (person === undefined || s.employeeId === person))
      .map((s) => s.time),
  );
}

/** expected(P): the API's free times of P minus the kiosk's unsent bookings and others' holds. */
function expectedOf(query: OracleQuery, person: string, facts: OracleFacts): Set<string> {
  const blocking = [...facts.unsent, ...facts.holds].filter((s) => s.employeeId === person);
  const truth = facts.truth.get(person) ?? [];
  return new Set(
    [...freeTimes(truth, person)].filter(
      (t) => !blocking.some((span) => overlaps(query.date, t, query.minutes, span)),
    ),
  );
}

const sorted = (times: Iterable<string>): string[] => [...times].sort();

export function judge(query: OracleQuery, facts: OracleFacts, answer: KioskAnswer): Verdict {
  const people = [...facts.truth.keys()];
  const perPerson = new Map(people.map((p) => [p, expectedOf(query, p, facts)]));
  const expected =
    query.who === 'any'
      ? new Set(people.flatMap((p) => [...(perPerson.get(p) ?? [])]))
      : (perPerson.get(query.who) ?? new Set<string>());
  const offered = new Set(
    answer.timeSlots
      .filter(
        (s) =>
          s.available &&
          (query.who === 'any' || s.employeeId === undefined || s.employeeId === query.who),
      )
      .map((s) => s.time),
  );
  const asOf = answer.asOf === null ? -Infinity : Date.parse(answer.asOf);
  // A live answer was fetched now: nothing another client did can be newer than it.
  const since = answer.source === 'live' ? Infinity : asOf;
  const explained = (time: string, person: string) =>
    facts.direct.some(
      (b) =>
        b.at > since &&
        (person === 'any' || b.employeeId === person) &&
        overlaps(query.date, time, query.minutes, b),
    );
  const extra = [...offered].filter((t) => !expected.has(t));
  const wrongName =
    query.who === 'any'
      ? answer.timeSlots
          .filter(
            (s) =>
              s.available &&
              s.employeeId !== undefined &&
              !(perPerson.get(s.employeeId)?.has(s.time) ?? false) &&
              !explained(s.time, s.employeeId),
          )
          .map((s) => `${s.time} ${s.employeeId ?? ''}`)
      : [];
  return {
    expected: sorted(expected),
    offered: sorted(offered),
    hidden: sorted([...expected].filter((t) => !offered.has(t))),
    wrong: sorted(extra.filter((t) => !explained(t, query.who))),
    allowed: sorted(extra.filter((t) => explained(t, query.who))),
    wrongName: sorted(wrongName),
  };
}

export const isClean = (v: Verdict): boolean =>
  v.hidden.length === 0 && v.wrong.length === 0 && v.wrongName.length === 0;
