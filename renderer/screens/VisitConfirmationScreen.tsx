import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmedToCustomer } from '../../shared/booking/booking-states';
import { useKiosk } from '../app/kiosk-context';
import { ActionBar } from '../components/ActionBar';
import { BookingSummary } from '../components/BookingSummary';
import { Notice } from '../components/Notice';
import { SCROLLABLE } from '../components/scrollable';
import type { FlowAction, FlowState } from '../flow/flow-machine';
import { QrCode } from '../components/lazy';
import { confirmationCalendar } from '../lib/confirmation-event';
import { ltrInSentence } from '../lib/format';
import { ERROR_KEYS } from '../lib/message-keys';
import { visitLines, type VisitLine } from '../lib/visit';
import { assertNever } from '../../shared/result';

interface VisitConfirmationScreenProps {
  state: FlowState;
  dispatch: (action: FlowAction) => void;
  onPrint: () => void;
}

/**
 * One confirmation for a visit of several services (issue 19), truthful about each: booked
 * (its appointment number), reserved while the API is away (its reference), or not booked (the
 * API refused it after the services before it were booked, or one before it was refused).
 */
export function VisitConfirmationScreen({
  state,
  dispatch,
  onPrint,
}: VisitConfirmationScreenProps) {
  const { t } = useTranslation();
  const { locale, catalog, settings, now } = useKiosk();
  const { visitOutcome, draft } = state;
  const lines = useMemo(
    () => (visitOutcome ? visitLines(visitOutcome.parts, draft, catalog.services) : []),
    [visitOutcome, draft, catalog.services],
  );
  // One calendar entry per service that is booked or reserved, as on a single booking.
  const calendar = useMemo(
    () =>
      confirmationCalendar(
        lines.flatMap((line) =>
          line.receipt && line.part.outcome === 'booked'
            ? [
                {
                  id: line.part.result.booking?.bookingId ?? line.part.result.localId,
                  receipt: line.receipt,
                },
              ]
            : [],
        ),
        settings,
        t,
        now(),
      ),
    [lines, settings, t, now],
  );
  if (!visitOutcome) return null;
  // The API mails each booking's confirmation: say so when one went out, as a single booking does.
  const mailed = lines.find(
    (line) => line.part.outcome === 'booked' && line.part.result.booking?.emailSent,
  );
  const anyBooked = lines.some(
    (line) => line.part.outcome === 'booked' && line.part.result.booking,
  );
  const email = draft.customer.email;
  const mailLine = mailed
    ? t('confirmation.emailSent', {
        email: ltrInSentence(email, locale),
      })
    : anyBooked
      ? t(
          settings.upstream === 'embedded'
            ? 'customer.emailNotSentDemo'
            : 'confirmation.emailNotSent',
        )
      : null;
  const complete = lines.every((line) => line.part.outcome === 'booked');
  const allSent = lines.every(
    (line) => line.part.outcome === 'booked' && confirmedToCustomer(line.part.result.state),
  );
  const title = !complete ? 'visit.partialTitle' : allSent ? 'visit.title' : 'visit.queuedTitle';
  const printLabel =
    settings.receiptPrinter === false ? t('confirmation.showReceipt') : t('confirmation.print');
  return (
    <main className="screen" data-screen="visit-confirmation">
      <div className="screen-body confirmation" {...SCROLLABLE}>
        <div
          className={`confirmation-badge${allSent ? '' : ' confirmation-badge-queued'}`}
          aria-hidden="true"
        >
          {allSent ? '✓' : complete ? '↻' : '!'}
        </div>
        <h1>{t(title)}</h1>
        {!complete && <Notice tone="warning">{t('visit.partialBody')}</Notice>}
        {complete && !allSent && (
          <p className="lead">
            {t(settings.customerMail ? 'confirmation.willMail' : 'confirmation.willCall')}
          </p>
        )}
        <div className="confirmation-grid">
          <div className="visit-lines" data-testid="visit-lines">
            {lines.map((line, index) => (
              <VisitLineView key={line.part.serviceId} line={line} index={index} locale={locale} />
            ))}
          </div>
          {calendar && (
            <figure className="qr-figure" data-testid="visit-qr">
              <Suspense
                fallback={
                  <div className="qr qr-placeholder" role="img" aria-label={t('confirmation.qr')} />
                }
              >
                <QrCode text={calendar} label={t('confirmation.qr')} size={280} />
              </Suspense>
              <figcaption>{t('confirmation.qr')}</figcaption>
            </figure>
          )}
        </div>
        {mailLine && (
          <p className="lead" data-testid="visit-mail">
            {mailLine}
          </p>
        )}
      </div>
      <ActionBar>
        {lines.some((line) => line.receipt) && (
          <button type="button" className="btn btn-secondary" onClick={onPrint}>
            {printLabel}
          </button>
        )}
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => dispatch({ type: 'reset' })}
        >
          {t('confirmation.finish')}
        </button>
      </ActionBar>
    </main>
  );
}

function VisitLineView({
  line,
  index,
  locale,
}: {
  line: VisitLine;
  index: number;
  locale: string;
}) {
  const { t } = useTranslation();
  const { dataLang } = useKiosk();
  const { part, service, receipt } = line;
  const summary =
    service && receipt ? (
      <BookingSummary
        service={service}
        employeeName={receipt.employeeName}
        date={receipt.date}
        time={receipt.time}
        endTime={receipt.endTime}
        locale={locale}
      />
    ) : null;
  switch (part.outcome) {
    case 'booked': {
      const booking = part.result.booking;
      return (
        <section
          className="visit-line"
          data-testid={`visit-line-${index}`}
          data-state={part.result.state}
        >
          <p className="visit-line-state">
            {booking ? t('visit.booked') : t('visit.queued')}
            {' · '}
            {booking ? (
              <>
                {t('confirmation.number')} <strong dir="ltr">{booking.appointmentNumber}</strong>
              </>
            ) : (
              <>
                {t('confirmation.reference')} <strong dir="ltr">{part.result.reference}</strong>
              </>
            )}
          </p>
          {summary}
        </section>
      );
    }
    case 'refused':
      return (
        <section className="visit-line" data-testid={`visit-line-${index}`} data-state="refused">
          <p className="visit-line-state visit-line-refused">
            <span lang={dataLang}>{service?.title}</span>
            {': '}
            {t('visit.partRefused')} ({t(ERROR_KEYS[part.error.code])})
          </p>
        </section>
      );
    case 'not_tried':
      return (
        <section className="visit-line" data-testid={`visit-line-${index}`} data-state="not_tried">
          <p className="visit-line-state visit-line-refused">
            <span lang={dataLang}>{service?.title}</span>: {t('visit.partNotTried')}
          </p>
        </section>
      );
    default:
      return assertNever(part);
  }
}
