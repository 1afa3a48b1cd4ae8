import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeSlot } from '../../shared/api/schemas';
import type { LocalBooking } from '../../shared/kiosk-api';
import type { KioskError, Result } from '../../shared/result';
import { useKiosk, useShopZone } from '../app/kiosk-context';
import { useStaffCall } from '../app/staff-context';
import {
  COUNTER_FIELDS,
  CounterCustomerForm,
  type CounterInputs,
  type CounterLink,
  type CounterOutcome,
} from '../components/CounterCustomerForm';
import { CounterTimes } from '../components/CounterTimes';
import { Notice } from '../components/Notice';
import { PeopleChips } from '../components/PeopleChips';
import { goneSlotKey, type ChosenSlot } from '../flow/flow-machine';
import { sameCustomer } from '../../shared/booking/same-customer';
import type { GlanceChoice } from './DayGlanceScreen';
import { useOpenDays } from '../hooks/use-open-days';
import { usePeopleOfDay } from '../hooks/use-people-of-day';
import { useResult } from '../hooks/use-result';
import { addMonths, datesThroughMonth, parseDate, shopTime, shopToday } from '../lib/dates';
import { formatShortDate } from '../lib/format';
import { moveFocusWithArrows, tabStop } from '../lib/arrow-keys';
import { timeOffers } from '../lib/slots';
import { validateCustomer, validateField, type CustomerDraft } from '../lib/validation';

interface CounterBookingScreenProps {
  /** A rejected booking staff book again: its details are filled in and it links to the new one. */
  rebook?: LocalBooking;
  /** A free time tapped in the day view: service, person, day and time are chosen already. */
  start?: GlanceChoice;
}

const EMPTY: CustomerDraft = { name: '', email: '', phone: '' };

/**
 * The counter's booking on one screen, for staff with a physical keyboard: service, day, time,
 * customer, Enter. A walk-in is booked in three taps (service, time, Book) plus typing; the
 * first open day is chosen for them, and choosing a time moves the cursor to the name.
 *
 * The day is staff's (issue 37): once chosen, the screen never changes it by itself. Choosing
 * a person shows that person's days in the strip and keeps the chosen day, selected and in
 * view; when the person (or the service) has nothing free that day, the note by the times says
 * so. The booking goes to the day on screen.
 */
