import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../shared/booking/time';
import {
  GLANCE_DAYS,
  type DayGlance,
  type GlanceCell,
  type GlanceColumn,
} from '../../shared/kiosk-api';
import { useKiosk, useShopZone } from '../app/kiosk-context';
import { useStaffCall } from '../app/staff-context';
import { Notice } from '../components/Notice';
import { WithShopText } from '../components/ShopText';
import type { Loadable } from '../hooks/use-result';
import { moveFocusWithArrows, tabStop } from '../lib/arrow-keys';
import { formatInstant, formatShortDate, formatTime } from '../lib/format';
import { ERROR_KEYS } from '../lib/message-keys';

/** A free time staff tapped: the counter books it (service, person, day and time chosen). */
export interface GlanceChoice {
  serviceId: string;
  employeeId: string;
  employeeName: string;
  date: string;
  time: string;
}

interface DayGlanceScreenProps {
  onBook: (choice: GlanceChoice) => void;
}

/** The view follows the day while it stays open (the core answers from its cache: no request). */
const REFRESH_MS = 60_000;
/** A later day whose lists the mirror is fetching (within seconds of the view asking for it). */
const FETCHING_MS = 5_000;

/**
 * A day at a glance (counter, 1920x1080): one column per employee, their free and busy times
 * along the day from the mirror, this kiosk's bookings with the customer's name (a staff call).
 * A free time is a button: it opens the counter's booking with that person and time chosen.
 * Today first; the next days one tap away (issue 38). A person who does not work that day is
 * said to be off, not shown as a day of busy times.
 */
export function DayGlanceScreen({ onBook }: DayGlanceScreenProps) {
  const { t } = useTranslation();
  const { catalog, locale } = useKiosk();
  const staffCall = useStaffCall();
  // The day shown: null is today (the core's, in the shop's zone), whose date its answer names.
  const [date, setDate] = useState<string | null>(null);
  const [today, setToday] = useState<string | null>(null);
  // Loaded at once, then again every minute while open; the last answer stays on screen.
  const [glance, setGlance] = useState<Loadable<DayGlance>>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    let soon: ReturnType<typeof setTimeout> | undefined;
    const load = (): void =>
      void staffCall('getDayGlance', date ? { date } : {}).then((result) => {
        if (!live) return;
        if (result.ok && date === null) setToday(result.result.date);
        setGlance(
          result.ok
            ? { state: 'ready', value: result.result }
            : { state: 'error', error: result.error },
        );
        // A later day just chosen that the mirror is still fetching: asked again soon.
        if (date !== null && result.ok && result.result.times.length === 0)
          soon = setTimeout(load, FETCHING_MS);
      });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
      clearTimeout(soon);
    };
  }, [staffCall, date]);
  const days = today ? Array.from({ length: GLANCE_DAYS }, (_, i) => addDays(today, i)) : [];
  const shown = date ?? today;
  const serviceTitle = (id: string): string =>
    catalog.services.find((service) => service._id === id)?.title ?? '';

  return (
    <section className="glance" aria-labelledby="glance-title" data-screen="day-glance">
      <div className="glance-head">
        <h2 id="glance-title">
          {shown === null || shown === today
            ? t('glance.title')
            : t('glance.titleOn', { date: formatShortDate(shown, locale) })}
        </h2>
        <p className="hint">{t('glance.hint')}</p>
      </div>
      {days.length > 0 && (
        <div
          className="glance-days"
          role="group"
          aria-label={t('desk.day')}
          onKeyDown={moveFocusWithArrows}
        >
          {days.map((day) => (
            <button
              key={day}
              type="button"
              data-date={day}
              className={`chip${day === shown ? ' chip-active' : ''}`}
              aria-pressed={day === shown}
              {...tabStop(day === shown)}
              onClick={() => {
                if (day === shown) return;
                setGlance({ state: 'loading' });
                setDate(day === today ? null : day);
              }}
            >
              {day === today ? t('day.today') : formatShortDate(day, locale)}
            </button>
          ))}
        </div>
      )}
      {glance.state === 'error' && <Notice tone="error">{t(ERROR_KEYS[glance.error.code])}</Notice>}
      {glance.state === 'loading' && <p className="hint">{t('app.loading')}</p>}
      {glance.state === 'ready' && (
        <GlanceGrid glance={glance.value} serviceTitle={serviceTitle} onBook={onBook} />
      )}
    </section>
  );
}

