import { useEffect, useState } from 'react';
import type { KioskClient, StaffCall } from '../../shared/kiosk-api';

/** The shop's open calls for help: fetched once, then replaced by each `staffCalls` event. */
export function useStaffCalls(client: KioskClient): StaffCall[] {
  const [calls, setCalls] = useState<StaffCall[]>([]);
  useEffect(() => {
    let live = true;
    let heard = false; // an event is newer than the first answer
    const unsubscribe = client.onEvent((event) => {
      if (event.type !== 'staffCalls') return;
      heard = true;
      setCalls(event.calls);
    });
    void client.getStaffCalls(undefined).then((result) => {
      if (live && result.ok && !heard) setCalls(result.result);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [client]);
  return calls;
}
