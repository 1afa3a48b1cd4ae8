import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessModes } from '../access/access-modes';
import { useKiosk, useService, useShopZone } from '../app/kiosk-context';
import { ActionBar } from '../components/ActionBar';
import { Notice } from '../components/Notice';
import { PeopleChips } from '../components/PeopleChips';
import { WithShopText } from '../components/ShopText';
import { StepHeader } from '../components/StepHeader';
import { VisitServices } from '../components/VisitServices';
import { goneSlotKey, type FlowAction, type FlowState } from '../flow/flow-machine';
import { usePeopleOfDay } from '../hooks/use-people-of-day';
import { useFlowReport } from '../hooks/use-flow-report';
import { useResult } from '../hooks/use-result';
import { ERROR_KEYS, type TranslationKey } from '../lib/message-keys';
import { addMonths, parseDate, shopTime, shopToday } from '../lib/dates';
import { formatDate, formatTime } from '../lib/format';
import { groupSlots, type DayPart } from '../lib/slots';
import { visitSlots, type VisitSlots } from '../lib/visit';
import { holdPartsOf } from '../lib/screen-hold';
import type { TimeSlot } from '../../shared/api/schemas';
import type { KioskClient, TimeSlotsResult } from '../../shared/kiosk-api';
import { withComma } from '../i18n/languages';

interface TimeScreenProps {
  state: FlowState;
  dispatch: (action: FlowAction) => void;
}

const DAY_PART_KEYS = {
  morning: 'time.morning',
  afternoon: 'time.afternoon',
  evening: 'time.evening',
} as const satisfies Record<DayPart, TranslationKey>;

