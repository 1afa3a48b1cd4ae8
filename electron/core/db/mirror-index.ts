/**
 * What the mirror's schedule needs to know about the cache, in one cheap read: fetch times
 * and, per cached slot day, the last slot time (payloads are only parsed as far as needed).
 * A person's lists (days and slots filtered by `employeeId`) are kept apart, by fetch time only.
 */
import { min } from 'drizzle-orm';
import type { KioskDb } from './open';
import { mirrorAvailableDays, mirrorEmployees, mirrorServices, mirrorTimeSlots } from './schema';

export interface MirrorIndex {
  servicesFetchedAt: number | null;
  employeesFetchedAt: number | null;
  days: Map<string, { fetchedAt: number; availableDays: number[] }>;
  slots: Map<
    string,
    {
      fetchedAt: number;
      firstSlotTime: string | null;
      lastSlotTime: string | null;
      anyAvailable: boolean;
    }
  >;
  /** `${year}-${month}|${serviceId}|${employeeId}` -> when that person's days were fetched */
  personDays: Map<string, number>;
  /** `${date}|${serviceId}|${employeeId}` -> when that person's own slot list was fetched */
  personSlots: Map<string, number>;
}

export function loadMirrorIndex(db: KioskDb): MirrorIndex {
  const servicesFetchedAt =
    db
      .select({ at: min(mirrorServices.fetchedAt) })
      .from(mirrorServices)
      .get()?.at ?? null;
  const employeesFetchedAt =
    db
      .select({ at: min(mirrorEmployees.fetchedAt) })
      .from(mirrorEmployees)
      .get()?.at ?? null;
  const days = new Map<string, { fetchedAt: number; availableDays: number[] }>();
  const personDays = new Map<string, number>();
  for (const row of db.select().from(mirrorAvailableDays).all()) {
    if (row.serviceKey === '') continue;
    if (row.employeeKey !== '') {
      personDays.set(
        `${row.year}-${row.month}|${row.serviceKey}|${row.employeeKey}`,
        row.fetchedAt,
      );
      continue;
    }
    days.set(`${row.year}-${row.month}|${row.serviceKey}`, {
      fetchedAt: row.fetchedAt,
      availableDays: readAvailableDays(row.data),
    });
  }
  const slots: MirrorIndex['slots'] = new Map();
  const personSlots = new Map<string, number>();
  for (const row of db.select().from(mirrorTimeSlots).all()) {
    if (row.employeeKey !== 'any') {
      personSlots.set(`${row.date}|${row.serviceId}|${row.employeeKey}`, row.fetchedAt);
      continue;
    }
    slots.set(`${row.date}|${row.serviceId}`, {
      fetchedAt: row.fetchedAt,
      ...readSlotSpan(row.data),
    });
  }
  return { servicesFetchedAt, employeesFetchedAt, days, slots, personDays, personSlots };
}

function readAvailableDays(text: string): number[] {
  try {
    const value = (JSON.parse(text) as { availableDays?: unknown }).availableDays;
    return Array.isArray(value) ? value.filter((d): d is number => typeof d === 'number') : [];
  } catch {
    return [];
  }
}

function readSlotSpan(text: string): {
  firstSlotTime: string | null;
  lastSlotTime: string | null;
  anyAvailable: boolean;
} {
  let first: string | null = null;
  let last: string | null = null;
  let anyAvailable = false;
  try {
    const value = (JSON.parse(text) as { timeSlots?: unknown }).timeSlots;
    if (Array.isArray(value)) {
      for (const slot of value as { time?: unknown; available?: unknown }[]) {
        if (typeof slot.time !== 'string') continue;
        if (slot.available === true) anyAvailable = true;
        if (first === null || slot.time < first) first = slot.time;
        if (last === null || slot.time > last) last = slot.time;
      }
    }
  } catch {
    // An unreadable row has no span; the plan refreshes it like any other.
  }
  return { firstSlotTime: first, lastSlotTime: last, anyAvailable };
}
