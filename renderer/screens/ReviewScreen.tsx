import { startTransition, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode, type LanguageCode } from '../../shared/languages';
import { useKiosk, useService, useShopZone } from '../app/kiosk-context';
import { useAccessModes } from '../access/access-modes';
import { ActionBar } from '../components/ActionBar';
import { BookingSummary } from '../components/BookingSummary';
import { Notice } from '../components/Notice';
import { StepHeader } from '../components/StepHeader';
import { ERROR_KEYS } from '../lib/message-keys';
import {
  bookingRequestOf,
  visitRequestOf,
  type FlowAction,
  type FlowState,
} from '../flow/flow-machine';
import { checkVisit } from '../lib/visit';
import { holdPartsOf } from '../lib/screen-hold';
import { shopTime } from '../lib/dates';
import { formatTime } from '../lib/format';
import { useScreenHold } from '../hooks/use-screen-hold';
import type { KioskError } from '../../shared/result';
import { offerAt } from '../../shared/booking/free-times';

interface ReviewScreenProps {
  state: FlowState;
  dispatch: (action: FlowAction) => void;
}

type Check = 'checking' | 'live' | 'cache';

/** The screen's language for the booking (absent when i18next holds something else). */
function languageOf(code: string): { language?: LanguageCode } {
  return isLanguageCode(code) ? { language: code } : {};
}

export function ReviewScreen({ state, dispatch }: ReviewScreenProps) {
  const { t, i18n } = useTranslation();
  const { client, locale, catalog, now } = useKiosk();
  const zone = useShopZone();
  const { draft } = state;
  const service = useService(draft.serviceId);
  const { reach } = useAccessModes();
  const [check, setCheck] = useState<Check>('checking');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<KioskError | null>(null);

  // Revalidate the slot on arrival: a cached grid may be minutes old, and saying so now beats a 409.
  // Only the draft on arrival: a refreshed employee must not trigger a second lookup.
  const [arrival] = useState(draft);
  const taken = useCallback(() => dispatch({ type: 'slotTaken' }), [dispatch]);
  const hold = useScreenHold(client, holdPartsOf(draft), now, taken);
  useEffect(() => {
    const { serviceId, date, slot, employeeId } = arrival;
    if (!serviceId || !date || !slot) return;
    let live = true;
    if (arrival.visit) {
      // A visit: is the whole of it still free at that time (people may change, as "anyone")?
      void checkVisit(client, arrival).then((checked) => {
        if (!live) return;
        if (checked.kind === 'gone') dispatch({ type: 'slotGone' });
        else if (checked.kind === 'refreshed')
          dispatch({ type: 'slotRefreshed', slot: checked.slot, visit: checked.visit });
        setCheck(checked.source);
      });
      return () => {
        live = false;
      };
    }
    void client
      .getTimeSlots({ date, serviceId, ...(employeeId ? { employeeId } : {}), fresh: true })
      .then((result) => {
        if (!live) return;
        if (!result.ok) {
          setCheck('cache'); // cannot check: the booking call decides
          return;
        }
        const fresh = offerAt(result.result.timeSlots, slot.time, slot.employeeId);
        if (!fresh?.available || !fresh.employeeId) {
          dispatch({ type: 'slotGone' });
          return;
        }
        if (fresh.employeeId !== slot.employeeId) {
          // "Anyone": another colleague is free at that time; book with them.
          dispatch({
            type: 'slotRefreshed',
            slot: {
              time: slot.time,
              employeeId: fresh.employeeId,
              employeeName: fresh.employeeName ?? null,
            },
          });
        }
        setCheck(result.result.source);
      });
    return () => {
      live = false;
    };
  }, [client, arrival, dispatch]);

  const confirm = (): void => {
    const request = bookingRequestOf(draft);
    if (!request || submitting) return;
    setSubmitting(true);
    setError(null);
    const visit = visitRequestOf(draft);
    if (visit) {
      void client.createVisit({ ...visit, ...languageOf(i18n.language) }).then((result) =>
        startTransition(() => {
          setSubmitting(false);
          if (result.ok) {
            const [first] = result.result.parts;
            dispatch({
              type: 'visitBooked',
              outcome: result.result,
              first: first?.outcome === 'booked' ? first.result : null,
            });
          } else if (result.error.code === 'slot_taken') dispatch({ type: 'slotTaken' });
          else setError(result.error);
        }),
      );
      return;
    }
    // The language goes with the booking: a later e-mail about it is written in it.
    void client.createBooking({ ...request, ...languageOf(i18n.language) }).then((result) => {
      // A transition: the review with "Booking…" stays until the next screen can show (a
      // chunk it needs may still load), never the flow's bare fallback.
      startTransition(() => {
        setSubmitting(false);
        if (result.ok) dispatch({ type: 'booked', outcome: result.result });
        else if (result.error.code === 'slot_taken') dispatch({ type: 'slotTaken' });
        else setError(result.error);
      });
    });
  };

  if (!service || !draft.date || !draft.slot) return null;

  const read = (
    <>
      {check === 'checking' && <Notice tone="info">{t('review.checking')}</Notice>}
      {hold.kind === 'held' && (
        <Notice tone="success">
          {t('review.heldForYou', { time: formatTime(shopTime(hold.until, zone), locale) })}
        </Notice>
      )}
      {hold.kind === 'expired' && <Notice tone="warning">{t('review.holdExpired')}</Notice>}
      {check === 'live' && hold.kind !== 'expired' && (
        <Notice tone="success">{t('review.stillFree')}</Notice>
      )}
      {check === 'cache' && <Notice tone="info">{t('review.offline')}</Notice>}
      {draft.visit ? (
        // One summary per service; the customer once, after the last.
        draft.visit.map((part, index) => {
          const partService = catalog.services.find((s) => s._id === part.serviceId);
          const last = index === (draft.visit?.length ?? 0) - 1;
          return partService && draft.date ? (
            <BookingSummary
              key={part.serviceId}
              service={partService}
              employeeName={part.employeeName}
              date={draft.date}
              time={part.time}
              visitPart={index === 0 ? 'first' : 'next'}
              {...(last ? { customer: draft.customer, notes: draft.notes.trim() } : {})}
              locale={locale}
            />
          ) : null;
        })
      ) : (
        <BookingSummary
          service={service}
          employeeName={draft.slot.employeeName}
          date={draft.date}
          time={draft.slot.time}
          customer={draft.customer}
          notes={draft.notes.trim()}
          locale={locale}
        />
      )}
    </>
  );
  return (
    <main className="screen" data-screen="review">
      {/* In reach mode what is read (the checks, the summary) stands above the reach line, so
          that "Book now" is in sight below it without scrolling (issue 38). */}
      <StepHeader title={t('review.title')} step={5} scrollable={reach}>
        {reach && read}
      </StepHeader>
      <div className="screen-body">
        {!reach && read}
        {error && (
          <Notice tone="error">{t('review.failed', { message: t(ERROR_KEYS[error.code]) })}</Notice>
        )}
        {/* In the body, not the action bar: "Continue" before it and "Finish" after it sit in the
            action bar's corner, so a double tap can never carry over between these screens. */}
        <button
          type="button"
          className="btn btn-primary btn-hero btn-confirm"
          disabled={submitting || check === 'checking'}
          onClick={confirm}
        >
          {submitting ? t('review.booking') : t('review.confirm')}
        </button>
      </div>
      <ActionBar
        onBack={() => dispatch({ type: 'back' })}
        onCancel={() => dispatch({ type: 'reset' })}
      />
    </main>
  );
}
