import { useTranslation } from 'react-i18next';
import type { Service } from '../../shared/api/schemas';
import { useKiosk } from '../app/kiosk-context';
import { formatDate, formatDuration, formatPrice, formatTime } from '../lib/format';
import type { ReceiptData } from '../lib/receipt';

interface ReceiptProps {
  data: ReceiptData;
  service: Service | null;
  locale: string;
}

/** The printed receipt: plain black on white, narrow enough for an 80 mm roll. */
export function Receipt({ data, service, locale }: ReceiptProps) {
  const { t } = useTranslation();
  const { settings, dataLang } = useKiosk();
  const { shop } = settings;
  return (
    <article className="receipt" aria-label={t('receipt.title')}>
      {shop.name && (
        <header className="receipt-shop" data-testid="receipt-shop">
          {shop.logo && <img className="receipt-logo" src={shop.logo} alt="" />}
          <strong>{shop.name}</strong>
          {shop.address && <span>{shop.address}</span>}
          {shop.phone && (
            <span>
              <bdi dir="ltr" data-testid="receipt-shop-phone">
                {shop.phone}
              </bdi>
            </span>
          )}
        </header>
      )}
      <h1>{t('receipt.title')}</h1>
      {data.appointmentNumber ? (
        <p className="receipt-number">
          <span>{t('confirmation.number')}</span>
          <strong dir="ltr">{data.appointmentNumber}</strong>
        </p>
      ) : (
        <p className="receipt-queued">
          {t('receipt.queued')}{' '}
          {t(settings.customerMail ? 'confirmation.willMail' : 'confirmation.willCall')}
        </p>
      )}
      <p className="receipt-number">
        <span>{t('confirmation.reference')}</span>
        <strong dir="ltr" data-testid="receipt-reference">
          {data.reference}
        </strong>
      </p>
      <dl>
        <dt>{t('summary.service')}</dt>
        <dd lang={dataLang}>{data.serviceTitle}</dd>
        {data.employeeName && (
          <>
            <dt>{t('summary.employee')}</dt>
            <dd>{data.employeeName}</dd>
          </>
        )}
        <dt>{t('summary.date')}</dt>
        <dd>{formatDate(data.date, locale)}</dd>
        <dt>{t('summary.time')}</dt>
        <dd>
          {t('summary.timeRange', {
            start: formatTime(data.time, locale),
            end: formatTime(data.endTime, locale),
          })}
        </dd>
        {data.durationMinutes !== null && (
          <>
            <dt>{t('summary.duration')}</dt>
            <dd>{formatDuration(data.durationMinutes, locale)}</dd>
          </>
        )}
        {service && (
          <>
            <dt>{t('summary.price')}</dt>
            <dd>{formatPrice(service.pricing.price, service.pricing.currency, locale)}</dd>
          </>
        )}
        <dt>{t('summary.name')}</dt>
        <dd>{data.customerName}</dd>
      </dl>
      <p className="receipt-thanks">{t('receipt.thanks')}</p>
    </article>
  );
}
