/**
 * What a customer may be offered: the one availability model of the kiosk (issue 37). Every
 * screen (time grids, next free time, visit times, Today) and every check in the core (offline
 * queueing, the cache check before a booking, the screens' holds, the send path's look at a
 * day's list) asks this module; nothing else decides whether a time is free.
 *
 * From the API's lists of one day for one service (the `any` list, each person's own list,
 * with when they were fetched) and what the kiosk knows that those lists may not yet (its own
 * bookings, the holds of other screens, times the API refused as taken), it answers the free
 * times **per person and for the service's whole length**: a 45-minute booking of Anna at 10:00
 * takes Anna's 09:30 to 10:30 for a 45-minute service and nobody else's time; "anyone" is free
 * at a time when at least one person who does the service is.
 *
 * Pure: wall times `HH:mm` of one date, compared as minutes (the kiosk mirrors the API's wall
 * times as they are; a hold and the times it blocks are on one date).
 */
import type { TimeSlot } from '../api/schemas';
import { toMinutes } from './time';

/** A time one person is promised for: a booking of this kiosk, or another screen's hold. */
export interface Hold {
  employeeId: string;
  date: string; // YYYY-MM-DD
  time: string; // HH:mm
  durationMinutes: number;
}

/**
 * What blocks a person beside the lists: the kiosk's own bookings (real whether or not a list
 * shows them yet) and another screen's hold (never reaches the API) block every time they
 * overlap. `since` marks a time the API refused as taken then: it counts only against a list
 * fetched before that instant (a list fetched later knows better), and proves only that
 * something overlaps its whole span, not which part, so it blocks only the times whose span
 * covers all of it (the refused time itself, or a longer service around it).
 */
export interface Blocker extends Hold {
  since?: number;
}

/** Whether [start, start + minutes) covers all of `hold`'s span, for `hold`'s person and day. */
function covers(hold: Hold, employeeId: string, date: string, time: string, minutes: number) {
  if (hold.employeeId !== employeeId || hold.date !== date) return false;
  const start = toMinutes(time);
  const holdStart = toMinutes(hold.time);
  return start <= holdStart && holdStart + hold.durationMinutes <= start + minutes;
}

/** One list the API answered, and when (epoch ms). */
export interface ListedDay {
  timeSlots: readonly TimeSlot[];
  fetchedAt: number;
}

export interface FreeTimesInput {
  date: string;
  /** The asked service's length: a person is free at a time only for all of it. */
  durationMinutes: number;
  /** One person's times; undefined (or 'any'): anyone's. */
  employeeId?: string | undefined;
  /** The API's `any` list of the day for the service. */
  anyList: ListedDay | null;
  /** Each person's own list of the day for the service. */
  personLists: ReadonlyMap<string, ListedDay>;
  /**
   * Who else may do the service (the catalog's people), for anyone: a person no list names is
   * unknown, never free, but the answer says when their own list could free a hidden time.
   */
  candidates?: readonly string[];
  blockers: readonly Blocker[];
}

export interface FreeTimes {
  /** Every time any list knows, in time order, once each: free ones name the person to book. */
  timeSlots: TimeSlot[];
  /** The oldest list a free time of the answer rests on (null: no list at all). */
  asOf: number | null;
  /**
   * Anyone: the people without an own list who could be free at a time the answer hides because
   * a blocker took the person the lists name (their own list would tell), in the order met.
   */
  unsure: string[];
}

/** Whether [aStart, aEnd) and [bStart, bEnd) share a point (touching intervals do not). */
export function intervalsOverlap(
  aStart: number,
  aEnd: number,
  bStart: number,
  bEnd: number,
): boolean {
  return aStart < aEnd && bStart < bEnd && aStart < bEnd && bStart < aEnd;
}

/** Whether `hold`'s person is promised elsewhere for any part of it (per person, whole length). */
export function clashes(hold: Hold, others: readonly Hold[]): boolean {
  const start = toMinutes(hold.time);
  const end = start + hold.durationMinutes;
  return others.some((other) => {
    if (other.employeeId !== hold.employeeId || other.date !== hold.date) return false;
    const otherStart = toMinutes(other.time);
    return intervalsOverlap(start, end, otherStart, otherStart + other.durationMinutes);
  });
}

const bookable = (slot: TimeSlot): boolean => slot.available && slot.employeeId !== undefined;

/**
 * The entry of a list (an API may list a time once per free person, spec §2.4) that stands for
 * `time`: the preferred person's when bookable, else the first bookable, else the first entry;
 * undefined when the time is not listed.
 */
export function offerAt(
  slots: readonly TimeSlot[],
  time: string,
  preferredEmployeeId?: string,
): TimeSlot | undefined {
  const atTime = slots.filter((slot) => slot.time === time);
  return (
    atTime.find((slot) => bookable(slot) && slot.employeeId === preferredEmployeeId) ??
    atTime.find(bookable) ??
    atTime[0]
  );
}

/** Whether a list the API answered lists `time` free with `employeeId`. */
export function listedFreeWith(
  slots: readonly TimeSlot[],
  time: string,
  employeeId: string,
): boolean {
  const slot = offerAt(slots, time, employeeId);
  return slot?.available === true && slot.employeeId === employeeId;
}

/** One offer per time, in the order times first appear; the input is not mutated. */
export function mergeSlotsByTime(slots: readonly TimeSlot[]): TimeSlot[] {
  const times = [...new Set(slots.map((slot) => slot.time))];
  return times.map((time) => ({ ...(offerAt(slots, time) as TimeSlot) }));
}

/** The people bookable at `time` in a list, each once, in the order listed. */
export function freeEmployeesAt(slots: readonly TimeSlot[], time: string): string[] {
  const ids = slots
    .filter((slot) => slot.time === time && bookable(slot))
    .map((slot) => slot.employeeId as string);
  return [...new Set(ids)];
}

