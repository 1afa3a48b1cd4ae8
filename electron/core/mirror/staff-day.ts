/**
 * Today at a glance (issue 28): each employee's day is one slot list, theirs alone, of the
 * shortest service they are seen doing (its grid is the finest: a free time there is a gap in
 * their day). The mirror keeps these lists of today fresh in its plan (plan.ts, within the
 * budget: one request per employee every `staffDayMaxAgeMs`), the day view reads them. Pure.
 */
import type { Employee, Service } from '../../../shared/api/schemas';
import { durationMinutes } from '../../../shared/api/duration';

/** employeeId -> the service whose slot list describes their day (employees never seen: none). */
export function staffDayServices(
  employees: readonly Employee[],
  services: readonly Service[],
  offered: ReadonlyMap<string, ReadonlySet<string>>,
): Map<string, string> {
  // Shortest first; equal durations in the catalog's order.
  const byLength = services
    .map((service, index) => ({ service, index, minutes: durationMinutes(service) }))
    .sort((a, b) => a.minutes - b.minutes || a.index - b.index)
    .map(({ service }) => service._id);
  const chosen = new Map<string, string>();
  for (const employee of employees) {
    if (!employee.available) continue;
    const theirs = offered.get(employee._id);
    const service = byLength.find((id) => theirs?.has(id));
    if (service) chosen.set(employee._id, service);
  }
  return chosen;
}
