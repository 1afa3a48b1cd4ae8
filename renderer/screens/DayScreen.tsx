import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKiosk, useService, useShopZone } from '../app/kiosk-context';
import { ActionBar } from '../components/ActionBar';
import { Notice } from '../components/Notice';
import { StepHeader } from '../components/StepHeader';
import type { FlowAction, FlowState } from '../flow/flow-machine';
import { useResult } from '../hooks/use-result';
import { ERROR_KEYS } from '../lib/message-keys';
import { visitTitle } from '../lib/visit';
import { useSyncStatus } from '../hooks/use-sync-status';
import { addMonths, monthGrid, parseDate, shopToday } from '../lib/dates';
import { formatDate, formatMonth, weekdayNames } from '../lib/format';
import { withComma } from '../i18n/languages';

interface DayScreenProps {
  state: FlowState;
  dispatch: (action: FlowAction) => void;
}

export function DayScreen({ state, dispatch }: DayScreenProps) {
  const { t, i18n } = useTranslation();
  const { client, catalog, locale, now, dataLang } = useKiosk();
  const service = useService(state.draft.serviceId);
  const zone = useShopZone();
  const today = shopToday(now(), zone);
  const first = parseDate(state.draft.date ?? today);
  const [view, setView] = useState({ year: first.year, month: first.month });
  const current = parseDate(today);
  const atCurrentMonth = view.year === current.year && view.month === current.month;
  const serviceId = state.draft.serviceId ?? '';
  const employeeId = state.draft.employeeId ?? undefined;
  // A person chosen on the time screen: these are their days (issue 37), and saying so.
  const person = catalog.employees.find((employee) => employee._id === employeeId) ?? null;

  // A visit of several services (issue 38): only the days where they fit one after another.
  const then = state.draft.then.join(' ');
  const days = useResult(
    useCallback(
      () =>
        client.getAvailableDays({
          year: view.year,
          month: view.month,
          serviceId,
          ...(employeeId ? { employeeId } : {}),
          ...(then ? { then: then.split(' ') } : {}),
        }),
      [client, view.year, view.month, serviceId, employeeId, then],
    ),
  );
  // Offline, only days whose times this kiosk has stored can be booked: those are marked, the
  // other open days are shown but cannot be chosen.
  const status = useSyncStatus(client);
  // Not known yet (a start before the API's first answer) is not offline: every open day stays.
  const offline = status !== null && !status.online && status.known !== false;
  const storedDays =
    days.state === 'ready' && offline && days.value.bookableOffline
      ? new Set(days.value.bookableOffline)
      : null;
  const available = new Set(
    days.state === 'ready'
      ? days.value.availableDays.filter((day) => storedDays?.has(day) ?? true)
      : [],
  );
  const openButNotStored =
    days.state === 'ready' &&
    storedDays !== null &&
    days.value.availableDays.some((day) => !storedDays.has(day));
  const noneLeft =
    days.state === 'ready' &&
    atCurrentMonth &&
    !days.value.availableDays.some((day) => day >= current.day);
  // Late in the month with nothing left: show the next month at once rather than an empty grid.
  const [advanced, setAdvanced] = useState(false);
  if (noneLeft && !advanced) {
    setAdvanced(true);
    setView(addMonths(view.year, view.month, 1));
  }
  const weekdays = weekdayNames(locale);

  return (
    <main className="screen" data-screen="day">
      <StepHeader
        title={t('day.title')}
        step={2}
        // Every service of the visit (issue 38): the days offered are those where all fit.
        subtitle={
          <span lang={dataLang}>{visitTitle(state.draft, catalog.services) ?? service?.title}</span>
        }
      />
      <div className="screen-body">
        {person && (
          <div className="day-person" data-testid="day-person">
            <p className="lead">{t('day.withPerson', { name: person.name })}</p>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => dispatch({ type: 'chooseEmployee', employeeId: null })}
            >
              {t('day.anyPerson')}
            </button>
          </div>
        )}
        <div className="calendar">
          <div className="calendar-head">
            <button
              type="button"
              className="btn btn-icon"
              aria-label={t('day.previous')}
              disabled={atCurrentMonth}
              onClick={() => setView(addMonths(view.year, view.month, -1))}
            >
              ‹
            </button>
            <h2 className="calendar-month" aria-live="polite">
              {formatMonth(view.year, view.month, locale)}
            </h2>
            <button
              type="button"
              className="btn btn-icon"
              aria-label={t('day.next')}
              onClick={() => setView(addMonths(view.year, view.month, 1))}
            >
              ›
            </button>
          </div>
          <table className="calendar-grid" aria-busy={days.state === 'loading'}>
            <thead>
              <tr>
                {weekdays.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(view.year, view.month).map((week, index) => (
                <tr key={index}>
                  {week.map((cell, column) => (
                    <td key={column}>
                      {cell && (
                        <button
                          type="button"
                          data-date={cell.date}
                          className={`day${available.has(cell.day) && cell.date >= today ? ' day-open' : ''}${storedDays?.has(cell.day) && cell.date >= today ? ' day-offline-ok' : ''}${cell.date === today ? ' day-today' : ''}${cell.date === state.draft.date ? ' day-chosen' : ''}`}
                          // Back from the time screen, the day chosen before is shown as chosen.
                          aria-pressed={cell.date === state.draft.date ? true : undefined}
                          disabled={!available.has(cell.day) || cell.date < today}
                          aria-label={
                            cell.date === today
                              ? withComma(
                                  formatDate(cell.date, locale),
                                  t('day.today'),
                                  i18n.language,
                                )
                              : formatDate(cell.date, locale)
                          }
                          aria-current={cell.date === today ? 'date' : undefined}
                          onClick={() => dispatch({ type: 'chooseDay', date: cell.date })}
                        >
                          {cell.day}
                        </button>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {days.state === 'ready' && days.value.availableDays.length === 0 && (
            <Notice tone="info">{t('day.none')}</Notice>
          )}
          {openButNotStored && (
            <div data-testid="day-offline">
              <Notice tone="warning">
                {available.size > 0 ? t('day.offlineSome') : t('day.offlineNone')}
              </Notice>
            </div>
          )}
          {days.state === 'error' && days.error.code === 'unavailable' ? (
            <div data-testid="day-offline">
              <Notice tone="warning">{t('day.offlineMonth')}</Notice>
              {!atCurrentMonth && (
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => setView({ year: current.year, month: current.month })}
                >
                  {t('day.backToThisMonth')}
                </button>
              )}
            </div>
          ) : (
            days.state === 'error' && <Notice tone="error">{t(ERROR_KEYS[days.error.code])}</Notice>
          )}
        </div>
      </div>
      <ActionBar
        onBack={() => dispatch({ type: 'back' })}
        onCancel={() => dispatch({ type: 'reset' })}
      />
    </main>
  );
}
