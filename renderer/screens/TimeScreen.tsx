import { useTranslation } from 'react-i18next';
import { useKiosk, useService } from '../app/kiosk-context';
import { ActionBar } from '../components/ActionBar';
import { Notice } from '../components/Notice';
import { StepHeader } from '../components/StepHeader';
import type { FlowAction, FlowState } from '../flow/flow-machine';
import { useResult } from '../hooks/use-result';
import { localTime, localToday } from '../lib/dates';
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
        {slots.state === 'error' && <Notice tone="error">{t(`errors.${slots.error.code}`)}</Notice>}
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
