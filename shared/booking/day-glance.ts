/**
 * Today at a glance, as a pure function: each employee's own slot list of the day (from the
 * mirror) and this kiosk's bookings of the day become one column of cells per employee, on the
 * rows of every time any list has. A booking of this kiosk covers its whole duration; times gone
 * by are `past`; a time the person's list does not offer is `busy` (taken, a break, or outside
 * their hours: the API's reasons are free text, so they are not told apart).
 */
import type { GlanceBooking, GlanceCell, GlanceColumn } from '../kiosk-glance';
import type { TimeSlot } from '../api/schemas';
import { toMinutes } from './time';

export interface GlanceInput {
  /** `HH:mm` now, on the day shown (times before it are past). */
  nowTime: string;
  employees: {
    employeeId: string;
    name: string;
    serviceId: string | null;
    /**
     * The availability model's answer from their own list of the day, and when that list was
     * fetched (ISO); null: none cached. An empty answer: they do not work that day.
     */
    list: { timeSlots: readonly TimeSlot[]; asOf: string } | null;
  }[];
  bookings: (GlanceBooking & { employeeId: string; durationMinutes: number })[];
}

export function buildDayGlance(input: GlanceInput): { times: string[]; employees: GlanceColumn[] } {
  const times = [
    ...new Set([
      ...input.employees.flatMap((e) => e.list?.timeSlots.map((slot) => slot.time) ?? []),
      ...input.bookings.map((booking) => booking.time),
    ]),
  ].sort();
  const employees = input.employees.map(({ employeeId, name, serviceId, list }): GlanceColumn => {
    const theirs = input.bookings.filter((booking) => booking.employeeId === employeeId);
    const free = new Set(
      list?.timeSlots.filter((slot) => slot.available).map((slot) => slot.time) ?? [],
    );
    // Not working that day (issue 38): said as such, not as a day of busy times.
    const off = list !== null && list.timeSlots.length === 0 && theirs.length === 0;
    const cells = (list && !off) || theirs.length > 0 ? times.map((time) => cellAt(time)) : [];
    return {
      employeeId,
      name,
      serviceId,
      asOf: list?.asOf ?? null,
      ...(off ? { off } : {}),
      cells,
    };

    function cellAt(time: string): GlanceCell {
      const minute = toMinutes(time);
      const booking = theirs.find((b) => {
        const start = toMinutes(b.time);
        return start <= minute && minute < start + b.durationMinutes;
      });
      if (booking) {
        const { employeeId: _employee, durationMinutes: _duration, ...shown } = booking;
        return { time, state: 'booked', booking: shown };
      }
      if (time < input.nowTime) return { time, state: 'past' };
      return { time, state: free.has(time) ? 'free' : 'busy' };
    }
  });
  return { times, employees };
}
