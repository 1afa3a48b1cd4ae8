/**
 * A person's day (issue 37): whether someone who does a service can be booked on a day. Read
 * from the kiosk API's lists of that day and nothing else: a time is free for a person when an
 * answer says `available` and names them (`employeeId`). The renderer never works out what is
 * free itself (no overlaps, no holds: the core's availability model answers that).
 *
 * - `free`: the person has a time on offer that day;
 * - `busy`: their own list has times that day, none on offer (booked up, past, gone);
 * - `off`: their own list knows no time of theirs that day: they do not work then (the kiosk's
 *   answer for them is empty);
 * - null: the lists cannot tell, e.g. offline with their own list never fetched (every time of
 *   the answer unavailable with the reason `unknown`: shared/booking/free-times.ts).
 */
import type { TimeSlot } from '../../shared/api/schemas';
import type { KioskClient } from '../../shared/kiosk-api';
import type { TranslationKey } from './message-keys';

export type PersonDay = 'free' | 'busy' | 'off';

/** The lists of one day and service the kiosk answered. */
export interface DayLists {
  /** The "anyone" list, null when it could not be had. */
  any: readonly TimeSlot[] | null;
  /** The own lists of the people the "anyone" list does not name as free (a failed one: absent). */
  own: ReadonlyMap<string, readonly TimeSlot[]>;
}

/** Whether the screen offers a slot of an answer (free there, and not gone or past here). */
export type Offered = (slot: TimeSlot) => boolean;

/** What the chip of a person who cannot be booked that day says under their name. */
export const PERSON_DAY_KEYS = {
  busy: 'time.personBusy',
  off: 'time.personOff',
} as const satisfies Record<Exclude<PersonDay, 'free'>, TranslationKey>;

/** The reason the availability model gives a time no list says anything of (free-times.ts). */
const NOTHING_KNOWN = 'unknown';

const names = (slot: TimeSlot, employeeId: string): boolean =>
  slot.available && slot.employeeId === employeeId;
const knowsNothing = (slot: TimeSlot): boolean => !slot.available && slot.reason === NOTHING_KNOWN;

/**
 * The person's day, or null when the lists cannot tell (their own list failed or was never had;
 * or the "anyone" list names them only at times the screen no longer offers, and their own list
 * was not asked).
 */
export function personDayOf(
  employeeId: string,
  lists: DayLists,
  offered: Offered,
): PersonDay | null {
  const mine = (slot: TimeSlot): boolean => names(slot, employeeId) && offered(slot);
  if (lists.any?.some(mine)) return 'free';
  const own = lists.own.get(employeeId);
  if (!own) return null;
  if (own.some(mine)) return 'free';
  if (own.length === 0) return 'off';
  return own.every(knowsNothing) ? null : 'busy';
}

/**
 * The lists that tell each of `employeeIds`' day for `serviceId` on `date`: the "anyone" list,
 * and the own list of each person it does not name as free (the "anyone" list names one
 * person per time, so a person it leaves out may still be free). Mostly answered by the
 * kiosk's mirror; a failed lookup only leaves that person's day unknown. The chosen person's
 * own list is the one their grid shows; the others are asked ahead (issue 37: at a busy start
 * the kiosk answers them from its copy or not at all, and their chips say nothing then).
 */
export async function loadDayLists(
  client: Pick<KioskClient, 'getTimeSlots'>,
  serviceId: string,
  date: string,
  employeeIds: readonly string[],
  chosen: string | null = null,
): Promise<DayLists> {
  const anyAnswer = await client.getTimeSlots({ date, serviceId });
  const any = anyAnswer.ok ? anyAnswer.result.timeSlots : null;
  const asked = employeeIds.filter((id) => !any?.some((slot) => names(slot, id)));
  const answers = await Promise.all(
    asked.map((employeeId) =>
      client.getTimeSlots({
        date,
        serviceId,
        employeeId,
        ...(employeeId === chosen ? {} : { ahead: true }),
      }),
    ),
  );
  const own = new Map<string, readonly TimeSlot[]>();
  answers.forEach((answer, index) => {
    const id = asked[index];
    if (answer.ok && id !== undefined) own.set(id, answer.result.timeSlots);
  });
  return { any, own };
}
