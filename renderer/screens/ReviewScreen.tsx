import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKiosk, useService } from '../app/kiosk-context';
import { ActionBar } from '../components/ActionBar';
import { BookingSummary } from '../components/BookingSummary';
import { Notice } from '../components/Notice';
import { StepHeader } from '../components/StepHeader';
import { bookingRequestOf, type FlowAction, type FlowState } from '../flow/flow-machine';
import type { KioskError } from '../../shared/result';

interface ReviewScreenProps {
  state: FlowState;
  dispatch: (action: FlowAction) => void;
}

type Check = 'checking' | 'live' | 'cache';

export function ReviewScreen({ state, dispatch }: ReviewScreenProps) {
  const { t } = useTranslation();
  const { client, locale } = useKiosk();
  const { draft } = state;
  const service = useService(draft.serviceId);
  const [check, setCheck] = useState<Check>('checking');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<KioskError | null>(null);

  // Revalidate the slot on arrival: a cached grid may be minutes old, and saying so now beats a 409.
  useEffect(() => {
    const { serviceId, date, slot, employeeId } = draft;
    if (!serviceId || !date || !slot) return;
    let live = true;
    void client.getTimeSlots({ date, serviceId, ...(employeeId ? { employeeId } : {}), fresh: true }).then((result) => {
      if (!live) return;
      if (!result.ok) {
        setCheck('cache'); // cannot check: the booking call decides
        return;
      }
      const fresh = result.result.timeSlots.find((candidate) => candidate.time === slot.time);
      if (!fresh?.available || !fresh.employeeId) {
        dispatch({ type: 'slotGone' });
        return;
      }
      if (fresh.employeeId !== slot.employeeId) {
        // "Anyone": another colleague is free at that time; book with them.
        dispatch({ type: 'slotRefreshed', slot: { time: slot.time, employeeId: fresh.employeeId, employeeName: fresh.employeeName ?? null } });
      }
      setCheck(result.result.source);
    });
    return () => {
      live = false;
    };
    // Only on arrival: a refreshed employee must not trigger a second lookup.
  }, [client]);

  const confirm = (): void => {
    const request = bookingRequestOf(draft);
    if (!request || submitting) return;
    setSubmitting(true);
    setError(null);
    void client.createBooking(request).then((result) => {
      setSubmitting(false);
      if (result.ok) dispatch({ type: 'booked', outcome: result.result });
      else if (result.error.code === 'slot_taken') dispatch({ type: 'slotTaken' });
      else setError(result.error);
    });
  };

  if (!service || !draft.date || !draft.slot) return null;

  return (
    <main className="screen" data-screen="review">
      <StepHeader title={t('review.title')} step={5} />
      <div className="screen-body">
        {check === 'checking' && <Notice tone="info">{t('review.checking')}</Notice>}
        {check === 'live' && <Notice tone="success">{t('review.stillFree')}</Notice>}
        {check === 'cache' && <Notice tone="info">{t('review.offline')}</Notice>}
        <BookingSummary
          service={service}
          employeeName={draft.slot.employeeName}
          date={draft.date}
          time={draft.slot.time}
          customer={draft.customer}
          notes={draft.notes.trim()}
          locale={locale}
        />
        {error && <Notice tone="error">{t('review.failed', { message: t(`errors.${error.code}`) })}</Notice>}
        {/* In the body, not the action bar: "Continue" before it and "Finish" after it sit in the
            action bar's corner, so a double tap can never carry over between these screens. */}
        <button type="button" className="btn btn-primary btn-hero btn-confirm" disabled={submitting || check === 'checking'} onClick={confirm}>
          {submitting ? t('review.booking') : t('review.confirm')}
        </button>
      </div>
      <ActionBar onBack={() => dispatch({ type: 'back' })} onCancel={() => dispatch({ type: 'reset' })} />
    </main>
  );
}
