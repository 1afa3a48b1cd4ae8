import { useTranslation } from 'react-i18next';
import { useKiosk } from '../app/kiosk-context';
import { ActionBar } from '../components/ActionBar';
import { BookingSummary } from '../components/BookingSummary';
import { Notice } from '../components/Notice';
import { SCROLLABLE } from '../components/scrollable';
import type { FlowAction, FlowState } from '../flow/flow-machine';
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
  const { locale, catalog, settings } = useKiosk();
  const { visitOutcome, draft } = state;
  if (!visitOutcome) return null;
  const lines = visitLines(visitOutcome.parts, draft, catalog.services);
  const complete = lines.every((line) => line.part.outcome === 'booked');
  const allSent = lines.every(
    (line) => line.part.outcome === 'booked' && line.part.result.state === 'sent',
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
        <div className="visit-lines" data-testid="visit-lines">
          {lines.map((line, index) => (
            <VisitLineView key={line.part.serviceId} line={line} index={index} locale={locale} />
          ))}
        </div>
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
