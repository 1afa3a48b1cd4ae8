import { useTranslation } from 'react-i18next';
import type { TimeSlot } from '../../shared/api/schemas';
import type { KioskError } from '../../shared/result';
import { useKiosk } from '../app/kiosk-context';
import type { ChosenSlot } from '../flow/flow-machine';
import { moveFocusWithArrows, tabStop } from '../lib/arrow-keys';
import { formatTime } from '../lib/format';
import { ERROR_KEYS } from '../lib/message-keys';
import { Notice } from './Notice';

interface CounterTimesProps {
  timeSlots: readonly TimeSlot[];
  /** Whether staff may book this time now (free, not booked here, not past). */
  isFree: (slot: TimeSlot) => boolean;
  /** The chosen time, if any. */
  chosenTime: string | undefined;
  /** Why the times could not be loaded, if they could not. */
  error: KioskError | null;
  /** The times loaded for a chosen service and day, and none of them free. */
  noneFree: boolean;
  onChoose: (chosen: ChosenSlot) => void;
}

/** The counter's time grid: every time of the day, the taken and past ones disabled. */
export function CounterTimes({
  timeSlots,
  isFree,
  chosenTime,
  error,
  noneFree,
  onChoose,
}: CounterTimesProps) {
  const { t } = useTranslation();
  const { locale } = useKiosk();
  // The grid's one Tab stop: the chosen time, else the first free one.
  const stop = chosenTime ?? timeSlots.find(isFree)?.time;
  return (
    <div role="group" aria-labelledby="desk-time">
      <h3 id="desk-time" className="group-title">
        {t('desk.time')}
      </h3>
      {error && <Notice tone="error">{t(ERROR_KEYS[error.code])}</Notice>}
      {noneFree && <p className="hint">{t('desk.noSlots')}</p>}
      <div className="desk-slots" onKeyDown={moveFocusWithArrows}>
        {timeSlots.map((s) => {
          const free = isFree(s);
          return (
            <button
              key={s.time}
              type="button"
              data-time={s.time}
              className={`slot desk-slot${free ? '' : ' slot-taken'}${chosenTime === s.time ? ' slot-chosen' : ''}`}
              aria-pressed={chosenTime === s.time}
              disabled={!free}
              {...tabStop(s.time === stop)}
              aria-label={
                free
                  ? formatTime(s.time, locale)
                  : `${formatTime(s.time, locale)}, ${t('time.unavailable')}`
              }
              onClick={() =>
                s.employeeId &&
                onChoose({
                  time: s.time,
                  employeeId: s.employeeId,
                  employeeName: s.employeeName ?? null,
                })
              }
            >
              {formatTime(s.time, locale)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
