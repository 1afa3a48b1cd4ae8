import { useCallback } from 'react';
import type { KioskClient } from '../../shared/kiosk-api';
import type { Result } from '../../shared/result';
import { parseDate } from '../lib/dates';
import { useResult, type Loadable } from './use-result';

/**
 * The open days (`YYYY-MM-DD`) of a service in the given months (`YYYY-MM`), for one person or
 * anyone. Offline, a month the kiosk never stored fails alone: the days of the other month stay
 * open; only when no month answers is the failure shown.
 */
export function useOpenDays(
  client: KioskClient,
  serviceId: string | null,
  employeeId: string | null,
  months: readonly string[],
): Loadable<Set<string>> {
  return useResult(
    useCallback(async (): Promise<Result<Set<string>>> => {
      const found = new Set<string>();
      if (!serviceId) return { ok: true, result: found };
      let failure: Result<never> | null = null;
      for (const month of months) {
        const { year, month: m } = parseDate(`${month}-01`);
        const days = await client.getAvailableDays({
          year,
          month: m,
          serviceId,
          ...(employeeId ? { employeeId } : {}),
        });
        if (!days.ok) {
          failure = days;
          continue;
        }
        for (const day of days.result.availableDays)
          found.add(`${month}-${String(day).padStart(2, '0')}`);
      }
      return failure && found.size === 0 ? failure : { ok: true, result: found };
    }, [client, serviceId, employeeId, months]),
  );
}
