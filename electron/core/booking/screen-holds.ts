/**
 * Holds of the screens (issue 28): from the moment a screen shows the details of a time until
 * its booking is sent, queued or abandoned, the core keeps that time for that screen for
 * SCREEN_HOLD_MS. Other screens are not offered it and cannot hold or book it; the holder's own
 * lookups still show it free. Holds live in this map only: a restart drops them, and they never
 * reach the API. Each screen's API (KioskCore.apiFor) is wrapped with its own name here.
 */
import type { KioskApi } from '../../../shared/kiosk-api';
import { clashes as clashesWith, type Hold } from '../../../shared/booking/free-times';
import { SCREEN_HOLD_MS, type HoldSlotInput } from '../../../shared/kiosk-holds';
import { KioskFailure } from '../../../shared/result';

/** The methods a screen's hold changes, and the two it adds. */
type HeldMethods = 'getTimeSlots' | 'getVisitTimes' | 'createBooking' | 'createVisit';
export type HoldMethod = 'holdSlot' | 'releaseHold';
type Wrapped = Pick<KioskApi, HeldMethods>;

/** The lookups that take other screens' holds into the availability model. */
export interface HeldLookups {
  getTimeSlots(
    input: Parameters<KioskApi['getTimeSlots']>[0],
    holds: readonly Hold[],
  ): ReturnType<KioskApi['getTimeSlots']>;
  getVisitTimes(
    input: Parameters<KioskApi['getVisitTimes']>[0],
    holds: readonly Hold[],
  ): ReturnType<KioskApi['getVisitTimes']>;
}

export interface ScreenHoldsDeps {
  now: () => number;
  lookups: HeldLookups;
  /** A service's duration (the cached catalog's, see lookups.serviceMinutes). */
  minutesOf: (serviceId: string) => Promise<number>;
  holdMs?: number;
}

export interface ScreenHolds {
  /** `api` as one screen sees it: its own hold kept, every other screen's taken out. */
  forScreen<A extends Wrapped>(api: A, screen: string): A & Pick<KioskApi, HoldMethod>;
  /** Live holds, by screen (diagnostics and tests). */
  count(): number;
}

const HELD_ELSEWHERE = 'another screen is booking this time right now';

export function createScreenHolds(deps: ScreenHoldsDeps): ScreenHolds {
  const holdMs = deps.holdMs ?? SCREEN_HOLD_MS;
  const held = new Map<string, { holds: Hold[]; until: number }>();

  function others(screen: string): Hold[] {
    const now = deps.now();
    // Stryker disable next-line ArrayDeclaration: a junk hold has no date and matches nothing
    const out: Hold[] = [];
    for (const [name, hold] of held) {
      if (hold.until <= now) held.delete(name);
      else if (name !== screen) out.push(...hold.holds);
    }
    return out;
  }
  const clashes = (screen: string, holds: readonly Hold[]): boolean => {
    const theirs = others(screen);
    return holds.some((hold) => clashesWith(hold, theirs));
  };
  const toHolds = (parts: HoldSlotInput['parts']): Promise<Hold[]> =>
    Promise.all(
      parts.map(async (part) => ({
        employeeId: part.employeeId,
        date: part.date,
        time: part.time,
        durationMinutes: await deps.minutesOf(part.serviceId),
      })),
    );
  /** Refuses a booking of a time another screen holds; ends this screen's hold once booked. */
  async function booking<T>(
    screen: string,
    parts: HoldSlotInput['parts'],
    book: () => Promise<T>,
  ): Promise<T> {
    // Only with another screen's hold on that day: a booking's own checks (an unknown service,
    // the cache offline) come first otherwise, as without holds.
    // Stryker disable next-line MethodExpression: the parts of a visit are on one day (its schema)
    const sameDay = others(screen).some((h) => parts.some((p) => p.date === h.date));
    if (sameDay && clashes(screen, await toHolds(parts)))
      throw new KioskFailure('slot_taken', HELD_ELSEWHERE);
    try {
      const result = await book();
      held.delete(screen);
      return result;
    } catch (error) {
      // Taken: the customer goes back to the grid. Anything else: they may press "Book" again.
      if (error instanceof KioskFailure && error.code === 'slot_taken') held.delete(screen);
      throw error;
    }
  }

  return {
    count: () => {
      // Stryker disable next-line StringLiteral: run for its purge only, the list is not read
      others('');
      return held.size;
    },
    forScreen(api, screen) {
      return {
        ...api,
        async holdSlot({ parts }) {
          const holds = await toHolds(parts);
          // Checked and taken in one synchronous step: of two screens at the same moment, one wins.
          if (clashes(screen, holds)) throw new KioskFailure('slot_taken', HELD_ELSEWHERE);
          const until = deps.now() + holdMs;
          held.set(screen, { holds, until });
          return { heldUntil: new Date(until).toISOString(), heldForMs: holdMs };
        },
        releaseHold: () => Promise.resolve({ released: held.delete(screen) }),
        // Other screens' holds go into the availability model, per person: a time held for one
        // person is still offered with another who is free then.
        getTimeSlots: (input) =>
          deps.lookups.getTimeSlots(
            input,
            others(screen).filter((h) => h.date === input.date),
          ),
        getVisitTimes: (input) =>
          deps.lookups.getVisitTimes(
            input,
            others(screen).filter((h) => h.date === input.date),
          ),
        createBooking: (input) => booking(screen, [input], () => api.createBooking(input)),
        createVisit: (input) => booking(screen, input.parts, () => api.createVisit(input)),
      };
    },
  };
}
