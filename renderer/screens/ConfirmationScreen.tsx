import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { customerFact } from '../../shared/booking/booking-states';
import { useKiosk, useService } from '../app/kiosk-context';
import { ActionBar } from '../components/ActionBar';
import { SCROLLABLE } from '../components/scrollable';
import { BookingSummary } from '../components/BookingSummary';
import { QrCode } from '../components/lazy';
import type { FlowAction, FlowState } from '../flow/flow-machine';
import { confirmationCalendar } from '../lib/confirmation-event';
import { receiptData } from '../lib/receipt';
import { ltrInSentence } from '../lib/format';

interface ConfirmationScreenProps {
  state: FlowState;
  dispatch: (action: FlowAction) => void;
  onPrint: () => void;
}

export function ConfirmationScreen({ state, dispatch, onPrint }: ConfirmationScreenProps) {
  const { t } = useTranslation();
  const { locale, now, settings } = useKiosk();
  // Without a printer the Electron app only shows the slip: the button says so.
  const printLabel =
    settings.receiptPrinter === false ? t('confirmation.showReceipt') : t('confirmation.print');
  const { draft, outcome } = state;
  const service = useService(draft.serviceId);
  const booking = outcome?.booking ?? null;

  // The calendar event: the confirmed booking, or the queued one under its reference.
  const receipt = useMemo(
    () => (outcome ? receiptData(outcome, draft, service) : null),
    [outcome, draft, service],
  );
  const event = useMemo(
    () =>
      receipt && outcome
        ? confirmationCalendar(
            [{ id: booking?.bookingId ?? outcome.localId, receipt }],
            settings,
            t,
            now(),
          )
        : null,
    [receipt, outcome, booking, now, t, settings],
  );

  if (!outcome) return null;
  const finish = (
    <button type="button" className="btn btn-primary" onClick={() => dispatch({ type: 'reset' })}>
      {t('confirmation.finish')}
    </button>
  );

  if (!booking) {
    // Queued: honest about it, and never a made-up appointment number. `unknown`: the API's
    // answer was lost, so the booking may exist or not; the kiosk checks, staff confirm.
    const checking = customerFact(outcome.state) === 'checking';
    return (
      <main className="screen" data-screen={checking ? 'checking' : 'queued'}>
        <div className="screen-body confirmation" {...SCROLLABLE}>
          <div className="confirmation-badge confirmation-badge-queued" aria-hidden="true">
            ↻
          </div>
          <h1>{t(checking ? 'confirmation.checkingTitle' : 'confirmation.queuedTitle')}</h1>
          <p className="lead">
            {t(checking ? 'confirmation.checkingBody' : 'confirmation.queuedBody')}
          </p>
          <p className="lead" data-testid="queued-promise">
            {t(settings.customerMail ? 'confirmation.willMail' : 'confirmation.willCall')}
          </p>
          <p className="reference">
            <span>{t('confirmation.reference')}</span>
            <strong dir="ltr" data-testid="local-reference">
              {outcome.reference}
            </strong>
          </p>
          <div className="confirmation-grid">
            {service && draft.date && draft.slot && (
              <BookingSummary
                service={service}
                employeeName={draft.slot.employeeName}
                date={draft.date}
                time={draft.slot.time}
                locale={locale}
              />
            )}
            {event && (
              <figure className="qr-figure" data-testid="queued-qr">
                {/* Its own placeholder while the chunk loads: never the whole flow's fallback. */}
                <Suspense
                  fallback={
                    <div
                      className="qr qr-placeholder"
                      role="img"
                      aria-label={t('confirmation.qr')}
                    />
                  }
                >
                  <QrCode text={event} label={t('confirmation.qr')} size={240} />
                </Suspense>
                <figcaption>{t('confirmation.qr')}</figcaption>
              </figure>
            )}
          </div>
        </div>
        <ActionBar>
          {receipt && (
            <button type="button" className="btn btn-secondary" onClick={onPrint}>
              {printLabel}
            </button>
          )}
          {finish}
        </ActionBar>
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
          <strong dir="ltr" data-testid="appointment-number">
            {booking.appointmentNumber}
          </strong>
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
              <Suspense
                fallback={
                  <div className="qr qr-placeholder" role="img" aria-label={t('confirmation.qr')} />
                }
              >
                <QrCode text={event} label={t('confirmation.qr')} size={280} />
              </Suspense>
              <figcaption>{t('confirmation.qr')}</figcaption>
            </figure>
          )}
        </div>
        <p className="lead" data-personal>
          {booking.emailSent
            ? t('confirmation.emailSent', {
                email: ltrInSentence(booking.customer.email, locale),
              })
            : t(
                settings.upstream === 'embedded'
                  ? 'customer.emailNotSentDemo'
                  : 'confirmation.emailNotSent',
              )}
        </p>
      </div>
      <ActionBar>
        <button type="button" className="btn btn-secondary" onClick={onPrint}>
          {printLabel}
        </button>
        {finish}
      </ActionBar>
    </main>
  );
}
