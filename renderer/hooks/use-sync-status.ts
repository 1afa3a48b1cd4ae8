import { useEffect, useState } from 'react';
import type { KioskClient, SyncStatus } from '../../shared/kiosk-api';

/**
 * How often the status is read again while the page is shown: the API budget's minute comes
 * back with no request and so with no status event (issue 28: the bar kept "57 of 60" long
 * after), and the core counts it afresh at every read.
 */
export const STATUS_REREAD_MS = 30_000;

/**
 * The sync status: fetched once, kept current by the kiosk's status events, and read again
 * every STATUS_REREAD_MS while the page is visible (and when it becomes visible again).
 */
export function useSyncStatus(client: KioskClient): SyncStatus | null {
  const [status, setStatus] = useState<SyncStatus | null>(null);
  useEffect(() => {
    let live = true;
    // Status events seen so far: a read answered after a newer event is older than it, dropped.
    let events = 0;
    const read = (): void => {
      const seen = events;
      void client.getSyncStatus(undefined).then((result) => {
        if (live && result.ok && seen === events) setStatus(result.result);
      });
    };
    read();
    const unsubscribe = client.onEvent((event) => {
      if (event.type !== 'status') return;
      events += 1;
      setStatus(event.status);
    });
    const visible = (): boolean => document.visibilityState === 'visible';
    const timer = setInterval(() => {
      if (visible()) read();
    }, STATUS_REREAD_MS);
    const onVisibility = (): void => {
      if (visible()) read();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      live = false;
      unsubscribe();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [client]);
  return status;
}
