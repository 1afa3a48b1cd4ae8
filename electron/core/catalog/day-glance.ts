/**
 * A day at a glance (getDayGlance, a staff method: it names this kiosk's customers): today or
 * one of the next days (GLANCE_DAYS). Answered from the mirror alone, never live: each
 * employee's own list of the day, which the mirror's plan keeps fresh while the view shows that
 * day (mirror/staff-day.ts), and this kiosk's bookings of the day from the outbox. A person whose
 * answer is empty, or whose service the calendar shows closed that day, does not work that day
 * (issue 38). A time
 * the API refused as taken since a list was fetched is busy there, as the time grid says (both
 * asked of the availability model, shared/booking/free-times.ts).
 */
import { durationMinutes } from '../../../shared/api/duration';
import { buildDayGlance, type GlanceInput } from '../../../shared/booking/day-glance';
import type { Service } from '../../../shared/api/schemas';
import { freeTimes } from '../../../shared/booking/free-times';
import { bookingReference } from '../../../shared/booking/reference';
import { addDays, instantToWall } from '../../../shared/booking/time';
import { GLANCE_DAYS } from '../../../shared/kiosk-glance';
import { KioskFailure } from '../../../shared/result';
import {
  loadCatalog,
  loadMirrorIndex,
  loadTimeSlots,
  loadOfferedServices,
  refusedAsTaken,
} from '../db';
import { closedKnownAt, staffDayServices } from '../mirror';
import type { EngineApi } from '../engine';
import type { Clock } from '../platform';
import type { KioskDb } from '../db';
import type { OutboxStore } from '../outbox';
import type { Mirror } from '../mirror';

export interface DayGlanceDeps {
  db: KioskDb;
  store: Pick<OutboxStore, 'holdsOn'>;
  clock: Clock;
  timeZone: string;
  /** The staff's day view keeps the lists of the day it shows fresh while it is looked at. */
  mirror: Pick<Mirror, 'noteDayViewed'>;
}

export function createDayGlanceApi(deps: DayGlanceDeps): Pick<EngineApi, 'getDayGlance'> {
  const { db, store, clock } = deps;
  /** A person's own cached list of today, with the times refused as taken since it was fetched. */
  function ownList(
    employeeId: string,
    service: Service,
    date: string,
  ): GlanceInput['employees'][number]['list'] {
    const cached = loadTimeSlots(db, { date, serviceId: service._id, employeeId });
    if (!cached) return null;
    // Their own list, asked of the availability model: a free time is one where the service
    // fits whole before this kiosk's next booking of theirs and no refusal since took it.
    const answer = freeTimes({
      date,
      durationMinutes: durationMinutes(service),
      employeeId,
      anyList: null,
      personLists: new Map([[employeeId, { ...cached.data, fetchedAt: cached.fetchedAt }]]),
      blockers: [...store.holdsOn(date, 0).map((e) => e.hold), ...refusedAsTaken(db, date)],
    });
    return { timeSlots: answer.timeSlots, asOf: new Date(cached.fetchedAt).toISOString() };
  }
  return {
    getDayGlance: (input) =>
      Promise.resolve().then(() => {
        const today = instantToWall(clock.now(), deps.timeZone);
        const date = input.date ?? today.date;
        if (date < today.date || date > addDays(today.date, GLANCE_DAYS - 1))
          throw new KioskFailure('invalid_request', 'the day view shows today and the next days');
        deps.mirror.noteDayViewed(date);
        // A later day has no past times.
        const time = date === today.date ? today.time : '';
        const catalog = loadCatalog(db);
        const index = loadMirrorIndex(db);
        // A day the calendar shows closed for their service gets no list of its own (the
        // mirror's plan skips it): they are off that day, known as of the calendar.
        const dayList = (employeeId: string, service: Service) => {
          const own = ownList(employeeId, service, date);
          if (own) return own;
          const closedAt = closedKnownAt(date, service._id, index.days, index.slots);
          return closedAt === null
            ? null
            : { timeSlots: [], asOf: new Date(closedAt).toISOString() };
        };
        const chosen = staffDayServices(
          catalog.employees,
          catalog.services,
          loadOfferedServices(db),
        );
        const employees = catalog.employees
          .filter((employee) => employee.available)
          .map((employee) => {
            const service = catalog.services.find((s) => s._id === chosen.get(employee._id));
            return {
              employeeId: employee._id,
              name: employee.name,
              serviceId: service?._id ?? null,
              list: service ? dayList(employee._id, service) : null,
            };
          });
        // Unsent and sent bookings of today (the refused and discarded hold no time).
        const bookings = store.holdsOn(date, 0).map((entry) => ({
          localId: entry.localId,
          reference: bookingReference(entry.localId),
          customerName: entry.request.customer.name,
          serviceId: entry.request.serviceId,
          time: entry.hold.time,
          state: entry.state,
          employeeId: entry.hold.employeeId,
          durationMinutes: entry.hold.durationMinutes,
        }));
        return { date, ...buildDayGlance({ nowTime: time, employees, bookings }) };
      }),
  };
}
