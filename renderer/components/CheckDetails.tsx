/**
 * A booking staff must check by hand (`unknown`: its answer was lost and the API refused it
 * twice as taken, issue 28): everything they need to ask the booking service whether it was
 * booked, in one list. The row comes with customer data only in a staff session (the core's rule).
 */
import { useTranslation } from 'react-i18next';
import type { LocalBooking } from '../../shared/kiosk-api';
import { useKiosk } from '../app/kiosk-context';
import { formatShortDate, formatTime } from '../lib/format';

export function CheckDetails({ booking }: { booking: LocalBooking }) {
  const { t } = useTranslation();
  const { catalog, locale } = useKiosk();
  const { request } = booking;
  const service = catalog.services.find((s) => s._id === request.serviceId)?.title;
  const employee = catalog.employees.find((e) => e._id === request.employeeId)?.name;
  // Phone numbers and e-mail addresses keep their left-to-right order in an Arabic list (as in
  // BookingSummary); words are isolated only.
  const rows: [string, string, 'ltr' | 'auto'][] = [
    [t('summary.service'), service ?? request.serviceId, 'auto'],
    [t('summary.employee'), employee ?? request.employeeId, 'auto'],
    [t('summary.date'), formatShortDate(request.date, locale), 'auto'],
    [t('summary.time'), formatTime(request.time, locale), 'ltr'],
    ...(booking.erased
      ? []
      : ([
          [t('summary.name'), request.customer.name, 'auto'],
          [t('summary.phone'), request.customer.phone, 'ltr'],
          [t('summary.email'), request.customer.email, 'ltr'],
        ] satisfies [string, string, 'ltr' | 'auto'][])),
  ];
  return (
    <dl className="follow-up-contact check-details" data-testid="check-details">
      {rows.map(([label, value, dir]) => (
        <div key={label} className="check-detail">
          <dt>{label}</dt>
          <dd>
            <bdi dir={dir}>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
