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
  const rows: [string, string][] = [
    [t('summary.service'), service ?? request.serviceId],
    [t('summary.employee'), employee ?? request.employeeId],
    [t('summary.date'), formatShortDate(request.date, locale)],
    [t('summary.time'), formatTime(request.time, locale)],
    ...(booking.erased
      ? []
      : ([
          [t('summary.name'), request.customer.name],
          [t('summary.phone'), request.customer.phone],
          [t('summary.email'), request.customer.email],
        ] satisfies [string, string][])),
  ];
  return (
    <dl className="follow-up-contact check-details" data-testid="check-details">
      {rows.map(([label, value]) => (
        <div key={label} className="check-detail">
          <dt>{label}</dt>
          <dd>
            <bdi>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