export function TimeScreen({ state, dispatch }: TimeScreenProps) {
  const { t, i18n } = useTranslation();
  const { client, catalog, locale, now, dataLang } = useKiosk();
  const zone = useShopZone();
  // Reach mode reads the visit's total above the line and keeps its buttons below (issue 38).
  const { reach } = useAccessModes();
  const { draft } = state;
  const service = useService(draft.serviceId);
  const date = draft.date ?? '';
  const serviceId = draft.serviceId ?? '';
  const employeeId = draft.employeeId ?? undefined;

  // A tapped time refused because another screen holds it (issue 28): this grid is out of date,
  // and the hold covers the service's whole length, so the grid is asked again (fresh) and every
  // time that hold covers leaves it, not only the one tapped.
  const [refusals, setRefusals] = useState(0);
  // Several services in one visit: only the times where all of them follow each other.
  const then = draft.then.join(' ');
  const slots = useResult<TimeSlotsResult | VisitSlots>(
    useCallback(() => {
      const fresh = refusals > 0 ? { fresh: true } : {};
      return then
        ? visitSlots(client, {
            date,
            serviceIds: [serviceId, ...then.split(' ')],
            ...(employeeId ? { employeeId } : {}),
            ...fresh,
          })
        : client.getTimeSlots({ date, serviceId, ...(employeeId ? { employeeId } : {}), ...fresh });
    }, [client, date, serviceId, employeeId, then, refusals]),
  );
  const offers = slots.state === 'ready' && 'offers' in slots.value ? slots.value.offers : null;
  const cutoff = date === shopToday(now(), zone) ? shopTime(now(), zone) : null;
  const gone = new Set(state.goneSlots);
  // What the kiosk answered as free (a person named), unless gone for that person here or past.
  const isFree = ({ time, available, employeeId: employee }: TimeSlot): boolean =>
    available &&
    employee !== undefined &&
    !gone.has(goneSlotKey(date, time, employee)) &&
    (cutoff === null || time > cutoff);
  const groups = slots.state === 'ready' ? groupSlots(slots.value.timeSlots) : [];
  const anyFree = groups.some((group) => group.slots.some(isFree));
  // The owner's kiosk day counts a customer who found no time (issue 41 part 3).
  const report = useFlowReport();
  const noneFree = slots.state === 'ready' && !anyFree;
  useEffect(() => {
    if (noneFree) report({ kind: 'noTimeFound' });
  }, [noneFree, report]);
  // Only the people who do this service (see service-employees.ts), and whoever was chosen,
  // each with their day (issue 37): one who does not work that day, or has nothing free, says so.
  const { employees, dayOf } = usePeopleOfDay({
    client,
    employees: catalog.employees,
    serviceId: serviceId || null,
    date: date || null,
    employeeId: draft.employeeId,
    offered: isFree,
    version: refusals + state.goneSlots.length,
  });
  const chosenPerson = catalog.employees.find((e) => e._id === draft.employeeId) ?? null;
  const chosenDay = chosenPerson ? dayOf(chosenPerson._id) : null;
  // A person chosen here: who, and how many free times they have (said in audio mode, issue 38).
  const [picked, setPicked] = useState(false);
  const freeTimes =
    chosenDay === 'off' ? 0 : groups.reduce((n, group) => n + group.slots.filter(isFree).length, 0);
  // This day is neither live nor stored: the nearest day this kiosk can book offline instead.
  const uncached = slots.state === 'error' && slots.error.code === 'unavailable';
  const nearest = useResult(
    useCallback(
      () =>
        uncached
          ? nearestStoredDay(client, serviceId, date, shopToday(now(), zone))
          : Promise.resolve({ ok: true as const, result: null }),
      [uncached, client, serviceId, date, now, zone],
    ),
  );

  // The time is held for this screen before its details open (issue 28): of two screens that
  // tap it at once, one goes on; the other is told and the time leaves its grid.
  const holding = useRef(false);
  const choose = async (
    action: Extract<FlowAction, { type: 'chooseSlot' | 'chooseVisitSlot' }>,
  ): Promise<void> => {
    const parts = holdPartsOf({
      serviceId: serviceId || null,
      date: date || null,
      slot: action.slot,
      visit: action.type === 'chooseVisitSlot' ? action.visit : null,
    });
    if (!parts || holding.current) return;
    holding.current = true;
    const held = await client.holdSlot({ parts });
    holding.current = false;
    if (!held.ok && held.error.code === 'slot_taken') {
      dispatch({ type: 'chooseSlot', slot: action.slot });
      dispatch({ type: 'slotTaken' });
      setRefusals((n) => n + 1);
    } else dispatch(action); // any other failure: the booking call decides, as before
  };

  // A visit names every service it holds, in order (issue 28), not only the first.
  const visitTitles = [
    service?.title ?? '',
    ...draft.then.map((id) => catalog.services.find((s) => s._id === id)?.title ?? ''),
  ].join(' + ');

  return (
    <main className="screen" data-screen="time">
      <StepHeader
        title={t('time.title')}
        step={3}
        subtitle={
          <>
            <span lang={dataLang}>{visitTitles}</span> · {formatDate(date, locale)}
          </>
        }
      >
        {reach && <VisitServices draft={draft} dispatch={dispatch} part="read" />}
      </StepHeader>
      <div className="screen-body">
        {state.notice && (
          <Notice tone="warning">
            {state.notice === 'slot_taken' ? t('time.slotTaken') : t('time.slotGone')}
          </Notice>
        )}
        {/* With a person chosen the row stays, so that "Anyone" is one tap away. */}
        {(employees.length > 1 || draft.employeeId !== null) && (
          <div className="employee-choice" role="group" aria-labelledby="employee-label">
            <span id="employee-label" className="field-label">
              {t('time.employee')}
            </span>
            <PeopleChips
              employees={employees}
              chosen={draft.employeeId}
              dayOf={dayOf}
              large
              onChoose={(id) => {
                setPicked(true);
                dispatch({ type: 'chooseEmployee', employeeId: id });
              }}
            />
          </div>
        )}
        <p className="visually-hidden" aria-live="polite" data-testid="person-chosen">
          {picked && slots.state === 'ready' && (
            <WithShopText
              text={t('time.personChosen', {
                name: chosenPerson?.name ?? t('time.anyone'),
                number: freeTimes,
              })}
              part={chosenPerson?.name ?? null}
              lang={dataLang}
            />
          )}
        </p>
        <VisitServices draft={draft} dispatch={dispatch} {...(reach ? { part: 'controls' } : {})} />
        {slots.state === 'loading' && <p className="hint">{t('app.loading')}</p>}
        {uncached ? (
          <div className="offline-way-on" data-testid="time-offline">
            <Notice tone="warning">{t('time.offlineDay')}</Notice>
            {nearest.state === 'ready' && nearest.value && (
              <button
                type="button"
                className="btn btn-primary"
                data-testid="nearest-day"
                onClick={() => dispatch({ type: 'chooseDay', date: nearest.value as string })}
              >
                {t('time.nearestDay', { date: formatDate(nearest.value, locale) })}
              </button>
            )}
            {nearest.state === 'ready' && !nearest.value && (
              <p className="hint">{t('time.noStoredDay')}</p>
            )}
          </div>
        ) : (
          slots.state === 'error' && <Notice tone="error">{t(ERROR_KEYS[slots.error.code])}</Notice>
        )}
        {slots.state === 'ready' && !anyFree && (
          <div className="person-day" data-testid="time-none">
            {chosenPerson ? (
              <>
                {/* The day stays the customer's: the person's days are one tap away. */}
                <Notice tone="info">
                  {t(chosenDay === 'off' ? 'time.personOffNotice' : 'time.personBusyNotice', {
                    name: chosenPerson.name,
                    date: formatDate(date, locale),
                  })}
                </Notice>
                <button
                  type="button"
                  className="btn btn-secondary"
                  data-testid="person-days"
                  onClick={() => dispatch({ type: 'back' })}
                >
                  {t('time.personDays', { name: chosenPerson.name })}
                </button>
              </>
            ) : (
              <Notice tone="info">{t('time.none')}</Notice>
            )}
          </div>
        )}
        {/* Not working that day: no grid of times that were never theirs, only why. */}
        {chosenDay !== 'off' &&
          groups.map((group) => (
            <section key={group.part} className="slot-group" aria-labelledby={`part-${group.part}`}>
              <h2 id={`part-${group.part}`} className="group-title">
                {t(DAY_PART_KEYS[group.part])}
              </h2>
              <div className="slot-grid">
                {group.slots.map((slot) => {
                  const free = isFree(slot);
                  // Back from the details, the time chosen before is shown as chosen.
                  const chosen = draft.slot?.time === slot.time;
                  return (
                    <button
                      key={slot.time}
                      type="button"
                      data-time={slot.time}
                      className={`slot${free ? '' : ' slot-taken'}${chosen ? ' slot-chosen' : ''}`}
                      aria-pressed={chosen ? true : undefined}
                      disabled={!free}
                      aria-label={
                        free
                          ? formatTime(slot.time, locale)
                          : withComma(
                              formatTime(slot.time, locale),
                              t('time.unavailable'),
                              i18n.language,
                            )
                      }
                      onClick={() => {
                        if (!slot.employeeId) return;
                        const chosenSlot = {
                          time: slot.time,
                          employeeId: slot.employeeId,
                          employeeName: slot.employeeName ?? null,
                        };
                        const offer = offers?.find((o) => o.time === slot.time);
                        void choose(
                          offer
                            ? { type: 'chooseVisitSlot', slot: chosenSlot, visit: offer.parts }
                            : { type: 'chooseSlot', slot: chosenSlot },
                        );
                      }}
                    >
                      {formatTime(slot.time, locale)}
                    </button>
                  );
                })}
              </div>
            </section>
          ))}
      </div>
      <ActionBar
        onBack={() => dispatch({ type: 'back' })}
        onCancel={() => dispatch({ type: 'reset' })}
      />
    </main>
  );
}

/** The nearest day after `today` whose times this kiosk has stored (bookable offline), or null. */
async function nearestStoredDay(
  client: KioskClient,
  serviceId: string,
  from: string,
  today: string,
): Promise<{ ok: true; result: string | null }> {
  const { year, month } = parseDate(from);
  const candidates: string[] = [];
  for (const view of [{ year, month }, addMonths(year, month, 1)]) {
    const days = await client.getAvailableDays({ year: view.year, month: view.month, serviceId });
    if (!days.ok) continue;
    for (const day of days.result.bookableOffline ?? []) {
      candidates.push(
        `${view.year}-${String(view.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      );
    }
  }
  const distance = (d: string): number =>
    Math.abs(Date.parse(`${d}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`));
  // Equally near: the later day (the customer asked for this one or later, most often).
  const best = candidates
    .filter((d) => d >= today && d !== from)
    .sort((a, b) => distance(a) - distance(b) || b.localeCompare(a))[0];
  return { ok: true, result: best ?? null };
}
