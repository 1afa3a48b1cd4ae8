import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_VISIT_SERVICES } from '../../shared/booking/visit-fit';
import { useKiosk } from '../app/kiosk-context';
import { durationMinutes } from '../../shared/api/duration';
import { formatDuration, formatPrice } from '../lib/format';
import type { FlowAction, FlowDraft } from '../flow/flow-machine';

interface VisitServicesProps {
  draft: FlowDraft;
  dispatch: (action: FlowAction) => void;
  /**
   * Reach mode splits the section (issue 38): what is read (the visit's total, that the services
   * fit; the header's subtitle names them) above the reach line, its buttons (remove one, add
   * another) in one row below it. Without `part`, the whole section.
   */
  part?: 'read' | 'controls';
}

/**
 * The services of this visit on the time screen (issue 19): the first, those added after it
 * (each removable), and "Add another service" while fewer than the maximum are chosen.
 */
export function VisitServices({ draft, dispatch, part }: VisitServicesProps) {
  const { t } = useTranslation();
  const { catalog, dataLang, locale } = useKiosk();
  const titleOf = (id: string | null): string =>
    catalog.services.find((s) => s._id === id)?.title ?? '';
  const canAdd = draft.then.length + 1 < MAX_VISIT_SERVICES;
  // The whole visit's length and price (issue 28): one sum when every price is in one currency.
  const chosen = [draft.serviceId, ...draft.then].flatMap((id) => {
    const found = catalog.services.find((s) => s._id === id);
    return found ? [found] : [];
  });
  const currencies = new Set(chosen.map((s) => s.pricing.currency));
  const [currency] = currencies;
  const total =
    currency && currencies.size === 1
      ? t('customer.visitTotal', {
          duration: formatDuration(
            chosen.reduce((sum, s) => sum + durationMinutes(s), 0),
            locale,
          ),
          price: formatPrice(
            chosen.reduce((sum, s) => sum + s.pricing.price, 0),
            currency,
            locale,
          ),
        })
      : null;
  const add = canAdd && (
    <button
      type="button"
      className="btn btn-secondary btn-add-service"
      data-testid="add-service"
      onClick={() => dispatch({ type: 'addService' })}
    >
      <span aria-hidden="true">+ </span>
      {t('visit.add')}
    </button>
  );
  const remove = (id: string, label: ReactNode) => (
    <button
      type="button"
      className="chip chip-quiet"
      aria-label={t('visit.remove', { service: titleOf(id) })}
      onClick={() => dispatch({ type: 'removeExtraService', serviceId: id })}
    >
      {label}
    </button>
  );
  const read = draft.then.length > 0 && (
    <>
      {total && (
        <p className="visit-total" data-testid="visit-total">
          {total}
        </p>
      )}
      <p className="hint">{t('visit.fits')}</p>
    </>
  );
  if (part === 'read') return read;
  if (part === 'controls')
    return (
      <section
        className="visit-controls chip-row"
        aria-label={t('visit.yourVisit')}
        data-testid="visit-services"
      >
        {draft.then.map((id) => (
          <Fragment key={id}>
            {remove(
              id,
              <>
                <span lang={dataLang}>{titleOf(id)}</span> <span aria-hidden="true">✕</span>
              </>,
            )}
          </Fragment>
        ))}
        {add}
      </section>
    );
  return (
    <section className="visit-services" aria-labelledby="visit-label" data-testid="visit-services">
      {draft.then.length > 0 && (
        <>
          <h2 id="visit-label" className="field-label">
            {t('visit.yourVisit')}
          </h2>
          <ol className="visit-list">
            <li lang={dataLang}>{titleOf(draft.serviceId)}</li>
            {draft.then.map((id) => (
              <li key={id}>
                <span lang={dataLang}>{titleOf(id)}</span>
                {remove(id, '✕')}
              </li>
            ))}
          </ol>
          {read}
        </>
      )}
      {add}
    </section>
  );
}
