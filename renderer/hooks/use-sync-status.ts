import { useEffect, useState } from 'react';
import type { KioskClient, SyncStatus } from '../../shared/kiosk-api';

/** The sync status: fetched once, then kept current by the kiosk's status events. */
export function useSyncStatus(client: KioskClient): SyncStatus | null {
  const [status, setStatus] = useState<SyncStatus | null>(null);
  useEffect(() => {
    let live = true;
    void client.getSyncStatus(undefined).then((result) => {
      if (live && result.ok) setStatus(result.result);
    });
    const unsubscribe = client.onEvent((event) => {
      if (event.type === 'status') setStatus(event.status);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [client]);
  return status;
}
