/**
 * The review's hold (issue 28): on arrival the screen holds its time again (renewing the hold
 * it took at the time grid), and says whether it is still kept for this customer and until
 * when; when the hold runs out before "Book", it says so. Another screen holding the time
 * sends the customer back to the grid (`onTaken`).
 */
import { useEffect, useState } from 'react';
import type { KioskClient } from '../../shared/kiosk-api';
import type { HoldSlotInput } from '../../shared/kiosk-holds';

export type ScreenHold =
  | { kind: 'pending' }
  | { kind: 'held'; until: Date }
  | { kind: 'expired' }
  /** The core could not be asked (it answers the booking itself). */
  | { kind: 'none' };

export function useScreenHold(
  client: KioskClient,
  parts: HoldSlotInput['parts'] | null,
  now: () => Date,
  onTaken: () => void,
): ScreenHold {
  const [hold, setHold] = useState<ScreenHold>({ kind: 'pending' });
  // Only the parts on arrival: a refreshed person does not hold again.
  const [arrival] = useState(parts);
  useEffect(() => {
    if (!arrival) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void client.holdSlot({ parts: arrival }).then((result) => {
      if (!live) return;
      if (!result.ok) {
        if (result.error.code === 'slot_taken') onTaken();
        else setHold({ kind: 'none' });
        return;
      }
      const { heldForMs } = result.result;
      setHold({ kind: 'held', until: new Date(now().getTime() + heldForMs) });
      timer = setTimeout(() => setHold({ kind: 'expired' }), heldForMs);
    });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, arrival, now, onTaken]);
  return hold;
}
