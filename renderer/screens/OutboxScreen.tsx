import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckDetails } from '../components/CheckDetails';
import { FollowUpPanel, openFollowUps } from '../components/FollowUpPanel';
import { createListReads, mergeList, upsertBooking } from '../lib/booking-list';
import type { LocalBooking, LocalBookingState } from '../../shared/kiosk-api';
import { SLOT_TAKEN_REFUSAL, UNDO_DISCARD_MS } from '../../shared/kiosk-api';
import { RETRYABLE_STATES } from '../../shared/booking/booking-states';
import type { KioskError, Result } from '../../shared/result';
import { useKiosk, useShopZone } from '../app/kiosk-context';
import { useStaff, useStaffCall } from '../app/staff-context';
import { Notice } from '../components/Notice';
import {
  BOOKING_STATE_KEYS,
  ERROR_KEYS,
  OFFLINE_REASON_KEYS,
  isOfflineReason,
  type TranslationKey,
} from '../lib/message-keys';
import {
  STATE_FILTERS,
  filterBookings,
  shortReference,
  type StateFilter,
} from '../lib/booking-filter';
import { formatInstant, formatShortDate, formatTime } from '../lib/format';

interface ListRead {
  result: Result<LocalBooking[]>;
  /** Bookings that arrived by event while the list was read. */
  arrived: ReadonlySet<string>;
}

interface OutboxScreenProps {
  /** Staff book a rejected booking again (its localId is linked to the new one). */
  onRebook: (booking: LocalBooking) => void;
  /** The filter it opens with (the status bar's refused count opens it on `followUp`). */
  initialFilter?: StateFilter;
}

const FILTER_KEYS = {
  all: 'bookings.filters.all',
  attention: 'bookings.filters.attention',
  followUp: 'bookings.filters.followUp',
} as const satisfies Record<Exclude<StateFilter, LocalBookingState>, TranslationKey>;

/** The undo offer ends a little before the core's window, so that an Undo tap still lands in it. */
const UNDO_OFFER_MS = UNDO_DISCARD_MS - 1_500;

