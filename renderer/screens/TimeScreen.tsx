import { useTranslation } from 'react-i18next';
import { useKiosk, useService } from '../app/kiosk-context';
import { ActionBar } from '../components/ActionBar';
import { Notice } from '../components/Notice';
import { StepHeader } from '../components/StepHeader';
import type { FlowAction, FlowState } from '../flow/flow-machine';
import { useResult } from '../hooks/use-result';
import { addMonths, localTime, localToday, parseDate } from '../lib/dates';
import { formatDate, formatTime } from '../lib/format';
import { findServiceEmployees } from '../lib/service-employees';
import { groupSlots } from '../lib/slots';
import type { Result } from '../../shared/result';

interface TimeScreenProps {
  state: FlowState;
  dispatch: (action: FlowAction) => void;
}

export function TimeScreen({ state, dispatch }: TimeScreenProps) {
  const { t } = useTranslation();
  const { client, catalog, locale, now } = useKiosk();
  const { draft } = state;
  const service = useService(draft.serviceId);
  const date = draft.date ?? '';
  const serviceId = draft.serviceId ?? '';
  const employeeId = draft.employeeId ?? undefined;

  const slots = useResult(
    () => client.getTimeSlots({ date, serviceId, ...(employeeId ? { employeeId } : {}) }),
    [client, date, serviceId, employeeId],
  );
  const cutoff = date === localToday(now()) ? localTime(now()) : null;
  const gone = new Set(state.goneSlots);
  const isFree = (time: string, available: boolean): boolean =>
    available && !gone.has(`${date} ${time}`) && (cutoff === null || time > cutoff);
  const groups = slots.state === 'ready' ? groupSlots(slots.value.timeSlots) : [];
  const anyFree = groups.some((group) => group.slots.some((slot) => isFree(slot.time, slot.available)));
  // Only the people who do this service (see service-employees.ts), and whoever was chosen.
  const known = useResult(
    () => findServiceEmployees(client, serviceId, date).then((ids): Result<string[]> => ({ ok: true, result: ids })),
    [client, serviceId, date],
  );
  const offering = new Set([...(known.state === 'ready' ? known.value : []), ...(employeeId ? [employeeId] : [])]);
  const employees = catalog.employees.filter((employee) => employee.available && offering.has(employee._id));
  // This day is neither live nor stored: the nearest day this kiosk can book offline instead.
  const uncached = slots.state === 'error' && slots.error.code === 'unavailable';
  const nearest = useResult(
    () => (uncached ? nearestStoredDay(date, localToday(now())) : Promise.resolve({ ok: true as const, result: null })),
    [uncached, date, serviceId],
  );

  async function nearestStoredDay(from: string, today: string): Promise<{ ok: true; result: string | null }> {
    const { year, month } = parseDate(from);
    const candidates: string[] = [];
    for (const view of [{ year, month }, addMonths(year, month, 1)]) {
      const days = await client.getAvailableDays({ year: view.year, month: view.month, serviceId });
      if (!days.ok) continue;
      for (const day of days.result.bookableOffline ?? []) {
        candidates.push(`${view.year}-${String(view.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
      }
    }
    const distance = (d: string): number => Math.abs(Date.parse(`${d}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`));
    // Equally near: the later day (the customer asked for this one or later, most often).
    const best = candidates.filter((d) => d >= today && d !== from).sort((a, b) => distance(a) - distance(b) || b.localeCompare(a))[0];
    return { ok: true, result: best ?? null };
  }

  return (
    <main className="screen" data-screen="time">
      <StepHeader title={t('time.title')} step={3} subtitle={`${service?.title ?? ''} · ${formatDate(date, locale)}`} />
      <div className="screen-body">
        {state.notice && (
          <Notice tone="warning">{state.notice === 'slot_taken' ? t('time.slotTaken') : t('time.slotGone')}</Notice>
        )}
        {employees.length > 1 && (
          <div className="employee-choice" role="group" aria-labelledby="employee-label">
            <span id="employee-label" className="field-label">
              {t('time.employee')}
            </span>
            <div className="chip-row">
              {[{ _id: null, name: t('time.anyone') }, ...employees].map((employee) => (
                <button
                  key={employee._id ?? 'anyone'}
                  type="button"
                  className={`chip chip-large${draft.employeeId === employee._id ? ' chip-active' : ''}`}
                  aria-pressed={draft.employeeId === employee._id}
                  onClick={() => dispatch({ type: 'chooseEmployee', employeeId: employee._id })}
                >
                  {employee.name}
                </button>
              ))}
            </div>
          </div>
        )}
        {slots.state === 'loading' && <p className="hint">{t('app.loading')}</p>}
        {uncached ? (
          <div className="offline-way-on" data-testid="time-offline">
            <Notice tone="warning">{t('time.offlineDay')}</Notice>
            {nearest.state === 'ready' && nearest.value && (
              <button type="button" className="btn btn-primary" data-testid="nearest-day" onClick={() => dispatch({ type: 'chooseDay', date: nearest.value as string })}>
                {t('time.nearestDay', { date: formatDate(nearest.value, locale) })}
              </button>
            )}
            {nearest.state === 'ready' && !nearest.value && <p className="hint">{t('time.noStoredDay')}</p>}
          </div>
        ) : (
          slots.state === 'error' && <Notice tone="error">{t(`errors.${slots.error.code}`)}</Notice>
        )}
        {slots.state === 'ready' && !anyFree && <Notice tone="info">{t('time.none')}</Notice>}
        {groups.map((group) => (
          <section key={group.part} className="slot-group" aria-labelledby={`part-${group.part}`}>
            <h2 id={`part-${group.part}`} className="group-title">
              {t(`time.${group.part}`)}
            </h2>
            <div className="slot-grid">
              {group.slots.map((slot) => {
                const free = isFree(slot.time, slot.available) && slot.employeeId !== undefined;
                return (
                  <button
                    key={slot.time}
                    type="button"
                    data-time={slot.time}
                    className={`slot${free ? '' : ' slot-taken'}`}
                    disabled={!free}
                    aria-label={free ? formatTime(slot.time, locale) : `${formatTime(slot.time, locale)}, ${t('time.unavailable')}`}
                    onClick={() =>
                      slot.employeeId &&
                      dispatch({
                        type: 'chooseSlot',
                        slot: { time: slot.time, employeeId: slot.employeeId, employeeName: slot.employeeName ?? null },
                      })
                    }
                  >
                    {formatTime(slot.time, locale)}
                  </button>
                );
              })}
            </div>
          </section>
        ))}
      </div>
      <ActionBar onBack={() => dispatch({ type: 'back' })} onCancel={() => dispatch({ type: 'reset' })} />
    </main>
  );
}
