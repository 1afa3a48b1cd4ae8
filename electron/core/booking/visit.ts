/**
 * Several services in one visit (issue 19): a cut, then colour. The API books one service per
 * booking, so a visit is two or three bookings of this kiosk that share a local visit id (the
 * outbox's `visit_id`, which staff see), each starting when the one before ends.
 *
 * - getVisitTimes: the day's slots of each service (lookups.ts: the availability model's answer),
 *   and per person for the services that follow, fitted by shared/booking/visit-fit.ts.
 * - createVisit online: the services are booked one after another through createBooking's
 *   steps (booking.ts, one send path). The first refused fails the call as createBooking does
 *   (nothing was booked: back to the time grid). A later one refused leaves the earlier ones
 *   booked, is kept `rejected` in the outbox beside them, and the result says so, so the
 *   customer is told what holds. Services after a refused one are not tried.
 * - visitDays (getAvailableDays with `then`, issue 38): the days the calendar offers a visit:
 *   open for every service, and where the day's lists are cached, only when the visit fits
 *   whole (the same fit as getVisitTimes, on the availability model's cached answers, no
 *   request); a day not cached stays offered online (its time screen asks), never offline.
 * - createVisit known offline: every service is checked against the cache and the holds and
 *   queued in ONE durable transaction, so a visit is held whole or not at all.
 */
import { randomUUID } from 'node:crypto';
import type { BookingRequest, TimeSlot } from '../../../shared/api/schemas';
import { confirmedToCustomer } from '../../../shared/booking/booking-states';
import type { Hold } from '../../../shared/booking/free-times';
import { bookingReference } from '../../../shared/booking/reference';
import { instantToWall } from '../../../shared/booking/time';
import { fitVisit, type VisitService } from '../../../shared/booking/visit-fit';
import type { TimeSlotsResult, VisitPartResult } from '../../../shared/kiosk-api';
import { KioskFailure } from '../../../shared/result';
import { durableTransaction } from '../db';
import type { OutboxEntry } from '../outbox';
import {
  keepFollowUp,
  newEntry,
  refuseUncallable,
  bookingLanguage,
  slotFree,
  type BookingDeps,
  type BookingSteps,
} from './booking';
import type { EngineApi } from '../engine';
import type { Lookups } from '../catalog';

export type VisitApi = Pick<EngineApi, 'createVisit'> & {
  /** getAvailableDays of a visit: `input.then` holds the services after `input.serviceId`. */
  visitDays: EngineApi['getAvailableDays'];
  /** getVisitTimes, with the holds of the other screens taken into the model (screen-holds.ts). */
  getVisitTimes: (
    input: Parameters<EngineApi['getVisitTimes']>[0],
    holds?: readonly Hold[],
  ) => ReturnType<EngineApi['getVisitTimes']>;
};

/** At most this many people's own lists are asked for per following service (the budget). */
const MAX_PEOPLE_ASKED = 6;

const freePeople = (lists: readonly (readonly TimeSlot[])[]): string[] => [
  ...new Set(
    lists.flatMap((slots) =>
      slots.filter((s) => s.available && s.employeeId !== undefined).map((s) => s.employeeId!),
    ),
  ),
];

/** The oldest of the lookups behind an answer: cached when any of them was. */
function oldest(results: readonly TimeSlotsResult[]): Pick<TimeSlotsResult, 'source' | 'asOf'> {
  const asOfs = results.map((r) => r.asOf).filter((a): a is string => a !== null);
  return {
    source: results.some((r) => r.source === 'cache') ? 'cache' : 'live',
    // Stryker disable next-line EqualityOperator: of two equal times either is the oldest
    asOf: asOfs.length > 0 ? asOfs.reduce((a, b) => (a < b ? a : b)) : null,
  };
}

const failureOf = (error: unknown): KioskFailure =>
  error instanceof KioskFailure
    ? error
    : new KioskFailure('internal', 'this service could not be booked');

