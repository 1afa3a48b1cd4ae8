import { useTranslation } from 'react-i18next';
import type { TimeSlot } from '../../shared/api/schemas';
import type { KioskError } from '../../shared/result';
import { useKiosk } from '../app/kiosk-context';
import type { ChosenSlot } from '../flow/flow-machine';
import { moveFocusWithArrows, tabStop } from '../lib/arrow-keys';
import { formatTime } from '../lib/format';
import { ERROR_KEYS } from '../lib/message-keys';
import { Notice } from './Notice';
import { withComma } from '../i18n/languages';

interface CounterTimesProps {
  /** The day the times are for, as shown (null: no day chosen yet). */
  dayLabel: string | null;
  timeSlots: readonly TimeSlot[];
  /** Whether staff may book this time now (free, not booked here, not past). */
  isFree: (slot: TimeSlot) => boolean;
  /** The chosen time, if any. */
  chosenTime: string | undefined;
  /** Why the times could not be loaded, if they could not. */
  error: KioskError | null;
  /**
   * Why nothing can be booked on the day (the times are loaded and none is free), said where
   * staff look, next to the grid; null while something is free or not yet known.
   */
  noneFree: string | null;
  /** The id of that note, for the chosen day's chip to name it (aria-describedby). */
  noteId: string;
  onChoose: (chosen: ChosenSlot) => void;
}

/**
 * The counter's time grid: every time of the day, the taken and past ones disabled, under the
 * date it is for (issue 37: staff always see which day "Book" books).
 */
export function CounterTimes({
  dayLabel,
  timeSlots,
  isFree,
  chosenTime,
  error,
  noneFree,
  noteId,
  onChoose,
}: CounterTimesProps) {
  const { t, i18n } = useTranslation();
  const { locale } = useKiosk();
  // The grid's one Tab stop: the chosen time, else the first free one.
  const stop = chosenTime ?? timeSlots.find(isFree)?.time;
  return (
    <div role="group" aria-labelledby="desk-time">
      <h3 id="desk-time" className="group-title">
        {dayLabel ? t('desk.timeOn', { date: dayLabel }) : t('desk.time')}
      </h3>
      {error && <Notice tone="error">{t(ERROR_KEYS[error.code])}</Notice>}
      {/* Always in the page, so that a screen reader hears the note when it appears. */}
      <p id={noteId} className="desk-day-note" role="status" data-testid="desk-day-note">
        {noneFree}
      </p>
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
                  : withComma(formatTime(s.time, locale), t('time.unavailable'), i18n.language)
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
