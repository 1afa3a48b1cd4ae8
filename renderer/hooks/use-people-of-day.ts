import { useCallback } from 'react';
import type { Employee } from '../../shared/api/schemas';
import type { KioskClient } from '../../shared/kiosk-api';
import type { Result } from '../../shared/result';
import {
  loadDayLists,
  personDayOf,
  type DayLists,
  type Offered,
  type PersonDay,
} from '../lib/person-days';
import { findServiceEmployees } from '../lib/service-employees';
import { useResult } from './use-result';

export interface PeopleOfDay {
  /** The bookable people who do the service, and whoever is chosen, in the catalog's order. */
  employees: Employee[];
  /** A person's day (lib/person-days.ts); null while it is not known. */
  dayOf: (employeeId: string) => PersonDay | null;
}

interface PeopleOfDayQuery {
  client: KioskClient;
  employees: readonly Employee[];
  serviceId: string | null;
  date: string | null;
  /** The chosen person (null: anyone): always among the people, even on a day they are away. */
  employeeId: string | null;
  /** Whether the screen offers a slot (its own grid's rule: free, not gone, not past). */
  offered: Offered;
  /** Bumped when the screen knows the day's lists changed (a booking made, a time taken). */
  version: number;
}

/**
 * "With whom?" for a service on a day (issue 37): who does the service (lib/service-employees.ts)
 * and, for each, whether they can be booked that day, from the kiosk's lists of the day.
 */
export function usePeopleOfDay({
  client,
  employees,
  serviceId,
  date,
  employeeId,
  offered,
  version,
}: PeopleOfDayQuery): PeopleOfDay {
  const known = useResult(
    useCallback(
      () =>
        serviceId && date
          ? findServiceEmployees(client, serviceId, date).then((ids): Result<string[]> => ({
              ok: true,
              result: ids,
            }))
          : Promise.resolve<Result<string[]>>({ ok: true, result: [] }),
      [client, serviceId, date],
    ),
  );
  const offering = new Set([
    ...(known.state === 'ready' ? known.value : []),
    ...(employeeId ? [employeeId] : []),
  ]);
  const people = employees.filter((employee) => employee.available && offering.has(employee._id));
  // A string, so that the lookup runs again only when the people change, not every render.
  const ids = people.map((employee) => employee._id).join(' ');
  const lists = useResult(
    useCallback(
      () =>
        serviceId && date && ids && version >= 0
          ? loadDayLists(client, serviceId, date, ids.split(' '), employeeId).then(
              (result): Result<DayLists | null> => ({ ok: true, result }),
            )
          : Promise.resolve<Result<DayLists | null>>({ ok: true, result: null }),
      [client, serviceId, date, ids, version, employeeId],
    ),
  );
  const dayLists = lists.state === 'ready' ? lists.value : null;
  return {
    employees: people,
    dayOf: (id) => (dayLists ? personDayOf(id, dayLists, offered) : null),
  };
}
