import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKiosk } from '../app/kiosk-context';
import { useStaffCalls } from './use-staff-calls';

/** The keypad key that calls staff from any screen (F1 is the screen's spoken help). */
export const CALL_STAFF_KEY = 'F2';

type CallState =
  { state: 'idle' } | { state: 'calling'; id: string } | { state: 'answered' | 'failed' };

const MESSAGE = {
  calling: 'access.calling',
  answered: 'access.answered',
  failed: 'access.callFailed',
} as const;

/**
 * "Call staff" (issue 31): the button (and F2) asks every staff screen of the shop for a person;
 * the customer reads (and in audio mode hears: a newly shown role="alert") that someone is
 * coming, and again when staff answered.
 */
export function CallStaff() {
  const { t } = useTranslation();
  const { client } = useKiosk();
  const calls = useStaffCalls(client);
  const [call, setCall] = useState<CallState>({ state: 'idle' });

  const callStaff = useCallback(async () => {
    const result = await client.callStaff({});
    setCall(result.ok ? { state: 'calling', id: result.result.id } : { state: 'failed' });
  }, [client]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== CALL_STAFF_KEY) return;
      event.preventDefault();
      void callStaff();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [callStaff]);

  // Staff answered: the call left the shop's list.
  const answered = call.state === 'calling' && !calls.some((open) => open.id === call.id);
  const shown = answered ? 'answered' : call.state;
  return (
    <div className="call-staff">
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="call-staff"
        aria-keyshortcuts={CALL_STAFF_KEY}
        onClick={() => void callStaff()}
      >
        <span aria-hidden="true">☎ </span>
        {t('access.callStaff')}
      </button>
      {shown !== 'idle' && (
        <p className="call-staff-status" role="alert" data-call={shown}>
          {t(MESSAGE[shown])}
        </p>
      )}
    </div>
  );
}
