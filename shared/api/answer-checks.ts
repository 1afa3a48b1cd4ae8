/**
 * Semantic checks on every answer of the API (issue 18), beside the operations table: what the
 * schemas cannot say. The month answered is the month asked, a slot list is for the day asked,
 * a booking is for the slot asked, prices are >= 0 and durations last more than nothing and at
 * most a day. (Dates are real calendar dates already: `DateString` refuses `6491-68-40`; the
 * rate-limit headers are bounded where they are read, electron/core/governor.) An answer that
 * fails is not data: the kiosk stores none of it and names the operation and the field.
 */
import type { ApiBody, ApiData, ApiOperationName, ApiQuery } from './operations';
import { durationMinutes } from './duration';
import type { Service } from './schemas';

/** A service or booking longer than this is no appointment of a shop (minutes). */
const MAX_DURATION_MINUTES = 24 * 60;

/** What each operation was asked: its query, or the body it sent. */
interface Asked {
  getServices: undefined;
  getEmployees: undefined;
  getAvailableDays: ApiQuery<'getAvailableDays'>;
  getTimeSlots: ApiQuery<'getTimeSlots'>;
  book: ApiBody<'book'>;
}

export type AskedFor<N extends ApiOperationName> = Asked[N];

/** The first field of an answer that makes no sense, as a path (`data[2].pricing.price`). */
type Check<N extends ApiOperationName> = (data: ApiData<N>, asked: Asked[N]) => string | null;

const plausibleMinutes = (minutes: number): boolean =>
  Number.isFinite(minutes) && minutes > 0 && minutes <= MAX_DURATION_MINUTES;

function serviceProblem(service: Service): string | null {
  const { price, taxRate, currency } = service.pricing;
  if (!Number.isFinite(price) || price < 0) return 'pricing.price';
  if (!Number.isFinite(taxRate) || taxRate < 0 || taxRate > 100) return 'pricing.taxRate';
  if (!/^[A-Z]{3}$/.test(currency)) return 'pricing.currency';
  if (!plausibleMinutes(durationMinutes(service))) return 'duration';
  return null;
}

function firstProblem<T>(items: readonly T[], problem: (item: T) => string | null): string | null {
  for (const [index, item] of items.entries()) {
    const field = problem(item);
    if (field !== null) return `data[${index}].${field}`;
  }
  return null;
}

const daysIn = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

const checks: { [N in ApiOperationName]: Check<N> } = {
  getServices: (services) => firstProblem(services, serviceProblem),
  getEmployees: () => null,
  getAvailableDays: (days, asked) => {
    if (days.year !== asked.year) return 'data.year';
    if (days.month !== asked.month) return 'data.month';
    const last = daysIn(days.year, days.month);
    if (days.availableDays.some((day) => day > last)) return 'data.availableDays';
    if (days.totalDays > last) return 'data.totalDays';
    return null;
  },
  getTimeSlots: (day, asked) => {
    if (day.date !== asked.date) return 'data.date';
    if (asked.employeeId !== undefined && asked.employeeId !== 'any') {
      const other = day.timeSlots.findIndex(
        (slot) => slot.available && slot.employeeId !== asked.employeeId,
      );
      if (other >= 0) return `data.timeSlots[${other}].employeeId`;
    }
    const unnamed = day.timeSlots.findIndex(
      (slot) => slot.available && slot.employeeId !== undefined && slot.employeeId.trim() === '',
    );
    return unnamed >= 0 ? `data.timeSlots[${unnamed}].employeeId` : null;
  },
  book: (booking, asked) => {
    if (booking.appointment.date !== asked.date) return 'data.appointment.date';
    if (booking.appointment.time !== asked.time) return 'data.appointment.time';
    if (!plausibleMinutes(booking.service.duration)) return 'data.service.duration';
    return null;
  },
};

export interface AnswerProblem {
  operation: ApiOperationName;
  field: string;
}

/** Null when the answer makes sense for what was asked, else the first field that does not. */
export function checkAnswer<N extends ApiOperationName>(
  operation: N,
  data: ApiData<N>,
  asked: AskedFor<N>,
): AnswerProblem | null {
  const check = checks[operation] as Check<N>;
  const field = check(data, asked);
  return field === null ? null : { operation, field };
}
