import { useTranslation } from 'react-i18next';
import { useKiosk } from '../app/kiosk-context';
import type { Service } from '../../shared/api/schemas';
import { durationMinutes } from '../../shared/api/duration';
import { addMinutes } from '../lib/dates';
import { formatDate, formatDuration, formatPrice, formatTime } from '../lib/format';

interface BookingSummaryProps {
  service: Service;
  employeeName: string | null;
  date: string;
  time: string;
  endTime?: string;
  customer?: { name: string; email: string; phone: string };
  notes?: string;
  locale: string;
  /**
   * One service of a visit: the day is said once (on the first) and the time range gives the
   * length, so that a portrait review of two or three services still shows "Book now".
   */
  visitPart?: 'first' | 'next';
}

export function BookingSummary({
  service,
  employeeName,
  date,
  time,
  endTime,
  customer,
  notes,
  locale,
  visitPart,
}: BookingSummaryProps) {
  const { t } = useTranslation();
  const { dataLang } = useKiosk();
  const minutes = durationMinutes(service);
  const end = endTime ?? addMinutes(time, minutes);
  // The service's title is the API's text, in the shop's language (marked with its `lang`).
  const serviceLabel = t('summary.service');
  // Rows from this index on are the customer's own: never said aloud unasked (issue 31).
  const rows: [string, string][] = [
    [serviceLabel, service.title],
    ...(employeeName ? ([[t('summary.employee'), employeeName]] as [string, string][]) : []),
    ...(visitPart === 'next'
      ? []
      : ([[t('summary.date'), formatDate(date, locale)]] as [string, string][])),
    [
      t('summary.time'),
      t('summary.timeRange', { start: formatTime(time, locale), end: formatTime(end, locale) }),
    ],
    ...(visitPart
      ? []
      : ([[t('summary.duration'), formatDuration(minutes, locale)]] as [string, string][])),
    [t('summary.price'), formatPrice(service.pricing.price, service.pricing.currency, locale)],
  ];
  const personalFrom = rows.length;
  if (customer) {
    rows.push(
      [t('summary.name'), customer.name],
      [t('summary.email'), customer.email],
      [t('summary.phone'), customer.phone],
    );
  }
  if (notes) rows.push([t('summary.notes'), notes]);
  return (
    <dl className="summary">
      {rows.map(([label, value], index) => (
        <div
          className="summary-row"
          key={label}
          {...(index >= personalFrom ? { 'data-personal': '' } : {})}
        >
          <dt>{label}</dt>
          <dd lang={label === serviceLabel ? dataLang : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
