import { useTranslation } from 'react-i18next';
import { MAX_VISIT_SERVICES } from '../../shared/booking/visit-fit';
import { useKiosk } from '../app/kiosk-context';
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
  const { catalog, dataLang } = useKiosk();
  const titleOf = (id: string | null): string =>
    catalog.services.find((s) => s._id === id)?.title ?? '';
  const canAdd = draft.then.length + 1 < MAX_VISIT_SERVICES;
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
