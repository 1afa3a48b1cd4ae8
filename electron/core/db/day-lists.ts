/**
 * Every cached list of one day for one service, for the availability model
 * (shared/booking/free-times.ts): the `any` list and each person's own list, with when each was
 * fetched. A row that does not parse reads as not cached (mirror-repo.ts's rule).
 */
import { and, eq } from 'drizzle-orm';
import { TimeSlotsSchema } from '../../../shared/api/schemas';
import type { ListedDay } from '../../../shared/booking/free-times';
import type { KioskDb } from './open';
import { mirrorTimeSlots } from './schema';

export interface DayLists {
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
