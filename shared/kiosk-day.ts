/**
 * The owner's kiosk day (issue 41 part 3): counts of what customers did at the kiosk screens,
 * per hour and day, and never who did it. Every value a screen may report is one of the closed
 * sets below, so neither the contract nor the table (electron/core/owner-day/) can carry a
 * name, an e-mail, a phone, a booking id or free text.
 */
import { z } from 'zod';
import { DateString } from './api/schemas';
import { LANGUAGE_CODES } from './languages';
import { StaffOnly } from './kiosk-staff';
import { Language } from './settings';

/** The walk-in flow's steps as counted: a session reaches each at most once; `booked` ends it. */
export const KIOSK_DAY_STEPS = ['service', 'day', 'time', 'details', 'review', 'booked'] as const;
export const KioskDayStep = z.enum(KIOSK_DAY_STEPS);
export type KioskDayStep = z.infer<typeof KioskDayStep>;

/** The access modes counted once per session that used them. */
export const KIOSK_DAY_MODES = ['audio', 'reach'] as const;
export type KioskDayMode = (typeof KIOSK_DAY_MODES)[number];

/**
 * What a screen reports. `started` opens the screen's session; `step` (with `step`) says the
 * customer is on that step now; `abandoned` ends it at the step they were on; the others are
 * counted once per session. `waitlistJoined` and `arrived` have no screen yet (issue 41 parts 1
 * and 2): the counters exist so that those features only report them.
 */
export const KIOSK_FLOW_KINDS = [
  'started',
  'step',
  'abandoned',
  'noTimeFound',
  'waitlistJoined',
  'arrived',
] as const;

/** Flags every event may carry: the screen's language and modes now (counted once a session). */
export const KioskFlowEvent = z
  .object({
    kind: z.enum(KIOSK_FLOW_KINDS),
    step: KioskDayStep.optional(),
    language: Language.optional(),
    audio: z.boolean().optional(),
    reach: z.boolean().optional(),
  })
  .strict();
export type KioskFlowEvent = z.infer<typeof KioskFlowEvent>;

/** `counted: false`: nothing was added (no open session, a repeat, or a screen starting too often). */
export const KioskFlowAnswer = z.object({ counted: z.boolean() });

/**
 * The stored counters: one table of them, each with the closed set its detail comes from
 * (`none`: no detail). The database's CHECK constraints are built from the same sets.
 */
export const KIOSK_DAY_COUNTERS = {
  started: 'none',
  reached: 'step',
  abandoned: 'step',
  noTimeFound: 'none',
  waitlistJoined: 'none',
  arrived: 'none',
  language: 'language',
  mode: 'mode',
} as const satisfies Record<string, 'none' | 'step' | 'language' | 'mode'>;
export type KioskDayCounter = keyof typeof KIOSK_DAY_COUNTERS;
export const KIOSK_DAY_COUNTER_NAMES = Object.keys(KIOSK_DAY_COUNTERS) as [
  KioskDayCounter,
  ...KioskDayCounter[],
];
/** Every detail a counter row may hold ('' for none). */
export const KIOSK_DAY_DETAILS: [string, ...string[]] = [
  '',
  ...KIOSK_DAY_STEPS,
  ...LANGUAGE_CODES,
  ...KIOSK_DAY_MODES,
];

/** Days kept; older rows are pruned. */
export const KIOSK_DAY_KEEP_DAYS = 90;

const count = z.number().int().nonnegative();
const stepCounts = z.record(KioskDayStep, count);

/** The counts of an hour, a day or a range. */
export const KioskDayCounts = z.object({
  started: count,
  reached: stepCounts,
  abandoned: stepCounts,
  noTimeFound: count,
  waitlistJoined: count,
  arrived: count,
  languages: z.partialRecord(Language, count),
  audio: count,
  reach: count,
  /** From `started` to `booked`, over the sessions booked (null: none booked). */
  medianSecondsToBooked: z.number().int().nonnegative().nullable(),
});
export type KioskDayCounts = z.infer<typeof KioskDayCounts>;

const noSteps = (): Record<KioskDayStep, number> =>
  Object.fromEntries(KIOSK_DAY_STEPS.map((step) => [step, 0])) as Record<KioskDayStep, number>;

/** Nothing counted yet: a range with no rows, and the sum every row is added into. */
export function emptyKioskDayCounts(): KioskDayCounts {
  return {
    started: 0,
    reached: noSteps(),
    abandoned: noSteps(),
    noTimeFound: 0,
    waitlistJoined: 0,
    arrived: 0,
    languages: {},
    audio: 0,
    reach: 0,
    medianSecondsToBooked: null,
  };
}

export const KioskDayHour = KioskDayCounts.extend({
  date: DateString,
  hour: z.number().int().min(0).max(23),
});
export type KioskDayHour = z.infer<typeof KioskDayHour>;

/** A range of days in the shop's time zone, both ends included, at most the days kept. */
export const KioskDayInput = StaffOnly.extend({ from: DateString, to: DateString });

export const KioskDay = z.object({
  from: DateString,
  to: DateString,
  /** Only the hours with something counted, oldest first. */
  hours: z.array(KioskDayHour),
  /** Each day of the range, oldest first (a day with nothing counted has zero counts). */
  days: z.array(KioskDayCounts.extend({ date: DateString })),
  total: KioskDayCounts,
});
export type KioskDay = z.infer<typeof KioskDay>;

export const KioskDayCsv = z.object({ fileName: z.string(), csv: z.string() });
