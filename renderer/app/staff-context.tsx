import { createContext, useCallback, useContext } from 'react';
import type { KioskInput, KioskOutput, StaffMethod } from '../../shared/kiosk-api';
import type { Result } from '../../shared/result';
import { useKiosk } from './kiosk-context';

export interface StaffContextValue {
  /** The staff session from verifyStaffPin / setupStaffPin. */
  session: string;
  /** The core refused the session (expired, or the kiosk restarted): back to the PIN screen. */
  onSessionLost: () => void;
}

export const StaffContext = createContext<StaffContextValue | null>(null);

export function useStaff(): StaffContextValue {
  const value = useContext(StaffContext);
  if (!value) throw new Error('useStaff outside StaffContext');
  return value;
}

type StaffCall = <M extends StaffMethod>(
  method: M,
  input: Omit<KioskInput<M>, 'session'>,
) => Promise<Result<KioskOutput<M>>>;

/** Calls a staff method with the session; an `unauthorized` answer locks the staff area. */
export function useStaffCall(): StaffCall {
  const { client } = useKiosk();
  const { session, onSessionLost } = useStaff();
  return useCallback<StaffCall>(
    async (method, input) => {
      const call = client[method] as (
        input: unknown,
      ) => Promise<Result<KioskOutput<typeof method>>>;
      const result = await call({ ...input, session });
      if (!result.ok && result.error.code === 'unauthorized') onSessionLost();
      return result;
    },
    [client, session, onSessionLost],
  );
}
