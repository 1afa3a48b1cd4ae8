import { useTranslation } from 'react-i18next';
import type { Service } from '../../shared/api/schemas';
import type { CustomerBooking } from '../../shared/kiosk-api';
import { durationMinutes } from '../../shared/api/schemas';
import { formatDate, formatDuration, formatPrice, formatTime } from '../lib/format';

interface ReceiptProps {
  booking: CustomerBooking;
  service: Service | null;
  locale: string;
}

/** The printed receipt: plain black on white, narrow enough for an 80 mm roll. */
export function Receipt({ booking, service, locale }: ReceiptProps) {
  const { t } = useTranslation();
  return (
    <article className="receipt" aria-label={t('receipt.title')}>
      <h1>{t('receipt.title')}</h1>
      <p className="receipt-number">
        <span>{t('confirmation.number')}</span>
        <strong>{booking.appointmentNumber}</strong>
      </p>
      <dl>
        <dt>{t('summary.service')}</dt>
        <dd>{booking.service.title}</dd>
        <dt>{t('summary.employee')}</dt>
        <dd>{booking.employee.name}</dd>
        <dt>{t('summary.date')}</dt>
        <dd>{formatDate(booking.appointment.date, locale)}</dd>
        <dt>{t('summary.time')}</dt>
        <dd>
          {t('summary.timeRange', {
            start: formatTime(booking.appointment.time, locale),
            end: formatTime(booking.appointment.endTime, locale),
          })}
        </dd>
        <dt>{t('summary.duration')}</dt>
        <dd>{formatDuration(service ? durationMinutes(service) : booking.service.duration, locale)}</dd>
        {service && (
          <>
            <dt>{t('summary.price')}</dt>
            <dd>{formatPrice(service.pricing.price, service.pricing.currency, locale)}</dd>
          </>
        )}
        <dt>{t('summary.name')}</dt>
        <dd>{booking.customer.name}</dd>
      </dl>
      <p className="receipt-thanks">{t('receipt.thanks')}</p>
    </article>
  );
}
