/**
 * The calendar entry a confirmation's QR code carries: one event per booked (or queued) service,
 * with the shop in the title and as the place, so that it is found in a calendar weeks later.
 */
import type { TFunction } from 'i18next';
import type { PublicSettings } from '../../shared/kiosk-api';
import { businessZone } from './dates';
import { buildCalendar, type CalendarEventInput } from './ical';
import type { ReceiptData } from './receipt';

export interface EventSource {
  /** The API's booking id, else the local id of the queued booking. */
  id: string;
  receipt: ReceiptData;
}

export function confirmationEvent(
  { id, receipt }: EventSource,
  settings: Pick<PublicSettings, 'shop' | 'timeZone'>,
  t: TFunction,
  now: Date,
): CalendarEventInput {
  const { shop } = settings;
  const service = shop.name
    ? t('shop.calendarAt', { service: receipt.serviceTitle, shop: shop.name })
    : receipt.serviceTitle;
  return {
    uid: `${id}@frontdesk`,
    title: `${service}${receipt.employeeName ? ` (${receipt.employeeName})` : ''}`,
    ...(shop.name || shop.address
      ? { location: [shop.name, shop.address].filter(Boolean).join(', ') }
      : {}),
    date: receipt.date,
    time: receipt.time,
    endTime: receipt.endTime,
    timeZone: businessZone(settings.timeZone),
    description: [
      receipt.appointmentNumber
        ? `${t('confirmation.number')}: ${receipt.appointmentNumber}`
        : `${t('confirmation.reference')}: ${receipt.reference} (${t('confirmation.queuedShort')})`,
      ...(shop.phone ? [`${t('shop.phone')}: ${shop.phone}`] : []),
    ].join('\n'),
    now,
  };
}

/** One calendar with an event for each service; null when none was booked or queued. */
export function confirmationCalendar(
  sources: readonly EventSource[],
  settings: Pick<PublicSettings, 'shop' | 'timeZone'>,
  t: TFunction,
  now: Date,
): string | null {
  return sources.length === 0
    ? null
    : buildCalendar(sources.map((source) => confirmationEvent(source, settings, t, now)));
}
