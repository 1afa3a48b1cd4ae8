import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingRequest } from '../../shared/api/schemas';
import type { LocalBooking } from '../../shared/kiosk-api';
import type { KioskError } from '../../shared/result';
import { useKiosk } from '../app/kiosk-context';
import { useStaff, useStaffCall } from '../app/staff-context';
import { Notice } from '../components/Notice';
import { formatInstant, formatShortDate, formatTime } from '../lib/format';

interface OutboxScreenProps {
  onRebook: (request: BookingRequest) => void;
}

const RETRYABLE = new Set(['queued', 'rejected', 'unknown']);

export function OutboxScreen({ onRebook }: OutboxScreenProps) {
  const { t } = useTranslation();
  const { client, catalog, locale } = useKiosk();
  const { session } = useStaff();
  const staffCall = useStaffCall();
  const [bookings, setBookings] = useState<LocalBooking[] | null>(null);
  const [error, setError] = useState<KioskError | null>(null);

  const refresh = useCallback(async (): Promise<void> => {
    const result = await staffCall('listBookings', {});
    if (result.ok) {
      setBookings(result.result);
      setError(null);
    } else setError(result.error);
  }, [staffCall]);

  useEffect(() => {
    void refresh();
    // Booking events carry customer data: the core sends them to this staff session only.
    return client.onEvent((event) => {
      if (event.type !== 'booking') return;
      setBookings((current) =>
        current?.some((booking) => booking.localId === event.booking.localId)
          ? current.map((booking) => (booking.localId === event.booking.localId ? event.booking : booking))
          : [event.booking, ...(current ?? [])],
      );
    }, { session });
  }, [client, refresh, session]);

  const act = async (action: 'retryBooking' | 'discardBooking', localId: string): Promise<void> => {
    const result = await staffCall(action, { localId });
    if (!result.ok) setError(result.error);
    await refresh();
  };

  const title = (serviceId: string): string => catalog.services.find((service) => service._id === serviceId)?.title ?? serviceId;

  return (
    <section className="outbox" aria-labelledby="outbox-title" data-screen="outbox">
      <div className="section-head">
        <h2 id="outbox-title">{t('outbox.title')}</h2>
        <button type="button" className="btn btn-secondary" onClick={() => void refresh()}>
          {t('outbox.refresh')}
        </button>
      </div>
      {error && <Notice tone="error">{t(`errors.${error.code}`)}</Notice>}
      {bookings?.length === 0 && <p className="hint">{t('outbox.empty')}</p>}
      <ul className="outbox-list">
        {bookings?.map((booking) => (
          <li key={booking.localId} className="outbox-item" data-state={booking.state} data-testid="outbox-item">
            <div className="outbox-main">
              <span className={`badge badge-${booking.state}`}>{t(`outbox.states.${booking.state}`)}</span>
              <strong>{booking.erased ? t('outbox.erased') : booking.request.customer.name}</strong>
              <span>
                {title(booking.request.serviceId)} · {formatShortDate(booking.request.date, locale)} {formatTime(booking.request.time, locale)}
              </span>
              {booking.booking && <span className="mono">{booking.booking.appointmentNumber}</span>}
              <span className="muted">
                {t('outbox.created', { time: formatInstant(booking.createdAt, locale) })} · {t('outbox.attempts', { count: booking.attempts })}
              </span>
              {booking.lastError && <span className="status-error">{booking.lastError.message}</span>}
            </div>
            <div className="outbox-actions">
              {RETRYABLE.has(booking.state) && !booking.erased && (
                <button type="button" className="btn btn-secondary" onClick={() => void act('retryBooking', booking.localId)}>
                  {t('outbox.retry')}
                </button>
              )}
              {booking.state === 'rejected' && !booking.erased && (
                <button type="button" className="btn btn-accent" onClick={() => onRebook(booking.request)}>
                  {t('outbox.rebook')}
                </button>
              )}
              {RETRYABLE.has(booking.state) && (
                <button type="button" className="btn btn-ghost" onClick={() => void act('discardBooking', booking.localId)}>
                  {t('outbox.discard')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
