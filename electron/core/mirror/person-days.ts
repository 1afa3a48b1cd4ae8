/**
 * A person's days (issue 37): once a person is chosen, the day strip asks the API's available
 * days with `employeeId` (and the service). The mirror keeps them for each service and each
 * person seen doing it in the cached slot lists (db/mirror-staff-day.ts `loadOfferedServices`),
 * so that the strip works offline too; a pair never seen costs nothing. Pure.
 */
import type { Employee, Service } from '../../../shared/api/schemas';

export interface PersonService {
  serviceId: string;
  employeeId: string;
}

/** The (service, person) pairs whose days are kept: the catalog's order, bookable people only. */
export function personDayPairs(
  services: readonly Service[],
  employees: readonly Employee[],
  offered: ReadonlyMap<string, ReadonlySet<string>>,
): PersonService[] {
  const pairs: PersonService[] = [];
  for (const service of services) {
    for (const employee of employees) {
      if (!employee.available || !offered.get(employee._id)?.has(service._id)) continue;
      pairs.push({ serviceId: service._id, employeeId: employee._id });
    }
  }
  return pairs;
}