export type VisitDeps = Pick<
  BookingDeps,
  'db' | 'store' | 'clock' | 'timeZone' | 'status' | 'events' | 'replayer' | 'settings' | 'log'
>;

export function createVisitApi(deps: VisitDeps, lookups: Lookups, steps: BookingSteps): VisitApi {
  const { db, store, clock, status, events, replayer } = deps;

  /** Known offline: the whole visit is checked and queued in one transaction, or nothing is. */
  function queueWhole(
    requests: BookingRequest[],
    minutes: number[],
    visitId: string,
    language: string,
  ) {
    for (const request of requests) {
      const refusal = steps.cacheRefusal(request);
      if (refusal) throw refusal;
    }
    const entries = durableTransaction(db, () =>
      requests.map((request, i): OutboxEntry => {
        const duration = minutes[i] ?? 0;
        const check = steps.cachedSlotCheck(request, duration);
        if (check === 'uncached')
          throw new KioskFailure(
            'unavailable',
            'this day is not cached and the API is unreachable',
          );
        if (check) throw check;
        const entry = newEntry(request, duration, clock, 'queued', language, visitId);
        if (!store.insertIfFree(entry, slotFree(request, duration)))
          throw new KioskFailure('slot_taken', 'this slot is held by a booking waiting to be sent');
        return entry;
      }),
    );
    for (const entry of entries) events.emit('booking.changed', { entry });
    replayer.poke();
    return entries.map((entry): VisitPartResult => ({
      outcome: 'booked',
      serviceId: entry.request.serviceId,
      result: {
        localId: entry.localId,
        reference: bookingReference(entry.localId),
        state: entry.state,
        booking: null,
      },
    }));
  }

  /** Online: one after another; see the file's comment for what a refusal does. */
  async function bookInTurn(requests: BookingRequest[], visitId: string, language: string) {
    const parts: VisitPartResult[] = [];
    for (const [i, request] of requests.entries()) {
      const { serviceId } = request;
      if (parts.some((p) => p.outcome !== 'booked')) {
        parts.push({ outcome: 'not_tried', serviceId });
        continue;
      }
      if (i === 0) {
        const result = await steps.book(request, language, { visitId, keepRefused: false });
        parts.push({ outcome: 'booked', serviceId, result });
        continue;
      }
      try {
        const result = await steps.book(request, language, { visitId, keepRefused: true });
        parts.push({ outcome: 'booked', serviceId, result });
      } catch (error) {
        const { code, message } = failureOf(error);
        parts.push({ outcome: 'refused', serviceId, error: { code, message } });
      }
    }
    return parts;
  }

  /**
   * Whether the visit fits on `date` by the cached lists alone: true / false, or null when a
   * service's list of the day is not cached (nothing is asked for it).
   */
  async function fitsFromCache(
    date: string,
    serviceIds: readonly string[],
    employeeId: string | undefined,
  ): Promise<boolean | null> {
    const services: VisitService[] = [];
    for (const [i, serviceId] of serviceIds.entries()) {
      const durationMinutes = await lookups.serviceMinutes(serviceId);
      const ask = (person: string | undefined) =>
        lookups.cachedAnswer({ date, serviceId, employeeId: person, durationMinutes });
      const anyAnswer = ask(i === 0 ? employeeId : undefined);
      if (anyAnswer === null) return null;
      const before = services[i - 1];
      const byEmployee: Record<string, TimeSlot[]> = {};
      const people = before
        ? freePeople([before.anySlots, ...Object.values(before.byEmployee)])
        : [];
      for (const person of people.slice(0, MAX_PEOPLE_ASKED))
        byEmployee[person] = ask(person)?.timeSlots ?? [];
      services.push({ serviceId, durationMinutes, anySlots: anyAnswer.timeSlots, byEmployee });
    }
    const now = instantToWall(clock.now(), deps.timeZone);
    return fitVisit({ date, timeZone: deps.timeZone, services, employeeId }).some(
      (offer) => date > now.date || offer.time > now.time,
    );
  }

  return {
    async visitDays({ then = [], ...input }) {
      const first = await lookups.api.getAvailableDays(input);
      if (!input.serviceId || then.length === 0) return first;
      const { year, month, ahead } = input;
      const others = await Promise.all(
        then.map((serviceId) =>
          lookups.api.getAvailableDays({ year, month, serviceId, ...(ahead ? { ahead } : {}) }),
        ),
      );
      const serviceIds = [input.serviceId, ...then];
      const fits = new Map<number, boolean | null>();
      for (const day of first.availableDays) {
        if (!others.every((other) => other.availableDays.includes(day))) continue;
        const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        fits.set(day, await fitsFromCache(date, serviceIds, input.employeeId));
      }
      // Offered: open for all, unless the cached lists show the visit does not fit. Offline:
      // only where the cached lists show it fits.
      const availableDays = [...fits].filter(([, fit]) => fit !== false).map(([day]) => day);
      return {
        ...first,
        availableDays,
        totalDays: availableDays.length,
        ...(first.bookableOffline
          ? { bookableOffline: first.bookableOffline.filter((day) => fits.get(day) === true) }
          : {}),
      };
    },

    async getVisitTimes({ date, serviceIds, employeeId, fresh }, holds = []) {
      const results: TimeSlotsResult[] = [];
      const slotsOf = async (serviceId: string, person: string | undefined) => {
        const result = await lookups.timeSlots(
          { date, serviceId, employeeId: person, fresh },
          holds,
        );
        results.push(result);
        return result.timeSlots;
      };
      const services: VisitService[] = [];
      for (const [i, serviceId] of serviceIds.entries()) {
        const durationMinutes = await lookups.serviceMinutes(serviceId);
        const anySlots = await slotsOf(serviceId, i === 0 ? employeeId : undefined);
        const byEmployee: Record<string, TimeSlot[]> = {};
        const before = services[i - 1];
        // Who did the service before may do this one too: their own list says when.
        const people = before
          ? freePeople([before.anySlots, ...Object.values(before.byEmployee)])
          : [];
        for (const person of people.slice(0, MAX_PEOPLE_ASKED)) {
          // A person who does not do this service (or is unknown to the cache) is just not asked.
          // Stryker disable next-line ArrayDeclaration: a list of no slots offers nothing anyway
          byEmployee[person] = await slotsOf(serviceId, person).catch(() => []);
        }
        services.push({ serviceId, durationMinutes, anySlots, byEmployee });
      }
      const offers = fitVisit({ date, timeZone: deps.timeZone, services, employeeId });
      return { date, offers, ...oldest(results) };
    },

    // Each booking keeps the customer's language: it is sent in it (Accept-Language).
    createVisit: async (input) => {
      refuseUncallable(input.customer, deps);
      const language = bookingLanguage(deps, input.language);
      const visitId = randomUUID();
      const requests = input.parts.map((part): BookingRequest => ({
        ...part,
        customer: input.customer,
        ...(input.notes ? { notes: input.notes } : {}),
      }));
      const knownOffline = status.paused || status.offlineSince !== null;
      let parts: VisitPartResult[];
      if (knownOffline) {
        const minutes: number[] = [];
        for (const request of requests)
          minutes.push(await lookups.serviceMinutes(request.serviceId));
        parts = queueWhole(requests, minutes, visitId, language);
      } else {
        parts = await bookInTurn(requests, visitId, language);
      }
      // Told "queued" (or the answer was lost): the customer may need to hear back (notify/).
      for (const part of parts) {
        // Never fails the visit: its parts are booked or held, and the customer must hear so.
        if (part.outcome === 'booked' && !confirmedToCustomer(part.result.state))
          keepFollowUp(deps, part.result.localId, language);
      }
      return { visitId, parts };
    },
  };
}
