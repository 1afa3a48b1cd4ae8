/**
 * What the mirror's schedule needs to know about the cache, in one cheap read: fetch times
 * and, per cached slot day, the last slot time (payloads are only parsed as far as needed).
 */
import { min } from 'drizzle-orm';
import type { KioskDb } from './open';
import { mirrorAvailableDays, mirrorServices, mirrorTimeSlots } from './schema';

export interface MirrorIndex {
  catalogFetchedAt: number | null;
  days: Map<string, { fetchedAt: number; availableDays: number[] }>;
  slots: Map<string, { fetchedAt: number; lastSlotTime: string | null }>;
}

export function loadMirrorIndex(db: KioskDb): MirrorIndex {
  const catalogFetchedAt = db.select({ at: min(mirrorServices.fetchedAt) }).from(mirrorServices).get()?.at ?? null;
  const days = new Map<string, { fetchedAt: number; availableDays: number[] }>();
  for (const row of db.select().from(mirrorAvailableDays).all()) {
    if (row.employeeKey !== '' || row.serviceKey === '') continue;
    days.set(`${row.year}-${row.month}|${row.serviceKey}`, {
      fetchedAt: row.fetchedAt,
      availableDays: readAvailableDays(row.data),
    });
  }
  const slots = new Map<string, { fetchedAt: number; lastSlotTime: string | null }>();
  for (const row of db.select().from(mirrorTimeSlots).all()) {
    if (row.employeeKey !== 'any') continue;
    slots.set(`${row.date}|${row.serviceId}`, { fetchedAt: row.fetchedAt, lastSlotTime: readLastSlotTime(row.data) });
  }
  return { catalogFetchedAt, days, slots };
}

function readAvailableDays(text: string): number[] {
  try {
    const value = (JSON.parse(text) as { availableDays?: unknown }).availableDays;
    return Array.isArray(value) ? value.filter((d): d is number => typeof d === 'number') : [];
  } catch {
    return [];
  }
}

function readLastSlotTime(text: string): string | null {
  try {
    const value = (JSON.parse(text) as { timeSlots?: unknown }).timeSlots;
    if (!Array.isArray(value)) return null;
    let last: string | null = null;
    for (const slot of value as { time?: unknown }[]) {
      if (typeof slot.time === 'string' && (last === null || slot.time > last)) last = slot.time;
    }
    return last;
  } catch {
    return null;
  }
}