export function CounterBookingScreen({ rebook, start }: CounterBookingScreenProps) {
  const { t } = useTranslation();
  const { client, catalog, locale, now, dataLang, settings } = useKiosk();
  const staffCall = useStaffCall();
  const zone = useShopZone();
  const today = shopToday(now(), zone);
  const request = rebook?.request;
  const [serviceId, setServiceId] = useState<string | null>(
    request?.serviceId ?? start?.serviceId ?? null,
  );
  const [date, setDate] = useState<string | null>(request?.date ?? start?.date ?? null);
  // A rebooking keeps the person: their free times are shown first ("Anyone" is one tap away).
  const [employeeId, setEmployeeId] = useState<string | null>(
    request?.employeeId ?? start?.employeeId ?? null,
  );
  const [slot, setSlot] = useState<ChosenSlot | null>(
    start
      ? { time: start.time, employeeId: start.employeeId, employeeName: start.employeeName }
      : null,
  );
  const [customer, setCustomer] = useState<CustomerDraft>(
    request ? { ...request.customer } : EMPTY,
  );
  const [notes, setNotes] = useState(request?.notes ?? '');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<KioskError | 'pickTime' | null>(null);
  const [outcome, setOutcome] = useState<CounterOutcome>(null);
  // The rejected booking staff book again: open until the first booking made here (issue 38:
  // the banner of that booking goes once the next one starts, the rebooking stays ended).
  const [rebooking, setRebooking] = useState(rebook !== undefined);
  const [gone, setGone] = useState<Set<string>>(
    () => new Set(request ? [goneSlotKey(request.date, request.time, request.employeeId)] : []),
  );
  const inputs = useRef<CounterInputs>({});
  const when = useRef<HTMLDivElement | null>(null);
  // After a booking the cursor goes where the next walk-in starts: the first free time of the
  // same service and day (else the service list), once the grid shows the booked time as gone.
  const focusNextWalkIn = useRef(false);

  // From the day view the time is chosen: the cursor waits in the name field.
  useEffect(() => {
    if (start) inputs.current.name?.focus();
  }, [start]);

  const services = catalog.services.filter((service) => service.enabled);
  const thisMonth = useMemo(() => parseDate(today), [today]);
  // The strip runs as far ahead as the API lets book (its available days, month by month).
  const open = useOpenDays(client, serviceId, employeeId, thisMonth);
  const through =
    open.state === 'ready' ? open.value.through : addMonths(thisMonth.year, thisMonth.month, 1);
  const dates = useMemo(
    () => datesThroughMonth(today, through.year, through.month),
    [today, through.year, through.month],
  );
  const isOpen = (d: string): boolean => open.state === 'ready' && open.value.days.has(d);
  // The strip's one Tab stop: the chosen day, else the first open one.
  const dayStop = date ?? dates.find(isOpen);

  // The first open day is chosen for staff once a service is, while no day is chosen yet; a
  // chosen day is never changed by the screen (issue 37: not by a person, not by a service).
  // (Set while rendering, as React advises for state that follows other state: no extra pass.)
  if (open.state === 'ready' && serviceId && date === null) {
    const first = dates.find(isOpen) ?? null;
    if (first !== null) setDate(first);
  }

  // Live slots where the cache is known to be behind: a rebooking (its slot went unseen) and
  // after a "slot taken" answer. Otherwise the mirror answers, sparing the API budget.
  const [stale, setStale] = useState(0);
  const fresh = rebook !== undefined || stale > 0;
  // Bookings made here: after each the day's times are asked again (issue 37: the core's answer
  // then leaves out every time the booking took from its person, for the service's whole length,
  // and keeps the other people's), from the cache: the core knows its own booking.
  const [booked, setBooked] = useState(0);
  const slots = useResult(
    useCallback(
      () =>
        // Each "slot taken" (stale + 1) asks again, even when `fresh` was already on.
        serviceId && date && stale >= 0 && booked >= 0
          ? client.getTimeSlots({
              date,
              serviceId,
              ...(employeeId ? { employeeId } : {}),
              ...(fresh ? { fresh } : {}),
            })
          : Promise.resolve<Result<null>>({ ok: true, result: null }),
      [client, serviceId, date, employeeId, fresh, stale, booked],
    ),
  );
  const cutoff = date === today ? shopTime(now(), zone) : null;
  const timeSlots = slots.state === 'ready' && slots.value ? timeOffers(slots.value.timeSlots) : [];
  const isFree = ({ time, available, employeeId: employee }: TimeSlot): boolean =>
    available &&
    employee !== undefined &&
    !gone.has(goneSlotKey(date ?? '', time, employee)) &&
    (cutoff === null || time > cutoff);

  // Asked again after each booking or "taken" answer here: a person's last time may be gone.
  const { employees, dayOf } = usePeopleOfDay({
    client,
    employees: catalog.employees,
    serviceId,
    date,
    employeeId,
    offered: isFree,
    version: stale + booked,
  });
  const dayLabel = date ? (date === today ? t('day.today') : formatShortDate(date, locale)) : null;
  const chosenPerson = catalog.employees.find((employee) => employee._id === employeeId) ?? null;
  const noneFree =
    serviceId && dayLabel && slots.state === 'ready' && !timeSlots.some(isFree)
      ? chosenPerson
        ? t(dayOf(chosenPerson._id) === 'off' ? 'desk.personOff' : 'desk.personBusy', {
            name: chosenPerson.name,
            date: dayLabel,
          })
        : t('desk.noSlots', { date: dayLabel })
      : null;
  const noteId = useId();

  // The chosen day stays in view in the strip: after a choice, when the strip is redrawn for a
  // person's days (its chip may lie far to the right, past today's) or in another language (a
  // right-to-left one turns it round), and when the strip changes size (a window resized, a
  // rotated screen, larger text).
  const strip = useRef<HTMLDivElement | null>(null);
  const stripReady = open.state === 'ready';
  useEffect(() => {
    const element = strip.current;
    if (!date || !stripReady || !element) return;
    const show = (): void =>
      element
        .querySelector<HTMLElement>(`[data-date="${date}"]`)
        ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    show();
    // jsdom has no ResizeObserver; every browser the kiosk runs in has.
    if (typeof ResizeObserver === 'undefined') return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      show();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [date, employeeId, serviceId, stripReady, locale]);

  useEffect(() => {
    // Only once the fresh form is on screen (an effect of the render before may run first, with
    // the booked time still free: focused then, it would lose the cursor when it is disabled).
    if (!focusNextWalkIn.current || slot !== null || slots.state === 'loading') return;
    focusNextWalkIn.current = false;
    const target =
      when.current?.querySelector<HTMLButtonElement>('.desk-slot:not(:disabled)') ??
      document.querySelector<HTMLButtonElement>('.desk-choice-active');
    target?.focus();
  });

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
    // The next booking starts: the last one's banner goes (issue 38).
    setOutcome(null);
    const first =
      COUNTER_FIELDS.find(
        (field) => validateField(field, customer[field], zone, settings.country) !== null,
      ) ?? 'name';
    inputs.current[first]?.focus();
  };

  const book = async (): Promise<void> => {
    if (submitting) return;
    setTouched(true);
    if (!serviceId || !date || !slot) {
      setError('pickTime');
      return;
    }
    const invalid = COUNTER_FIELDS.find(
      (field) => validateCustomer(customer, zone, settings.country)[field],
    );
    if (invalid) {
      inputs.current[invalid]?.focus();
      return;
    }
    setSubmitting(true);
    setError(null);
    const trimmed = notes.trim();
    const booked = {
      name: customer.name.trim(),
      email: customer.email.trim(),
      phone: customer.phone.trim(),
    };
    const result = await client.createBooking({
      serviceId,
      employeeId: slot.employeeId,
      date,
      time: slot.time,
      customer: booked,
      ...(trimmed ? { notes: trimmed } : {}),
    });
    setSubmitting(false);
    if (!result.ok) {
      if (result.error.code === 'slot_taken') {
        setGone((current) => new Set([...current, goneSlotKey(date, slot.time, slot.employeeId)]));
        setStale((count) => count + 1);
      }
      setSlot(null);
      setError(result.error);
      return;
    }
    let linked: CounterLink = null;
    if (rebook && rebooking) {
      // Only the same customer's booking is the rebooking (the core refuses the others too).
      if (sameCustomer(rebook.request.customer, booked)) {
        const link = await staffCall('linkRebooking', {
          localId: rebook.localId,
          rebookedAs: result.result.localId,
        });
        linked = link.ok ? 'linked' : null;
      } else linked = 'other';
      setRebooking(false);
    }
    setOutcome({ result: result.result, linked, rebookedName: rebook?.request.customer.name });
    setBooked((count) => count + 1);
    // Ready for the next customer: same service and day, a fresh form.
    setGone((current) => new Set([...current, goneSlotKey(date, slot.time, slot.employeeId)]));
    setSlot(null);
    setCustomer(EMPTY);
    setNotes('');
    setTouched(false);
    focusNextWalkIn.current = true;
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
        <div className="desk-services" onKeyDown={moveFocusWithArrows}>
          {services.map((service) => (
            <button
              key={service._id}
              type="button"
              className={`desk-choice${serviceId === service._id ? ' desk-choice-active' : ''}`}
              aria-pressed={serviceId === service._id}
              {...tabStop(service._id === (serviceId ?? services[0]?._id))}
              onClick={() => chooseService(service._id)}
              lang={dataLang}
            >
              {service.title}
            </button>
          ))}
        </div>
      </div>

      <div className="desk-column desk-when" ref={when}>
        {rebook && rebooking && (
          <Notice tone="info">{t('desk.rebooking', { name: rebook.request.customer.name })}</Notice>
        )}
        <div role="group" aria-labelledby="desk-day">
          <h3 id="desk-day" className="group-title">
            {t('desk.day')}
          </h3>
          {/* The strip scrolls: before a service is chosen its days are all disabled, so the
              strip itself takes the focus, for reading them from the keyboard (axe
              scrollable-region-focusable). */}
          <div
            ref={strip}
            className="desk-days"
            onKeyDown={moveFocusWithArrows}
            role="group"
            aria-labelledby="desk-day"
            {...(serviceId ? {} : { tabIndex: 0 })}
          >
            {dates.map((d) => {
              const available = isOpen(d);
              const chosen = date === d;
              // The chosen day is never greyed out: where nothing is free, the note says why.
              const closed = chosen && open.state === 'ready' && !available;
              return (
                <button
                  key={d}
                  type="button"
                  data-date={d}
                  className={`chip desk-day${chosen ? ' chip-active' : ''}${closed ? ' desk-day-closed' : ''}`}
                  aria-pressed={chosen}
                  {...(chosen && noneFree ? { 'aria-describedby': noteId } : {})}
                  disabled={!serviceId || !(available || chosen)}
                  {...tabStop(d === dayStop)}
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
        {/* With a person chosen the row stays, so that "Anyone" is one tap away. */}
        {(employees.length > 1 || employeeId !== null) && (
          <div role="group" aria-labelledby="desk-who" data-testid="desk-who">
            <h3 id="desk-who" className="group-title">
              {t('time.employee')}
            </h3>
            <PeopleChips
              employees={employees}
              chosen={employeeId}
              dayOf={dayOf}
              onKeyDown={moveFocusWithArrows}
              onChoose={(id) => {
                setEmployeeId(id);
                setSlot(null);
              }}
            />
          </div>
        )}
        <CounterTimes
          dayLabel={serviceId ? dayLabel : null}
          // Not working that day: no grid of times that were never theirs, only the note.
          timeSlots={chosenPerson && dayOf(chosenPerson._id) === 'off' ? [] : timeSlots}
          isFree={isFree}
          chosenTime={slot?.time}
          error={slots.state === 'error' ? slots.error : null}
          noneFree={noneFree}
          noteId={noteId}
          onChoose={chooseTime}
        />
      </div>

      <CounterCustomerForm
        outcome={outcome}
        date={date}
        slot={slot}
        customer={customer}
        onCustomerChange={(field, value) => {
          // Staff type the next booking: the last one's banner goes (issue 38).
          setOutcome(null);
          setCustomer((current) => ({ ...current, [field]: value }));
        }}
        notes={notes}
        onNotesChange={(value) => {
          setOutcome(null);
          setNotes(value);
        }}
        touched={touched}
        error={error}
        submitting={submitting}
        inputs={inputs}
        onSubmit={() => void book()}
      />
    </section>
  );
}
