import { useCallback } from 'react';
import type { KioskClient } from '../../shared/kiosk-api';
import { loadOpenDays, type OpenDays } from '../lib/open-days';
import { useResult, type Loadable } from './use-result';

/**
 * The open days of a service, for one person or anyone, from `from`'s month on as far as the
 * API lets book (lib/open-days.ts).
 */
export function useOpenDays(
  client: KioskClient,
  serviceId: string | null,
  employeeId: string | null,
  from: { year: number; month: number },
): Loadable<OpenDays> {
  const { year, month } = from;
  return useResult(
    useCallback(
      () => loadOpenDays(client, serviceId, employeeId, { year, month }),
      [client, serviceId, employeeId, year, month],
    ),
  );
}
