import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useKiosk } from '../app/kiosk-context';
import { playChime } from './chime';
import { useStaffCalls } from './use-staff-calls';

/** How often an unanswered call sounds again on a staff screen. */
const REPEAT_MS = 5_000;

/**
 * Every staff screen (counter, PIN screen, staff area; no session needed) shows the shop's open
 * calls for help and sounds until one of them is answered (issue 31).
 */
export function StaffCallsBanner() {
  const { t } = useTranslation();
  const { client } = useKiosk();
  const calls = useStaffCalls(client);
  const ringing = calls.length > 0;
  useEffect(() => {
    if (!ringing) return;
    playChime('call');
    const timer = setInterval(() => playChime('call'), REPEAT_MS);
    return () => clearInterval(timer);
  }, [ringing]);
  return (
    <section className="staff-calls" aria-label={t('access.callsTitle')} role="status">
      {calls.map((call) => (
        <div key={call.id} className="staff-call" data-testid="staff-call">
          <strong>{t('access.needsHelp', { name: call.screen ?? t('access.thisKiosk') })}</strong>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void client.answerStaffCall({ id: call.id })}
          >
            {t('access.answer')}
          </button>
        </div>
      ))}
    </section>
  );
}
