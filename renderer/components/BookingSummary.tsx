import { useTranslation } from 'react-i18next';
import type { Service } from '../../shared/api/schemas';
import { durationMinutes } from '../../shared/api/schemas';
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
}

export function BookingSummary({ service, employeeName, date, time, endTime, customer, notes, locale }: BookingSummaryProps) {
  const { t } = useTranslation();
  const minutes = durationMinutes(service);
  const end = endTime ?? addMinutes(time, minutes);
  const rows: [string, string][] = [
    [t('summary.service'), service.title],
    ...(employeeName ? ([[t('summary.employee'), employeeName]] as [string, string][]) : []),
    [t('summary.date'), formatDate(date, locale)],
    [t('summary.time'), t('summary.timeRange', { start: formatTime(time, locale), end: formatTime(end, locale) })],
    [t('summary.duration'), formatDuration(minutes, locale)],
    [t('summary.price'), formatPrice(service.pricing.price, service.pricing.currency, locale)],
  ];
  if (customer) {
    rows.push([t('summary.name'), customer.name], [t('summary.email'), customer.email], [t('summary.phone'), customer.phone]);
  }
  if (notes) rows.push([t('summary.notes'), notes]);
  return (
    <dl className="summary">
      {rows.map(([label, value]) => (
        <div className="summary-row" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
