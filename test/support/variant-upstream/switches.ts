/**
 * The switches of the variant upstream: one per gap that public-booking-api.md leaves open
 * ("not shown"), each with the reference server's choice as its default. Read on every request,
 * so a test may flip one between two calls (`upstream.set({ ... })`).
 */

/** Spec §2.6 / §9 gap: identifiers are strings, their format is not shown. */
export type IdFormat = 'reference' | 'uuid' | 'numeric' | 'url-unsafe';
/** Spec §8: the form of X-RateLimit-*; `none` leaves them out, `reset-seconds` sends Reset as seconds from now. */
export type RateLimitHeaderForm = 'reference' | 'none' | 'reset-seconds';
/** Spec §7.3 gap: the unit of `retryAfter`; `header-only` drops it from the body and keeps Retry-After. */
export type RetryAfterForm = 'seconds' | 'milliseconds' | 'missing' | 'header-only';
/** Spec §7.2: `error` is a detail field; `no-error` leaves it out, `other-messages` words both differently. */
export type ErrorBodyForm = 'reference' | 'no-error' | 'other-messages';
/** Spec §2.4 with `any`: one slot per time (reference) or one per free employee. */
export type SlotListShape = 'reference' | 'per-employee';

export interface VariantSwitches {
  /** §4.5 gap: success status of POST /book (the reference answers 201). */
  createdStatus: 200 | 201;
  ids: IdFormat;
  /** §2.1: the currency code the catalog carries (the list is open); null keeps the reference's. */
  currency: string | null;
  /** §2.1 units: `hours` lists every service's duration in hours (fractions allowed). */
  durationUnit: 'minutes' | 'hours';
  /** §2.6 gap: unit of `service.duration` in the booking response. */
  bookingDurationUnit: 'minutes' | 'hours';
  slotShape: SlotListShape;
  /** §2.4: an unavailable slot "may omit the employee fields"; `include` names the employee anyway. */
  unavailableEmployeeFields: 'omit' | 'include';
  /** §2.4 gap: whether a day's list shows unavailable times (taken ones too) or `drop`s them. */
  unavailableSlots: 'list' | 'drop';
  /** §4.4 gap: the default of `employeeId` when omitted (`reject`: 400 unless it is given). */
  omittedEmployee: 'any' | 'reject';
  /** §4 gap: sorting of lists. */
  listOrder: 'reference' | 'reversed';
  rateLimitHeaders: RateLimitHeaderForm;
  retryAfter: RetryAfterForm;
  /** decisions.md's Idempotency-Key extension; false ignores the header (a retry books twice). */
  idempotency: boolean;
  /**
   * Issue 30: a booked time stays listed free for its employee and POST /book books it again
   * (an employee who takes several customers at once, or no overlap check). With
   * `idempotency: false`, a retry after a lost answer books twice even after a free pre-check.
   */
  bookedTimesStayFree: boolean;
  errorBody: ErrorBodyForm;
  /** §4.5 gap: the status a slot that is taken now is answered with (the reference: 409). */
  takenStatus: 400 | 404 | 409 | 422;
  /** §7 gap: the status an unknown service or employee id gets (the reference: 404). */
  unknownIdStatus: 400 | 404 | 422;
  /** Every answer waits this long before it is sent (ms). */
  delayMs: number;
  /** Every n-th answer (1: all) is cut off halfway, its Content-Length promising the whole; 0: none. */
  truncateEvery: number;
  /** Schema-valid nonsense in every successful answer and its rate-limit headers; null: off. */
  nonsense: { seed: number; impossibleDates?: boolean } | null;
  /** §8: 429 after this many requests in a clock minute while the headers still show budget; null: off. */
  enforcedPerMinute: number | null;
}

export const REFERENCE_SWITCHES: VariantSwitches = {
  createdStatus: 201,
  ids: 'reference',
  currency: null,
  durationUnit: 'minutes',
  bookingDurationUnit: 'minutes',
  slotShape: 'reference',
  unavailableEmployeeFields: 'omit',
  unavailableSlots: 'list',
  omittedEmployee: 'any',
  listOrder: 'reference',
  rateLimitHeaders: 'reference',
  retryAfter: 'seconds',
  idempotency: true,
  bookedTimesStayFree: false,
  errorBody: 'reference',
  takenStatus: 409,
  unknownIdStatus: 404,
  delayMs: 0,
  truncateEvery: 0,
  nonsense: null,
  enforcedPerMinute: null,
};

/**
 * Named modes: each a legal upstream that chose differently in one or a few gaps (the
 * parametrized core suite runs against each). `slow` and `truncated` are transport modes.
 */
export const VARIANT_MODES = {
  reference: {},
  'created-200': { createdStatus: 200 },
  'ids-uuid': { ids: 'uuid' },
  'ids-numeric': { ids: 'numeric' },
  'ids-url-unsafe': { ids: 'url-unsafe' },
  'currency-usd-hours': { currency: 'USD', durationUnit: 'hours', bookingDurationUnit: 'hours' },
  'slots-per-employee': { slotShape: 'per-employee' },
  'slots-unavailable-named': { unavailableEmployeeFields: 'include' },
  'employee-required': { omittedEmployee: 'reject' },
  'lists-reversed': { listOrder: 'reversed' },
  'no-rate-headers': { rateLimitHeaders: 'none' },
  'reset-seconds': { rateLimitHeaders: 'reset-seconds' },
  'retry-after-ms': { retryAfter: 'milliseconds' },
  'retry-after-missing': { retryAfter: 'missing' },
  'retry-after-header-only': { retryAfter: 'header-only' },
  'no-idempotency': { idempotency: false },
  'errors-no-detail': { errorBody: 'no-error' },
  'errors-other-words': { errorBody: 'other-messages' },
  'taken-400': { takenStatus: 400 },
  'taken-404': { takenStatus: 404 },
  'taken-422': { takenStatus: 422 },
  /** A taken time answered 404 and gone from the day's list (issue 27): "taken", not "gone". */
  'taken-404-dropped': { takenStatus: 404, unavailableSlots: 'drop' },
  'unknown-id-400': { unknownIdStatus: 400 },
  slow: { delayMs: 1_500 },
  truncated: { truncateEvery: 3 },
  nonsense: { nonsense: { seed: 18 } },
} as const satisfies Record<string, Partial<VariantSwitches>>;

export type VariantMode = keyof typeof VARIANT_MODES;

export function switchesFor(mode: VariantMode): VariantSwitches {
  return { ...REFERENCE_SWITCHES, ...(VARIANT_MODES[mode] as Partial<VariantSwitches>) };
}