/** One person at one time: free (with the list that says so), or why not. */
type Cell =
  | { free: true; at: number; name: string | undefined }
  | { free: false; reason: string; at: number | null };

const unknown: Cell = { free: false, reason: 'unknown', at: null };

function fromOwn(slot: TimeSlot | undefined, employeeId: string, at: number): Cell {
  if (slot === undefined) return { free: false, reason: 'unknown', at };
  const free = slot.available && (slot.employeeId === undefined || slot.employeeId === employeeId);
  return free
    ? { free: true, at, name: slot.employeeName }
    : { free: false, reason: slot.reason ?? 'booked', at };
}

/**
 * What the lists say of one person at one time. The newer list decides: the person's own list
 * is theirs alone; the `any` list names one free person per time, so it proves its person free,
 * proves nobody free where it lists the time unavailable (or, newer, drops it: an API may drop
 * taken times), and says nothing of the others where it names someone else.
 */
function cellOf(
  employeeId: string,
  time: string,
  own: ListedDay | undefined,
  any: ListedDay | null,
): Cell {
  const ownSlot = own?.timeSlots.find((slot) => slot.time === time);
  if (own !== undefined && (any === null || own.fetchedAt >= any.fetchedAt))
    return fromOwn(ownSlot, employeeId, own.fetchedAt);
  if (any === null) return unknown;
  const atTime = any.timeSlots.filter((slot) => slot.time === time);
  const named = atTime.find((slot) => slot.available && slot.employeeId === employeeId);
  if (named) return { free: true, at: any.fetchedAt, name: named.employeeName };
  if (atTime.length === 0)
    return own ? { free: false, reason: 'booked', at: any.fetchedAt } : unknown;
  if (!atTime.some((slot) => slot.available))
    return { free: false, reason: atTime[0]?.reason ?? 'booked', at: any.fetchedAt };
  return own ? fromOwn(ownSlot, employeeId, own.fetchedAt) : unknown;
}

/** Whether a blocker takes `employeeId` at `time` for the service, against a list of `at`. */
function blocked(input: FreeTimesInput, employeeId: string, time: string, at: number): boolean {
  const { date, durationMinutes } = input;
  const promised = input.blockers.filter((b) => b.since === undefined);
  if (clashes({ employeeId, date, time, durationMinutes }, promised)) return true;
  return input.blockers.some(
    (b) =>
      b.since !== undefined && b.since >= at && covers(b, employeeId, date, time, durationMinutes),
  );
}

/** The people any list knows of, in the `any` list's order first (the API's pick), then the rest. */
function peopleOf(input: FreeTimesInput): string[] {
  const named = (input.anyList?.timeSlots ?? [])
    .map((slot) => (slot.available ? slot.employeeId : undefined))
    .filter((id): id is string => id !== undefined);
  return [...new Set([...named, ...input.personLists.keys(), ...(input.candidates ?? [])])];
}

/**
 * The times an answer lists. Anyone: every time a list knows. One person with their own list:
 * its times and those the `any` list names them for (the other times of the day are not theirs:
 * a person who does not work that day gets none); without it, the `any` list's times, each
 * unknown unless it names them.
 */
function timesOf(input: FreeTimesInput, asked: string | undefined, people: readonly string[]) {
  const own = asked === undefined ? undefined : input.personLists.get(asked);
  const times = new Set<string>();
  if (own !== undefined) {
    for (const slot of own.timeSlots) times.add(slot.time);
    for (const slot of input.anyList?.timeSlots ?? [])
      if (slot.available && slot.employeeId === asked) times.add(slot.time);
  } else {
    const lists = [input.anyList, ...people.map((id) => input.personLists.get(id))];
    for (const list of lists) for (const slot of list?.timeSlots ?? []) times.add(slot.time);
  }
  return [...times].sort();
}

/** The free times of (service, person or anyone, day): the model's one answer. */
export function freeTimes(input: FreeTimesInput): FreeTimes {
  const asked = input.employeeId === 'any' ? undefined : input.employeeId;
  const people = asked === undefined ? peopleOf(input) : [asked];
  const lists = [input.anyList, ...people.map((id) => input.personLists.get(id) ?? null)];
  let asOf: number | null = null;
  const unsure = new Set<string>();
  const timeSlots = timesOf(input, asked, people).map((time): TimeSlot => {
    let reason: string | null = null;
    const unknownHere: string[] = [];
    // Anyone: the person the `any` list names at this time first (the API's own pick).
    const order =
      asked === undefined
        ? [...new Set([...freeEmployeesAt(input.anyList?.timeSlots ?? [], time), ...people])]
        : people;
    for (const employeeId of order) {
      const cell = cellOf(employeeId, time, input.personLists.get(employeeId), input.anyList);
      if (!cell.free) {
        if (cell.at === null) unknownHere.push(employeeId);
        reason ??= cell.reason === 'unknown' ? null : cell.reason;
        continue;
      }
      if (blocked(input, employeeId, time, cell.at)) {
        reason = 'held';
        continue;
      }
      asOf = asOf === null ? cell.at : Math.min(asOf, cell.at);
      return {
        time,
        available: true,
        employeeId,
        ...(cell.name === undefined ? {} : { employeeName: cell.name }),
      };
    }
    if (reason === 'held' && asked === undefined) for (const id of unknownHere) unsure.add(id);
    return { time, available: false, reason: reason ?? 'unknown' };
  });
  const fetched = lists.flatMap((list) => (list ? [list.fetchedAt] : []));
  return {
    timeSlots,
    asOf: asOf ?? (fetched.length > 0 ? Math.max(...fetched) : null),
    unsure: [...unsure],
  };
}
