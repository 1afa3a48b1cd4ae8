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

/** A label, its value, and the value's direction inside the line (see below). */
type Row = [label: string, value: string, direction: 'ltr' | 'auto'];
const row = (label: string, value: string, direction: Row[2]): Row => [label, value, direction];

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
  // The service's title and the person's name are the API's texts, in the shop's content
  // language (marked with its `lang`, issue 38).
  const serviceLabel = t('summary.service');
  const employeeLabel = t('summary.employee');
  // Rows from `personalFrom` on are the customer's own: never said aloud unasked (issue 31).
  // How each value sits in a right-to-left line: digits, times, prices, phone numbers and
  // e-mail addresses keep their left-to-right order (an Arabic review once showed the phone as
  // "5678 1234 30 49+"); words are isolated only, so that neither spills into its label.
  const rows: Row[] = [
    [serviceLabel, service.title, 'auto'],
    ...(employeeName ? [row(employeeLabel, employeeName, 'auto')] : []),
    ...(visitPart === 'next' ? [] : [row(t('summary.date'), formatDate(date, locale), 'auto')]),
    [
      t('summary.time'),
      t('summary.timeRange', { start: formatTime(time, locale), end: formatTime(end, locale) }),
      'ltr',
    ],
    ...(visitPart ? [] : [row(t('summary.duration'), formatDuration(minutes, locale), 'auto')]),
    [
      t('summary.price'),
      formatPrice(service.pricing.price, service.pricing.currency, locale),
      'auto',
    ],
  ];
  const personalFrom = rows.length;
  if (customer) {
    rows.push(
      [t('summary.name'), customer.name, 'auto'],
      [t('summary.email'), customer.email, 'ltr'],
      [t('summary.phone'), customer.phone, 'ltr'],
    );
  }
  if (notes) rows.push([t('summary.notes'), notes, 'auto']);
  return (
    <dl className="summary">
      {rows.map(([label, value, direction], index) => (
        <div
          className="summary-row"
          key={label}
          {...(index >= personalFrom ? { 'data-personal': '' } : {})}
        >
          <dt>{label}</dt>
          <dd lang={label === serviceLabel || label === employeeLabel ? dataLang : undefined}>
            <bdi dir={direction}>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
