import { useTranslation } from 'react-i18next';
import { MAX_VISIT_SERVICES } from '../../shared/booking/visit-fit';
import { useKiosk } from '../app/kiosk-context';
import { durationMinutes } from '../../shared/api/duration';
import { formatDuration, formatPrice } from '../lib/format';
import type { FlowAction, FlowDraft } from '../flow/flow-machine';

interface VisitServicesProps {
  draft: FlowDraft;
  dispatch: (action: FlowAction) => void;
}

/**
 * The services of this visit on the time screen (issue 19): the first, those added after it
 * (each removable), and "Add another service" while fewer than the maximum are chosen.
 */
export function VisitServices({ draft, dispatch }: VisitServicesProps) {
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
                <button
                  type="button"
                  className="chip chip-quiet"
                  aria-label={t('visit.remove', { service: titleOf(id) })}
                  onClick={() => dispatch({ type: 'removeExtraService', serviceId: id })}
                >
                  ✕
                </button>
              </li>
            ))}
          </ol>
          {total && (
            <p className="visit-total" data-testid="visit-total">
              {total}
            </p>
          )}
          <p className="hint">{t('visit.fits')}</p>
        </>
      )}
      {canAdd && (
        <button
          type="button"
          className="btn btn-secondary btn-add-service"
          data-testid="add-service"
          onClick={() => dispatch({ type: 'addService' })}
        >
          <span aria-hidden="true">+ </span>
          {t('visit.add')}
        </button>
      )}
    </section>
  );
}