export function OutboxScreen({ onRebook, initialFilter = 'all' }: OutboxScreenProps) {
  const { t } = useTranslation();
  const { client, catalog, locale, dataLang } = useKiosk();
  const zone = useShopZone();
  const { session } = useStaff();
  const staffCall = useStaffCall();
  const [bookings, setBookings] = useState<LocalBooking[] | null>(null);
  const [error, setError] = useState<KioskError | null>(null);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<StateFilter>(initialFilter);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [undo, setUndo] = useState<LocalBooking | null>(null);
  const rows = useRef(new Map<string, HTMLLIElement>());

  // A booking that arrives by event while a list is read may be missing from that list.
  const [reads] = useState(createListReads);
  const readList = useCallback(async (): Promise<ListRead> => {
    const done = reads.begin();
    const result = await staffCall('listBookings', {});
    return { result, arrived: done() };
  }, [reads, staffCall]);
  const showList = useCallback(({ result, arrived }: ListRead): void => {
    if (result.ok) {
      const list = result.result;
      setBookings((current) => mergeList(current, list, arrived));
      setError(null);
    } else setError(result.error);
  }, []);
  const refresh = useCallback(
    async (): Promise<void> => showList(await readList()),
    [readList, showList],
  );

  const upsert = useCallback((next: LocalBooking): void => {
    setBookings((current) => upsertBooking(current, next));
  }, []);

  useEffect(() => {
    // Booking events carry customer data: the core sends them to this staff session only.
    const stop = client.onEvent(
      (event) => {
        if (event.type !== 'booking') return;
        reads.saw(event.booking.localId);
        upsert(event.booking);
      },
      { session },
    );
    void readList().then(showList);
    return stop;
  }, [client, reads, readList, showList, session, upsert]);

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), UNDO_OFFER_MS);
    return () => clearTimeout(timer);
  }, [undo]);

  // What Retry did, said on its row (issue 28: it gave no feedback).
  const [retried, setRetried] = useState<{ localId: string; state: LocalBookingState } | null>(
    null,
  );
  const retry = async (localId: string): Promise<void> => {
    setRetried(null);
    const result = await staffCall('retryBooking', { localId });
    if (!result.ok) setError(result.error);
    else setRetried({ localId, state: result.result.state });
    await refresh();
  };

  // A network failure in plain words ("network: reset" is the core's log wording).
  const errorText = (error: { status: number | null; message: string }): string => {
    // Taken, however the API said it (the core writes this one message for it).
    if (error.message === SLOT_TAKEN_REFUSAL) return t('errors.slot_taken');
    const reason = /^network: (connect|timeout|reset|other)$/.exec(error.message)?.[1];
    return error.status === null && isOfflineReason(reason)
      ? t(OFFLINE_REASON_KEYS[reason])
      : error.message;
  };

  const discard = async (booking: LocalBooking): Promise<void> => {
    setConfirming(null);
    const result = await staffCall('discardBooking', { localId: booking.localId });
    if (result.ok) {
      upsert(result.result);
      setUndo(result.result);
    } else setError(result.error);
  };

  const restore = async (booking: LocalBooking): Promise<void> => {
    setUndo(null);
    const result = await staffCall('restoreBooking', { localId: booking.localId });
    if (result.ok) upsert(result.result);
    else setError(result.error);
  };

  const resolve = async (booking: LocalBooking, action: 'contacted' | 'dismissed') => {
    const result = await staffCall('resolveFollowUp', { localId: booking.localId, action });
    if (!result.ok) setError(result.error);
    else
      setBookings((current) =>
        (current ?? []).map((b) =>
          b.localId === booking.localId
            ? { ...b, followUp: { state: result.result.state, mail: result.result.mail } }
            : b,
        ),
      );
  };

  /** Shows the new booking of a rebooked one: clears what could hide it, then moves focus there. */
  const show = (localId: string): void => {
    setQuery('');
    setFilter('all');
    requestAnimationFrame(() => {
      const row = rows.current.get(localId);
      row?.scrollIntoView({ block: 'center' });
      row?.focus();
    });
  };

  const title = (serviceId: string): string =>
    catalog.services.find((service) => service._id === serviceId)?.title ?? serviceId;
  const personOf = (employeeId: string): string | undefined =>
    catalog.employees.find((employee) => employee._id === employeeId)?.name;
  const byId = new Map((bookings ?? []).map((booking) => [booking.localId, booking]));
  const shown = bookings ? filterBookings(bookings, query, filter) : null;

  return (
    <section className="outbox" aria-labelledby="outbox-title" data-screen="outbox">
      <div className="section-head">
        <h2 id="outbox-title">{t('outbox.title')}</h2>
        {openFollowUps(bookings) > 0 && (
          <span className="badge badge-rejected" role="status" data-testid="follow-up-count">
            {t('followUp.count', { count: openFollowUps(bookings) })}
          </span>
        )}
        <button type="button" className="btn btn-secondary" onClick={() => void refresh()}>
          {t('outbox.refresh')}
        </button>
      </div>
      <div className="outbox-filters">
        <div className="field outbox-search">
          <label htmlFor="outbox-search">{t('bookings.search')}</label>
          <input
            id="outbox-search"
            type="search"
            value={query}
            maxLength={100}
            autoComplete="off"
            aria-describedby="outbox-search-hint"
            onChange={(event) => setQuery(event.target.value)}
          />
          <p id="outbox-search-hint" className="field-hint">
            {t('bookings.searchHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor="outbox-state">{t('bookings.state')}</label>
          <select
            id="outbox-state"
            value={filter}
            onChange={(event) => setFilter(event.target.value as StateFilter)}
          >
            {STATE_FILTERS.map((name) => (
              <option key={name} value={name}>
                {name === 'all' || name === 'attention' || name === 'followUp'
                  ? t(FILTER_KEYS[name])
                  : t('bookings.filters.only', { state: t(BOOKING_STATE_KEYS[name]) })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {undo && (
        <div className="undo-bar" role="status" data-testid="undo-bar">
          <span>{t('bookings.discarded', { reference: shortReference(undo.localId) })}</span>
          <button type="button" className="btn btn-accent" onClick={() => void restore(undo)}>
            {t('bookings.undo')}
          </button>
        </div>
      )}
      {error && <Notice tone="error">{t(ERROR_KEYS[error.code])}</Notice>}
      {bookings?.length === 0 && <p className="hint">{t('outbox.empty')}</p>}
      {bookings && bookings.length > 0 && shown?.length === 0 && (
        <p className="hint">{t('bookings.noMatch')}</p>
      )}
      <ul className="outbox-list">
        {shown?.map((booking) => {
          const rebooked = booking.rebookedAs ? byId.get(booking.rebookedAs) : undefined;
          const actionable = !booking.rebookedAs;
          return (
            <li
              key={booking.localId}
              ref={(element) => {
                if (element) rows.current.set(booking.localId, element);
                else rows.current.delete(booking.localId);
              }}
              tabIndex={-1}
              className="outbox-item"
              data-state={booking.state}
              data-testid="outbox-item"
              data-reference={booking.reference}
            >
              <div className="outbox-main">
                <span className={`badge badge-${booking.state}`}>
                  {t(BOOKING_STATE_KEYS[booking.state])}
                </span>
                <strong
                  className="outbox-name"
                  title={booking.erased ? undefined : booking.request.customer.name}
                >
                  {booking.erased ? t('outbox.erased') : booking.request.customer.name}
                </strong>
                <span>
                  {title(booking.request.serviceId)} ·{' '}
                  {formatShortDate(booking.request.date, locale)}{' '}
                  {formatTime(booking.request.time, locale)}
                  {/* Who the customer is booked with (issue 38). */}
                  {personOf(booking.request.employeeId) && (
                    <>
                      {' · '}
                      <span data-testid="outbox-person" lang={dataLang}>
                        {t('outbox.with', { name: personOf(booking.request.employeeId) })}
                      </span>
                    </>
                  )}
                </span>
                <span className="mono" data-testid="outbox-reference">
                  {t('outbox.reference', { reference: booking.reference })}
                </span>
                {booking.booking && (
                  <span className="mono" dir="ltr" data-testid="outbox-number">
                    {booking.booking.appointmentNumber}
                  </span>
                )}
                <span className="muted">
                  {t('outbox.created', { time: formatInstant(booking.createdAt, locale, zone) })} ·{' '}
                  {t('outbox.attempts', { count: booking.attempts })}
                </span>
                {booking.lastError && (
                  <span className="status-error">{errorText(booking.lastError)}</span>
                )}
                {retried?.localId === booking.localId && (
                  <span role="status" data-testid="retry-result">
                    {t('outbox.retried', { state: t(BOOKING_STATE_KEYS[retried.state]) })}
                  </span>
                )}
              </div>
              {booking.state === 'unknown' && <CheckDetails booking={booking} />}
              {booking.followUp && (
                <FollowUpPanel
                  booking={{ ...booking, followUp: booking.followUp }}
                  onResolve={(action) => void resolve(booking, action)}
                />
              )}
              {booking.rebookedAs && (
                <button
                  type="button"
                  className="btn btn-link"
                  data-testid="rebooked-link"
                  onClick={() => show(booking.rebookedAs ?? '')}
                >
                  {t('bookings.rebookedAs', {
                    reference:
                      rebooked?.booking?.appointmentNumber ?? shortReference(booking.rebookedAs),
                  })}
                </button>
              )}
              {/* Several services in one visit (issue 19): the other bookings of the visit. */}
              {(bookings ?? [])
                .filter((b) => booking.visitId && b.visitId === booking.visitId && b !== booking)
                .map((other) => (
                  <button
                    key={other.localId}
                    type="button"
                    className="btn btn-link"
                    data-testid="visit-link"
                    onClick={() => show(other.localId)}
                  >
                    {t('visit.sameVisit', {
                      service: title(other.request.serviceId),
                      time: formatTime(other.request.time, locale),
                      state: t(BOOKING_STATE_KEYS[other.state]),
                    })}
                  </button>
                ))}
              {actionable && confirming === booking.localId ? (
                <div
                  className="outbox-confirm"
                  role="group"
                  aria-label={t('bookings.confirmDiscard')}
                >
                  <span>{t('bookings.confirmDiscard')}</span>
                  <button
                    type="button"
                    className="btn btn-danger"
                    onClick={() => void discard(booking)}
                  >
                    {t('bookings.confirmYes')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    autoFocus
                    onClick={() => setConfirming(null)}
                  >
                    {t('bookings.confirmNo')}
                  </button>
                </div>
              ) : (
                actionable && (
                  <div className="outbox-actions">
                    {RETRYABLE_STATES.has(booking.state) && !booking.erased && (
                      <button
                        type="button"
                        className="btn btn-secondary"
                        onClick={() => void retry(booking.localId)}
                      >
                        {t('outbox.retry')}
                      </button>
                    )}
                    {booking.state === 'rejected' && !booking.erased && (
                      <button
                        type="button"
                        className="btn btn-accent"
                        onClick={() => onRebook(booking)}
                      >
                        {t('outbox.rebook')}
                      </button>
                    )}
                    {RETRYABLE_STATES.has(booking.state) && (
                      <button
                        type="button"
                        className="btn btn-ghost"
                        onClick={() => setConfirming(booking.localId)}
                      >
                        {t('outbox.discard')}
                      </button>
                    )}
                  </div>
                )
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
