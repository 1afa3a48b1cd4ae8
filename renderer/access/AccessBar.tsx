import { useTranslation } from 'react-i18next';
import { setAccessMode, useAccessModes } from './access-modes';
import { CallStaff } from './CallStaff';

/**
 * The customer's own access controls at the bottom of every kiosk screen, within reach from a
 * wheelchair in either mode: "Call staff" and reach mode (issue 31). In reach mode a note stands
 * above the reach line, where only what there is to read remains.
 */
export function AccessBar() {
  const { t } = useTranslation();
  const { reach } = useAccessModes();
  return (
    <>
      {reach && (
        <p className="reach-note" data-testid="reach-note">
          {t('access.reachNote')}
        </p>
      )}
      <div className="access-bar">
        <CallStaff />
        <button
          type="button"
          className={`chip${reach ? ' chip-active' : ''}`}
          aria-pressed={reach}
          data-toggle="reach"
          onClick={() => setAccessMode('reach', !reach)}
        >
          <span aria-hidden="true" className="toggle-icon">
            ⤓
          </span>{' '}
          {t('access.reach')}
        </button>
      </div>
    </>
  );
}
