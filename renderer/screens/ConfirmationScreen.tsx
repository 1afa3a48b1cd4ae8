import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useKiosk, useService } from '../app/kiosk-context';
import { ActionBar } from '../components/ActionBar';
import { SCROLLABLE } from '../components/scrollable';
import { BookingSummary } from '../components/BookingSummary';
import { QrCode } from '../components/lazy';
import type { FlowAction, FlowState } from '../flow/flow-machine';
import { buildCalendarEvent } from '../lib/ical';

interface ConfirmationScreenProps {
  state: FlowState;
  dispatch: (action: FlowAction) => void;
  onPrint: () => void;
}

/** A short, readable form of the local id for the queued confirmation. */
export function shortReference(localId: string): string {
  return localId.replace(/[^a-zA-Z0-9]/g, '').slice(-8).toUpperCase();
}

export function ConfirmationScreen({ state, dispatch, onPrint }: ConfirmationScreenProps) {
  const { t } = useTranslation();
  const { locale, now } = useKiosk();
  const { draft, outcome } = state;
  const service = useService(draft.serviceId);
  const booking = outcome?.booking ?? null;

  const event = useMemo(
    () =>
      booking
        ? buildCalendarEvent({
            uid: `${booking.bookingId}@frontdesk`,
            title: `${booking.service.title} (${booking.employee.name})`,
            date: booking.appointment.date,
            time: booking.appointment.time,
            endTime: booking.appointment.endTime,
            description: `${t('confirmation.number')}: ${booking.appointmentNumber}`,
            now: now(),
          })
        : null,
    [booking, now, t],
  );

  if (!outcome) return null;
  const finish = <button type="button" className="btn btn-primary" onClick={() => dispatch({ type: 'reset' })}>{t('confirmation.finish')}</button>;

  if (!booking) {
    // Queued: honest about it, and never a made-up appointment number.
    return (
      <main className="screen" data-screen="queued">
        <div className="screen-body confirmation" {...SCROLLABLE}>
          <div className="confirmation-badge confirmation-badge-queued" aria-hidden="true">
            ↻
          </div>
          <h1>{t('confirmation.queuedTitle')}</h1>
          <p className="lead">{t('confirmation.queuedBody')}</p>
          <p className="reference">
            <span>{t('confirmation.reference')}</span>
            <strong data-testid="local-reference">{shortReference(outcome.localId)}</strong>
          </p>
          {service && draft.date && draft.slot && (
            <BookingSummary service={service} employeeName={draft.slot.employeeName} date={draft.date} time={draft.slot.time} locale={locale} />
          )}
        </div>
        <ActionBar>{finish}</ActionBar>
      </main>
    );
  }

  return (
    <main className="screen" data-screen="confirmation">
      <div className="screen-body confirmation" {...SCROLLABLE}>
        <div className="confirmation-badge" aria-hidden="true">
          ✓
        </div>
        <h1>{t('confirmation.title')}</h1>
        <p className="appointment-number">
          <span>{t('confirmation.number')}</span>
          <strong data-testid="appointment-number">{booking.appointmentNumber}</strong>
        </p>
        <div className="confirmation-grid">
          {service && (
            <BookingSummary
              service={service}
              employeeName={booking.employee.name}
              date={booking.appointment.date}
              time={booking.appointment.time}
              endTime={booking.appointment.endTime}
              locale={locale}
            />
          )}
          {event && (
            <figure className="qr-figure">
              <Suspense fallback={<div className="qr qr-placeholder" role="img" aria-label={t('confirmation.qr')} />}>
                <QrCode text={event} label={t('confirmation.qr')} size={280} />
              </Suspense>
              <figcaption>{t('confirmation.qr')}</figcaption>
            </figure>
          )}
        </div>
        <p className="lead">
          {booking.emailSent ? t('confirmation.emailSent', { email: booking.customer.email }) : t('confirmation.emailNotSent')}
        </p>
      </div>
      <ActionBar>
        <button type="button" className="btn btn-secondary" onClick={onPrint}>
          {t('confirmation.print')}
        </button>
        {finish}
      </ActionBar>
    </main>
  );
}
