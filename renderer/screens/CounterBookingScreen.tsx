import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateBookingResult, LocalBooking } from '../../shared/kiosk-api';
import type { KioskError, Result } from '../../shared/result';
import { useKiosk } from '../app/kiosk-context';
import { useStaffCall } from '../app/staff-context';
import { Notice } from '../components/Notice';
import type { ChosenSlot } from '../flow/flow-machine';
import { useResult } from '../hooks/use-result';
import { shortReference } from '../lib/booking-filter';
import { localTime, localToday, nextDates, parseDate } from '../lib/dates';
import { formatShortDate, formatTime } from '../lib/format';
import { findServiceEmployees } from '../lib/service-employees';
import { NOTES_MAX, validateCustomer, validateField, type CustomerDraft, type CustomerField } from '../lib/validation';

interface CounterBookingScreenProps {
  /** A rejected booking staff book again: its details are filled in and it links to the new one. */
  rebook?: LocalBooking;
}

/** Days the day strip offers: two weeks covers walk-ins and call-ins at a counter. */
const DAYS = 14;
const FIELDS: CustomerField[] = ['name', 'email', 'phone'];
const INPUT_TYPE: Record<CustomerField, string> = { name: 'text', email: 'email', phone: 'tel' };
const AUTOCOMPLETE: Record<CustomerField, string> = { name: 'name', email: 'email', phone: 'tel' };
const EMPTY: CustomerDraft = { name: '', email: '', phone: '' };

type Outcome = { result: CreateBookingResult; linked: boolean } | null;

/**
 * The counter's booking on one screen, for staff with a physical keyboard: service, day, time,
 * customer, Enter. A walk-in is booked in three taps (service, time, Book) plus typing; the
 * first open day is chosen for them, and choosing a time moves the cursor to the name.
 */
