/**
 * Every cached list of one day for one service, for the availability model
 * (shared/booking/free-times.ts): the `any` list and each person's own list, with when each was
 * fetched. A row that does not parse reads as not cached (mirror-repo.ts's rule).
 */
import { and, eq } from 'drizzle-orm';
import { TimeSlotsSchema } from '../../../shared/api/schemas';
import type { Blocker, ListedDay } from '../../../shared/booking/free-times';
import type { KioskDb } from './open';
import { holdsOnDate } from './outbox-repo';
import { refusedAsTaken } from './refused-slots';
import { mirrorTimeSlots } from './schema';

interface DayLists {
  anyList: ListedDay | null;
  personLists: Map<string, ListedDay>;
}

export function loadDayLists(db: KioskDb, date: string, serviceId: string): DayLists {
  const rows = db
    .select()
    .from(mirrorTimeSlots)
    .where(and(eq(mirrorTimeSlots.date, date), eq(mirrorTimeSlots.serviceId, serviceId)))
    .all();
  const lists: DayLists = { anyList: null, personLists: new Map() };
  for (const row of rows) {
    const list = readList(row.data, row.fetchedAt);
    if (list === null) continue;
    if (row.employeeKey === 'any') lists.anyList = list;
    else lists.personLists.set(row.employeeKey, list);
  }
  return lists;
}

function readList(text: string, fetchedAt: unknown): ListedDay | null {
  if (typeof fetchedAt !== 'number' || !Number.isFinite(fetchedAt)) return null;
  try {
    const parsed = TimeSlotsSchema.safeParse(JSON.parse(text));
    return parsed.success ? { timeSlots: parsed.data.timeSlots, fetchedAt } : null;
  } catch {
    return null;
  }
}

/**
 * What this kiosk knows against the lists of `date`, read from its outbox rows: its bookings
 * (unsent and sent) and the times the API refused as taken. The lookups read the bookings
 * through the outbox store instead (its overlay of writes a full disk held back).
 */
export function kioskBlockersOn(db: KioskDb, date: string): Blocker[] {
  return [...holdsOnDate(db, date, 0).map((entry) => entry.hold), ...refusedAsTaken(db, date)];
}
