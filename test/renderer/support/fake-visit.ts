/**
 * The in-memory kiosk's visits (several services, issue 19), beside fake-kiosk-client.ts: the
 * visit's times fitted by the real shared logic from the fake's day, and the services booked
 * one after another with the fake's own createBooking.
 */
import { durationMinutes } from '../../../shared/api/duration';
import type { BookingRequest } from '../../../shared/api/schemas';
import { fitVisit, type VisitService } from '../../../shared/booking/visit-fit';
import type {
  CreateBookingResult,
  CreateVisitResult,
  KioskInput,
  TimeSlotsResult,
  VisitPartResult,
  VisitTimesResult,
} from '../../../shared/kiosk-api';
import { ok, type Result } from '../../../shared/result';
import { services } from './fake-kiosk-client';

export function fakeVisitTimes(
  input: KioskInput<'getVisitTimes'>,
  daySlots: (query: KioskInput<'getTimeSlots'>) => Result<TimeSlotsResult>,
): Result<VisitTimesResult> {
  const fitted: VisitService[] = [];
  for (const [i, serviceId] of input.serviceIds.entries()) {
    const employeeId = i === 0 ? input.employeeId : undefined;
    const day = daySlots({ date: input.date, serviceId, employeeId, fresh: input.fresh });
    if (!day.ok) return day;
    const service = services.find((s) => s._id === serviceId);
    fitted.push({
      serviceId,
      durationMinutes: service ? durationMinutes(service) : 30,
      anySlots: day.result.timeSlots,
      byEmployee: {},
    });
  }
  const offers = fitVisit({
    date: input.date,
    timeZone: 'Europe/Berlin',
    services: fitted,
    employeeId: input.employeeId,
  });
  return ok({ date: input.date, offers, source: 'live', asOf: null });
}

export interface FakeVisitBooking {
  /** The services after the first are refused (the "first booked, second not" path). */
  refuseLater: boolean;
  book: (request: BookingRequest) => Promise<Result<CreateBookingResult>>;
  /** Marks a booked service's stored booking as part of the visit. */
  link: (localId: string) => void;
  visitId: string;
}

export async function fakeCreateVisit(
  input: KioskInput<'createVisit'>,
  fake: FakeVisitBooking,
): Promise<Result<CreateVisitResult>> {
  const parts: VisitPartResult[] = [];
  for (const [i, part] of input.parts.entries()) {
    const { serviceId } = part;
    if (i > 0 && fake.refuseLater) {
      const error = { code: 'slot_taken' as const, message: 'The slot is taken.' };
      parts.push({ outcome: 'refused', serviceId, error });
      continue;
    }
    const booked = await fake.book({
      ...part,
      customer: input.customer,
      ...(input.notes ? { notes: input.notes } : {}),
    });
    if (!booked.ok) {
      if (i === 0) return booked;
      parts.push({ outcome: 'refused', serviceId, error: booked.error });
      continue;
    }
    fake.link(booked.result.localId);
    parts.push({ outcome: 'booked', serviceId, result: booked.result });
  }
  return ok({ visitId: fake.visitId, parts });
}