export function CounterBookingScreen({ rebook }: CounterBookingScreenProps) {
  const { t } = useTranslation();
  const { client, catalog, locale, now } = useKiosk();
  const staffCall = useStaffCall();
  const today = localToday(now());
  const request = rebook?.request;
  const [serviceId, setServiceId] = useState<string | null>(request?.serviceId ?? null);
  const [date, setDate] = useState<string | null>(request?.date ?? null);
  // A rebooking keeps the person: their free times are shown first ("Anyone" is one tap away).
  const [employeeId, setEmployeeId] = useState<string | null>(request?.employeeId ?? null);
  const [slot, setSlot] = useState<ChosenSlot | null>(null);
  const [customer, setCustomer] = useState<CustomerDraft>(request ? { ...request.customer } : EMPTY);
  const [notes, setNotes] = useState(request?.notes ?? '');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<KioskError | 'pickTime' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [gone, setGone] = useState<Set<string>>(() => new Set(request ? [`${request.date} ${request.time}`] : []));
  const inputs = useRef<Partial<Record<CustomerField, HTMLInputElement | null>>>({});

  const services = catalog.services.filter((service) => service.enabled);
  const dates = useMemo(() => nextDates(today, DAYS), [today]);
  const months = useMemo(() => [...new Set(dates.map((d) => d.slice(0, 7)))], [dates]);

  // Offline, a month the kiosk never stored fails alone: the days of the other month stay open.
  const open = useResult(async (): Promise<Result<Set<string>>> => {
    const found = new Set<string>();
    if (!serviceId) return { ok: true, result: found };
    let failure: Result<never> | null = null;
    for (const month of months) {
      const { year, month: m } = parseDate(`${month}-01`);
      const days = await client.getAvailableDays({ year, month: m, serviceId, ...(employeeId ? { employeeId } : {}) });
      if (!days.ok) {
        failure = days;
        continue;
      }
      for (const day of days.result.availableDays) found.add(`${month}-${String(day).padStart(2, '0')}`);
    }
    return failure && found.size === 0 ? failure : { ok: true, result: found };
  }, [client, serviceId, employeeId, months]);

  // The first open day is chosen for staff when the service changes (or none is chosen yet).
  useEffect(() => {
    if (open.state !== 'ready' || !serviceId) return;
    if (date && (open.value.has(date) || date === request?.date)) return;
    setDate(dates.find((d) => open.value.has(d)) ?? null);
  }, [open, serviceId, date, dates, request?.date]);

  const people = useResult(
    () =>
      serviceId && date
        ? findServiceEmployees(client, serviceId, date).then((ids): Result<string[]> => ({ ok: true, result: ids }))
        : Promise.resolve<Result<string[]>>({ ok: true, result: [] }),
    [client, serviceId, date],
  );
  const offering = new Set([...(people.state === 'ready' ? people.value : []), ...(employeeId ? [employeeId] : [])]);
  const employees = catalog.employees.filter((employee) => employee.available && offering.has(employee._id));

  // Live slots where the cache is known to be behind: a rebooking (its slot went unseen) and
  // after a "slot taken" answer. Otherwise the mirror answers, sparing the API budget.
  const [stale, setStale] = useState(0);
  const fresh = rebook !== undefined || stale > 0;
  const slots = useResult(
    () =>
      serviceId && date
        ? client.getTimeSlots({ date, serviceId, ...(employeeId ? { employeeId } : {}), ...(fresh ? { fresh } : {}) })
        : Promise.resolve<Result<null>>({ ok: true, result: null }),
    [client, serviceId, date, employeeId, fresh, stale],
  );
  const cutoff = date === today ? localTime(now()) : null;
  const timeSlots = slots.state === 'ready' && slots.value ? [...slots.value.timeSlots].sort((a, b) => a.time.localeCompare(b.time)) : [];
  const isFree = (time: string, available: boolean, employee: string | undefined): boolean =>
    available && employee !== undefined && !gone.has(`${date} ${time}`) && (cutoff === null || time > cutoff);

  const chooseService = (id: string): void => {
    setServiceId(id);
    if (id !== serviceId) {
      setEmployeeId(null);
      setSlot(null);
    }
  };
  const chooseTime = (chosen: ChosenSlot): void => {
    setSlot(chosen);
    setError(null);
    const first = FIELDS.find((field) => validateField(field, customer[field]) !== null) ?? 'name';
    inputs.current[first]?.focus();
  };

  const book = async (): Promise<void> => {
    if (submitting) return;
    setTouched(true);
    if (!serviceId || !date || !slot) {
      setError('pickTime');
      return;
    }
    const invalid = FIELDS.find((field) => validateCustomer(customer)[field]);
    if (invalid) {
      inputs.current[invalid]?.focus();
      return;
    }
    setSubmitting(true);
    setError(null);
    const trimmed = notes.trim();
    const result = await client.createBooking({
      serviceId,
      employeeId: slot.employeeId,
      date,
      time: slot.time,
      customer: { name: customer.name.trim(), email: customer.email.trim(), phone: customer.phone.trim() },
      ...(trimmed ? { notes: trimmed } : {}),
    });
    setSubmitting(false);
    if (!result.ok) {
      if (result.error.code === 'slot_taken') {
        setGone((current) => new Set([...current, `${date} ${slot.time}`]));
        setStale((count) => count + 1);
      }
      setSlot(null);
      setError(result.error);
      return;
    }
    let linked = false;
    if (rebook && !outcome) {
      const link = await staffCall('linkRebooking', { localId: rebook.localId, rebookedAs: result.result.localId });
      linked = link.ok;
    }
    setOutcome({ result: result.result, linked });
    // Ready for the next customer: same service and day, a fresh form.
    setGone((current) => new Set([...current, `${date} ${slot.time}`]));
    setSlot(null);
    setCustomer(EMPTY);
    setNotes('');
    setTouched(false);
  };

  const fieldError = (field: CustomerField): string | null => {
    if (!touched) return null;
    const problem = validateField(field, customer[field]);
    return problem ? t(`details.errors.${problem}`) : null;
  };

  return (
    <section className="desk" aria-labelledby="desk-title" data-screen="counter-booking">
      <h2 id="desk-title" className="visually-hidden">
        {t('desk.title')}
      </h2>
      <div className="desk-column" role="group" aria-labelledby="desk-service">
        <h3 id="desk-service" className="group-title">
          {t('desk.service')}
        </h3>
        <div className="desk-services">
          {services.map((service) => (
            <button
              key={service._id}
              type="button"
              className={`desk-choice${serviceId === service._id ? ' desk-choice-active' : ''}`}
              aria-pressed={serviceId === service._id}
              onClick={() => chooseService(service._id)}
            >
              {service.title}
            </button>
          ))}
        </div>
      </div>

      <div className="desk-column desk-when">
        {rebook && !outcome && <Notice tone="info">{t('desk.rebooking', { name: rebook.request.customer.name })}</Notice>}
        <div role="group" aria-labelledby="desk-day">
          <h3 id="desk-day" className="group-title">
            {t('desk.day')}
          </h3>
          <div className="desk-days">
            {dates.map((d) => {
              const available = open.state === 'ready' && open.value.has(d);
              return (
                <button
                  key={d}
                  type="button"
                  data-date={d}
                  className={`chip desk-day${date === d ? ' chip-active' : ''}`}
                  aria-pressed={date === d}
                  disabled={!serviceId || !available}
                  onClick={() => {
                    setDate(d);
                    setSlot(null);
                  }}
                >
                  {d === today ? t('day.today') : formatShortDate(d, locale)}
                </button>
              );
            })}
          </div>
        </div>
        {employees.length > 1 && (
          <div role="group" aria-labelledby="desk-who">
            <h3 id="desk-who" className="group-title">
              {t('time.employee')}
            </h3>
            <div className="chip-row">
              {[{ _id: null, name: t('time.anyone') }, ...employees].map((employee) => (
                <button
                  key={employee._id ?? 'anyone'}
                  type="button"
                  className={`chip${employeeId === employee._id ? ' chip-active' : ''}`}
                  aria-pressed={employeeId === employee._id}
                  onClick={() => {
                    setEmployeeId(employee._id);
                    setSlot(null);
                  }}
                >
                  {employee.name}
                </button>
              ))}
            </div>
          </div>
        )}
        <div role="group" aria-labelledby="desk-time">
          <h3 id="desk-time" className="group-title">
            {t('desk.time')}
          </h3>
          {slots.state === 'error' && <Notice tone="error">{t(`errors.${slots.error.code}`)}</Notice>}
          {serviceId && date && slots.state === 'ready' && !timeSlots.some((s) => isFree(s.time, s.available, s.employeeId)) && (
            <p className="hint">{t('desk.noSlots')}</p>
          )}
          <div className="desk-slots">
            {timeSlots.map((s) => {
              const free = isFree(s.time, s.available, s.employeeId);
              return (
                <button
                  key={s.time}
                  type="button"
                  data-time={s.time}
                  className={`slot desk-slot${free ? '' : ' slot-taken'}${slot?.time === s.time ? ' slot-chosen' : ''}`}
                  aria-pressed={slot?.time === s.time}
                  disabled={!free}
                  aria-label={free ? formatTime(s.time, locale) : `${formatTime(s.time, locale)}, ${t('time.unavailable')}`}
                  onClick={() =>
                    s.employeeId && chooseTime({ time: s.time, employeeId: s.employeeId, employeeName: s.employeeName ?? null })
                  }
                >
                  {formatTime(s.time, locale)}
                </button>
              );
            })}
          </div>
        </div>
      </div>

      <form
        className="desk-column desk-customer"
        aria-labelledby="desk-customer"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void book();
        }}
      >
        <h3 id="desk-customer" className="group-title">
          {t('desk.customer')}
        </h3>
        {outcome && (
          <Notice tone="success">
            {outcome.result.booking
              ? t('desk.booked', { number: outcome.result.booking.appointmentNumber })
              : t('desk.queued', { reference: shortReference(outcome.result.localId) })}
            {outcome.linked && <> {t('desk.rebooked')}</>}
          </Notice>
        )}
        {slot && date && (
          <p className="desk-chosen" data-testid="desk-chosen">
            {formatShortDate(date, locale)} · {formatTime(slot.time, locale)}
            {slot.employeeName ? ` · ${slot.employeeName}` : ''}
          </p>
        )}
        {FIELDS.map((field) => {
          const problem = fieldError(field);
          return (
            <div className="field" key={field}>
              <label htmlFor={`desk-${field}`}>{t(`details.${field}`)}</label>
              <input
                id={`desk-${field}`}
                ref={(element) => {
                  inputs.current[field] = element;
                }}
                name={field}
                type={INPUT_TYPE[field]}
                autoComplete={AUTOCOMPLETE[field]}
                value={customer[field]}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `desk-error-${field}` : undefined}
                onChange={(event) => setCustomer((current) => ({ ...current, [field]: event.target.value }))}
              />
              {problem && (
                <p id={`desk-error-${field}`} className="field-error">
                  {problem}
                </p>
              )}
            </div>
          );
        })}
        <div className="field">
          <label htmlFor="desk-notes">{t('details.notes')}</label>
          <input id="desk-notes" name="notes" type="text" maxLength={NOTES_MAX} value={notes} onChange={(event) => setNotes(event.target.value)} />
        </div>
        {error === 'pickTime' && <Notice tone="warning">{t('desk.pickTime')}</Notice>}
        {error && error !== 'pickTime' && (
          <Notice tone="error">{error.code === 'slot_taken' ? t('time.slotTaken') : t(`errors.${error.code}`)}</Notice>
        )}
        <button type="submit" className="btn btn-primary desk-book" disabled={submitting}>
          {submitting ? t('desk.booking') : t('desk.book')}
        </button>
        <p className="hint">{t('desk.enterHint')}</p>
      </form>
    </section>
  );
}
