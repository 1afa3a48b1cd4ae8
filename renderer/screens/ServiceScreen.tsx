import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { durationMinutes } from '../../shared/api/duration';
import type { Service } from '../../shared/api/schemas';
import { useKiosk, useShopZone } from '../app/kiosk-context';
import { ActionBar } from '../components/ActionBar';
import { Notice } from '../components/Notice';
import { WithShopText } from '../components/ShopText';
import { StepHeader } from '../components/StepHeader';
import { TapGuard } from '../components/TapGuard';
import type { FlowAction } from '../flow/flow-machine';
import { shopToday } from '../lib/dates';
import { formatDuration, formatPrice, formatShortDate, formatTime } from '../lib/format';
import { findNextFree, type NextFree } from '../lib/next-free';

interface ServiceScreenProps {
  dispatch: (action: FlowAction) => void;
  /** Another service for the same visit (issue 19): these are chosen already. */
  adding?: { chosen: string[] };
}

type Search =
  | { serviceId: string; state: 'searching' }
  | { serviceId: string; state: 'found'; offer: NextFree }
  | { serviceId: string; state: 'none' };

function groupByCategory(services: Service[]): [string, Service[]][] {
  const groups = new Map<string, Service[]>();
  for (const service of services) {
    const list = groups.get(service.category) ?? [];
    list.push(service);
    groups.set(service.category, list);
  }
  return [...groups.entries()];
}

export function ServiceScreen({ dispatch, adding }: ServiceScreenProps) {
  const { t } = useTranslation();
  const { catalog, client, locale, now, dataLang } = useKiosk();
  const zone = useShopZone();
  const [search, setSearch] = useState<Search | null>(null);
  const services = catalog.services.filter(
    (service) => service.enabled && !adding?.chosen.includes(service._id),
  );
  const groups = groupByCategory(services);

  const lookUp = (serviceId: string): void => {
    setSearch({ serviceId, state: 'searching' });
    void findNextFree(client, serviceId, now(), zone).then((offer) => {
      setSearch((current) =>
        current?.serviceId !== serviceId
          ? current
          : offer
            ? { serviceId, state: 'found', offer }
            : { serviceId, state: 'none' },
      );
    });
  };

  const dayLabel = (date: string): string =>
    date === shopToday(now(), zone) ? t('day.today') : formatShortDate(date, locale);

  return (
    <main className="screen" data-screen={adding ? 'add-service' : 'service'}>
      <StepHeader title={t(adding ? 'visit.addTitle' : 'service.title')} step={adding ? 3 : 1} />
      <div className="screen-body">
        {services.length === 0 && <Notice tone="info">{t('service.empty')}</Notice>}
        {groups.map(([category, list], index) => (
          // Named by its heading, not an aria-label: the category is the shop's text, in its
          // content language (issue 38 item 7). One group alone has no heading and no name.
          <section
            key={category}
            className="service-group"
            {...(groups.length > 1 ? { 'aria-labelledby': `service-group-${index}` } : {})}
          >
            {groups.length > 1 && (
              <h2 id={`service-group-${index}`} className="group-title" lang={dataLang}>
                {category}
              </h2>
            )}
            <div className="service-list">
              {list.map((service) => (
                <article key={service._id} className="service-card">
                  <button
                    type="button"
                    className="service-main"
                    onClick={() =>
                      dispatch(
                        adding
                          ? { type: 'chooseExtraService', serviceId: service._id }
                          : { type: 'chooseService', serviceId: service._id },
                      )
                    }
                  >
                    <span className="service-title" lang={dataLang}>
                      {service.title}
                    </span>
                    <span className="service-description" lang={dataLang}>
                      {service.description}
                    </span>
                    <span className="service-meta">
                      <span className="pill">
                        {formatDuration(durationMinutes(service), locale)}
                      </span>
                      <span className="price">
                        {formatPrice(service.pricing.price, service.pricing.currency, locale)}
                      </span>
                    </span>
                  </button>
                  {/* The next free time is for one service: not offered when adding one. */}
                  <div className="service-next" hidden={adding !== undefined}>
                    {search?.serviceId === service._id && search.state === 'found' ? (
                      // The offer appears where its search button was: a double tap must not take it.
                      <TapGuard key="offer">
                        {/* Focus moves to the offer as it appears: audio mode says it at once
                            (issue 38), and Enter takes it. */}
                        <button
                          type="button"
                          className="btn btn-accent btn-wide"
                          autoFocus
                          onClick={() =>
                            dispatch({
                              type: 'takeNextFree',
                              serviceId: service._id,
                              date: search.offer.date,
                              slot: search.offer.slot,
                            })
                          }
                        >
                          <span className="next-offer">
                            <WithShopText
                              text={t('service.nextFreeOffer', {
                                day: dayLabel(search.offer.date),
                                time: formatTime(search.offer.slot.time, locale),
                                employee: search.offer.slot.employeeName ?? t('time.anyone'),
                              })}
                              part={search.offer.slot.employeeName}
                              lang={dataLang}
                            />
                            {/* Said as a sentence of its own; the arrow is for the eye only. */}
                            <span className="visually-hidden">. </span>
                          </span>
                          <span className="next-take">
                            {t('service.nextFreeTake')}{' '}
                            <span className="flip-rtl" aria-hidden="true">
                              →
                            </span>
                          </span>
                        </button>
                      </TapGuard>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-secondary btn-wide"
                        disabled={search?.serviceId === service._id && search.state === 'searching'}
                        onClick={() => lookUp(service._id)}
                      >
                        <span aria-hidden="true">⚡ </span>
                        {search?.serviceId === service._id && search.state === 'searching'
                          ? t('service.nextFreeSearching')
                          : t('service.nextFree')}
                      </button>
                    )}
                    {search?.serviceId === service._id && search.state === 'none' && (
                      <p className="hint" role="status">
                        {t('service.nextFreeNone')}
                      </p>
                    )}
                  </div>
                </article>
              ))}
            </div>
          </section>
        ))}
      </div>
      <ActionBar onBack={() => dispatch({ type: 'back' })} />
    </main>
  );
}
