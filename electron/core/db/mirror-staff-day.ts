/**
 * What the day view (today at a glance) reads from the mirror's slot lists: who was seen doing
 * which service. The API has no list of that, but a free slot names an employee who offers the
 * service (renderer/lib/service-employees.ts reasons the same way).
 */
import { TimeSlotsSchema } from '../../../shared/api/schemas';
import type { KioskDb } from './open';
import { mirrorTimeSlots } from './schema';

/** employeeId -> the services a cached slot list (anyone's or their own) shows them free for. */
export function loadOfferedServices(db: KioskDb): Map<string, Set<string>> {
  const offered = new Map<string, Set<string>>();
  const rows = db
    .select({ serviceId: mirrorTimeSlots.serviceId, data: mirrorTimeSlots.data })
    .from(mirrorTimeSlots)
    .all();
  for (const row of rows) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.data);
    } catch {
      continue;
    }
    const list = TimeSlotsSchema.safeParse(parsed);
    if (!list.success) continue;
    for (const slot of list.data.timeSlots) {
      if (!slot.available || !slot.employeeId) continue;
      const services = offered.get(slot.employeeId) ?? new Set<string>();
      services.add(row.serviceId);
      offered.set(slot.employeeId, services);
    }
  }
  return offered;
}