function GlanceGrid({
  glance,
  serviceTitle,
  onBook,
}: {
  glance: DayGlance;
  serviceTitle: (id: string) => string;
  onBook: (choice: GlanceChoice) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useKiosk();
  const zone = useShopZone();
  if (glance.employees.length === 0) return <p className="hint">{t('glance.none')}</p>;
  // No times at all: a day no one works (the shop closed) once every column knows it.
  if (glance.times.length === 0)
    return (
      <p className="hint">
        {t(glance.employees.every((column) => column.off) ? 'glance.closed' : 'glance.notKnown')}
      </p>
    );
  const columns = glance.employees.length;
  // The grid is one Tab stop (its first free time); the arrows move through it.
  const firstFree = glance.times.findIndex((_, row) =>
    glance.employees.some((column) => column.cells[row]?.state === 'free'),
  );
  const stopColumn = glance.employees.find(
    (column) => column.cells[firstFree]?.state === 'free',
  )?.employeeId;
  return (
    <div
      className="glance-grid"
      role="grid"
      aria-labelledby="glance-title"
      style={{ gridTemplateColumns: `5rem repeat(${columns}, minmax(10rem, 1fr))` }}
      onKeyDown={moveFocusWithArrows}
    >
      <div role="row" className="glance-row">
        <span role="columnheader" className="glance-corner" />
        {glance.employees.map((column) => (
          <span role="columnheader" key={column.employeeId} className="glance-person">
            <strong>{column.name}</strong>
            {column.asOf && (
              <small>{t('glance.asOf', { time: formatInstant(column.asOf, locale, zone) })}</small>
            )}
          </span>
        ))}
      </div>
      {glance.times.map((time, row) => (
        <div role="row" key={time} className="glance-row">
          <span role="rowheader" className="glance-time">
            {formatTime(time, locale)}
          </span>
          {glance.employees.map((column) => (
            <Cell
              key={column.employeeId}
              column={column}
              cell={column.cells[row]}
              first={row === 0}
              stop={row === firstFree && column.employeeId === stopColumn}
              date={glance.date}
              serviceTitle={serviceTitle}
              onBook={onBook}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

function Cell({
  column,
  cell,
  first,
  stop,
  date,
  serviceTitle,
  onBook,
}: {
  column: GlanceColumn;
  cell: GlanceCell | undefined;
  first: boolean;
  stop: boolean;
  date: string;
  serviceTitle: (id: string) => string;
  onBook: (choice: GlanceChoice) => void;
}) {
  const { t } = useTranslation();
  const { locale, dataLang } = useKiosk();
  if (!cell)
    // A person who does not work that day, or whose day the mirror has not fetched yet: said
    // once, at the top of the column.
    return (
      <span
        role="gridcell"
        className={`glance-cell ${column.off ? 'glance-off' : 'glance-unknown'}`}
        data-employee={column.employeeId}
        {...(column.off ? { 'data-off': true } : {})}
      >
        {first ? (column.off ? t('glance.off') : t('glance.notKnown')) : ''}
      </span>
    );
  const { serviceId } = column;
  if (cell.state === 'free' && serviceId)
    return (
      <span role="gridcell" className="glance-cell">
        <button
          type="button"
          className="glance-free"
          data-employee={column.employeeId}
          data-time={cell.time}
          {...tabStop(stop)}
          onClick={() =>
            onBook({
              serviceId,
              employeeId: column.employeeId,
              employeeName: column.name,
              date,
              time: cell.time,
            })
          }
        >
          {/* Named by its content, not an aria-label: the person's name keeps the shop's
              content language (issue 38 item 7); "free" is what the eye reads. */}
          <span className="visually-hidden">
            <WithShopText
              text={t('glance.cellFree', {
                time: formatTime(cell.time, locale),
                name: column.name,
              })}
              part={column.name}
              lang={dataLang}
            />
          </span>
          <span aria-hidden="true">{t('glance.free')}</span>
        </button>
      </span>
    );
  if (cell.state === 'booked' && cell.booking) {
    const starts = cell.booking.time === cell.time;
    return (
      <span
        role="gridcell"
        className={`glance-cell glance-booked${starts ? ' glance-booked-start' : ''}`}
        data-employee={column.employeeId}
        data-time={cell.time}
      >
        {starts && (
          <>
            <strong>{cell.booking.customerName}</strong> {serviceTitle(cell.booking.serviceId)}
          </>
        )}
      </span>
    );
  }
  return (
    <span
      role="gridcell"
      className={`glance-cell glance-${cell.state}`}
      data-employee={column.employeeId}
      data-time={cell.time}
    >
      <span className="visually-hidden">
        {cell.state === 'busy' ? t('glance.busy') : t('glance.past')}
      </span>
    </span>
  );
}
