/**
 * Wall-clock time in an IANA zone, with DST handled exactly and without I/O.
 *
 * Contracts (decisions.md, "Time"):
 * - A wall time that does not exist on a day (spring forward) maps to `null`.
 * - A wall time that occurs twice (fall back) maps to its FIRST occurrence.
 *
 * This sits on the hot path of `/availability`, so formatters are cached per zone and each
 * day's wall-to-instant mapping (a `DayClock`) is computed once and cached: a day without a
 * transition maps minutes with plain arithmetic; a day with one finds its transition instant
 * once by bisection. Zone names are trusted (the server validates its setting at start-up);
 * an unknown zone throws a RangeError from Intl.
 */
import type { Weekday } from './types';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Offsets lie within -12h..+14h, so every instant whose wall date is D lies in this margin. */
const OFFSET_MARGIN_MS = 15 * 60 * MINUTE_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// `format()` is several times faster than `formatToParts()`; en-US with h23 prints
// "3/29/2026, 02:30:00". Anything else (odd ICU data) falls back to the parts.
const EN_US_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{1,6}), (\d{1,2}):(\d{2}):(\d{2})$/;

function wallPartsAt(ms: number, timeZone: string): WallParts {
  const formatter = formatterFor(timeZone);
  const match = EN_US_PATTERN.exec(formatter.format(ms));
  if (match !== null) {
    return {
      month: Number(match[1]),
      day: Number(match[2]),
      year: Number(match[3]),
      hour: Number(match[4]) % 24,
      minute: Number(match[5]),
      second: Number(match[6]),
    };
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Offset of the zone at an instant: wall time (read as UTC) minus the instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = wallPartsAt(ms, timeZone);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wallAsUtc - (ms - mod(ms, 1000));
}

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function formatDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** 'YYYY-MM-DD' to numbers; slices rather than split+map, as this runs per day per request. */
function parseDate(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

/**
 * One calendar day in one zone: wall minutes (0..1440, 1440 being the next midnight) to
 * instants. Only one transition per day is modelled, which holds for every zone today.
 */
export interface DayClock {
  /** Epoch ms of the first occurrence of the wall minute, or null when it does not exist. */
  instant(minute: number): number | null;
  /**
   * Like `instant`, but a wall minute inside a spring-forward gap maps to the transition
   * instant (the first instant whose wall time is later): used for interval boundaries.
   */
  boundary(minute: number): number;
}

const DAY_CLOCK_CACHE_MAX = 4096;
const dayClocks = new Map<string, DayClock>();
/** Clocks of days with one offset throughout (and 15 h either side): plain arithmetic. */
const uniformClocks = new WeakSet<DayClock>();

export function dayClock(date: string, timeZone: string): DayClock {
  const key = `${timeZone}|${date}`;
  let clock = dayClocks.get(key);
  if (clock === undefined) {
    // A bounded cache: dropping it all when full is cheap and keeps memory flat.
    if (dayClocks.size >= DAY_CLOCK_CACHE_MAX) dayClocks.clear();
    clock = buildDayClock(date, timeZone);
    dayClocks.set(key, clock);
  }
  return clock;
}

function buildDayClock(date: string, timeZone: string): DayClock {
  const [y, m, d] = parseDate(date);
  const midnightAsUtc = Date.UTC(y, m - 1, d);
  const from = midnightAsUtc - OFFSET_MARGIN_MS;
  const to = midnightAsUtc + DAY_MS + OFFSET_MARGIN_MS;
  const offsetBefore = offsetAt(from, timeZone);
  const offsetAfter = offsetAt(to, timeZone);

  if (offsetBefore === offsetAfter) {
    const base = midnightAsUtc - offsetBefore;
    const at = (minute: number): number => base + minute * MINUTE_MS;
    const clock: DayClock = { instant: at, boundary: at };
    uniformClocks.add(clock);
    return clock;
  }

  // Bisect to the first instant (to the minute) that has the later offset.
  let lo = from;
  let hi = to;
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetAt(mid, timeZone) === offsetBefore) lo = mid;
    else hi = mid;
  }
  const transition = hi;
  const instant = (minute: number): number | null => {
    const wall = midnightAsUtc + minute * MINUTE_MS;
    const early = wall - offsetBefore;
    if (early < transition) return early; // first occurrence wins on fall-back days
    const late = wall - offsetAfter;
    return late >= transition ? late : null;
  };
  return {
    instant,
    boundary: (minute) => instant(minute) ?? transition,
  };
}

/**
 * Epoch ms of a wall time in the zone; null when it does not exist that day (spring forward);
 * the first occurrence when it occurs twice (fall back).
 */
export function wallToInstant(date: string, time: string, timeZone: string): number | null {
  const minute = toMinutes(time);
  if (!Number.isInteger(minute)) return null;
  return dayClock(date, timeZone).instant(minute);
}

export function instantToWall(ms: number, timeZone: string): { date: string; time: string } {
  const p = wallPartsAt(ms, timeZone);
  return { date: formatDate(p.year, p.month, p.day), time: `${pad2(p.hour)}:${pad2(p.minute)}` };
}

interface TodayCache {
  timeZone: string;
  date: string;
  /** The instants whose wall date is `date`: [fromMs, toMs). */
  fromMs: number;
  toMs: number;
}
let lastToday: TodayCache | undefined;

/**
 * Today's date (YYYY-MM-DD) in the zone. Runs on every availability request, so the last
 * answer is kept with the span of instants it holds for; only a day with one offset
 * throughout is cached (a DST change near midnight may repeat a wall hour of the day before).
 */
export function todayIn(timeZone: string, now: number): string {
  const hit = lastToday;
  if (hit !== undefined && hit.timeZone === timeZone && now >= hit.fromMs && now < hit.toMs)
    return hit.date;
  const date = instantToWall(now, timeZone).date;
  const clock = dayClock(date, timeZone);
  if (uniformClocks.has(clock)) {
    const fromMs = clock.boundary(0);
    lastToday = { timeZone, date, fromMs, toMs: fromMs + DAY_MS };
  }
  return date;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parseDate(date);
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return formatDate(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** 0 = Sunday ... 6 = Saturday, as `Date.getUTCDay()`. */
export function weekdayOf(date: string): Weekday {
  const [y, m, d] = parseDate(date);
  // 1970-01-01 was a Thursday (4).
  return mod(Math.floor(Date.UTC(y, m - 1, d) / DAY_MS) + 4, 7) as Weekday;
}

/** '09:30' -> 570. '24:00' -> 1440 is accepted, as the end of a working day. */
export function toMinutes(time: string): number {
  const colon = time.indexOf(':');
  return Number(time.slice(0, colon)) * 60 + Number(time.slice(colon + 1));
}

/** The wall times of one day, 0..1440, built once: slot lists format one per slot. */
const WALL_TIMES: readonly string[] = Array.from({ length: 1441 }, (_, minutes) =>
  formatMinutes(minutes),
);

function formatMinutes(minutes: number): string {
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** 570 -> '09:30'. */
export function fromMinutes(minutes: number): string {
  return WALL_TIMES[minutes] ?? formatMinutes(minutes);
}

/** Days in a month, `month` 1-12. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
