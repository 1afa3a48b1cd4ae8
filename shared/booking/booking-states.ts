/**
 * The booking states, declared once (as shared/settings.ts declares the settings): for each
 * state of LocalBookingState (shared/kiosk-data.ts) what the outbox, retention, staff and
 * monitoring do with a booking in it. The outbox column's enum (electron/core/db/schema.ts), the
 * holding and ended sets, the staff list's filters, attention list and actions, staff's Retry and
 * Discard (electron/core/booking/booking-admin.ts), the metrics groups and the label keys are
 * derived from this table, so a new state fails compilation until its row exists here.
 */
import type { LocalBookingState } from '../kiosk-data';

/**
 * Monitoring's groups (electron/core/metrics): queued: not yet accepted by the API (queued or
 * being sent); unknown: staff must check it (or it could not be read and was set aside);
 * refused: the API refused it after it was queued (staff follow it up).
 */
export const BOOKING_GROUPS = ['queued', 'unknown', 'refused'] as const;
export type BookingGroup = (typeof BOOKING_GROUPS)[number];

/**
 * What staff's Retry does: `send` queues it again (a new key unless its answer was lost);
 * `whenStuck` sends it again under its key when no request is under way (a write that failed
 * on a full disk), else leaves it; `unchanged` leaves it as it is; `unreadable` refuses.
 */
export type RetryRule = 'send' | 'whenStuck' | 'unchanged' | 'unreadable';

/**
 * What staff's Discard does: `discard` discards it (undo restores the state); `whenStuck`
 * discards it when no request is under way, else refuses; `never` refuses (the API has it);
 * `unchanged` leaves it as it is; `unreadable` refuses (kept for IT).
 */
export type DiscardRule = 'discard' | 'whenStuck' | 'never' | 'unchanged' | 'unreadable';

interface StateFacts {
  /** The outbox row still holds its slot locally (its row is the hold). */
  holdsSlot: boolean;
  /** The booking has ended: retention may erase its customer's personal data. */
  ended: boolean;
  /** Staff must act on it: the list's "attention" filter, unless it was booked again. */
  needsStaff: boolean;
  retry: RetryRule;
  discard: DiscardRule;
  /** Counted in this group by monitoring; null: not counted. */
  metrics: BookingGroup | null;
  /** Its name on the staff screen (a key of the English strings, checked in the renderer). */
  label: `outbox.states.${string}`;
  /** The staff list has a filter of its own for it. */
  filter: boolean;
}

export const BOOKING_STATES = {
  queued: {
    holdsSlot: true,
    ended: false,
    needsStaff: true,
    retry: 'send',
    discard: 'discard',
    metrics: 'queued',
    label: 'outbox.states.queued',
    filter: true,
  },
  // A request is under way; left so by a write that failed on a full disk, it is "stuck".
  sending: {
    holdsSlot: true,
    ended: false,
    needsStaff: true,
    retry: 'whenStuck',
    discard: 'whenStuck',
    metrics: 'queued',
    label: 'outbox.states.sending',
    filter: false, // seconds at most: it shows under "all" and "attention"
  },
  sent: {
    holdsSlot: false,
    ended: true,
    needsStaff: false,
    retry: 'unchanged',
    discard: 'never',
    metrics: null,
    label: 'outbox.states.sent',
    filter: true,
  },
  rejected: {
    holdsSlot: false,
    ended: true,
    needsStaff: true,
    retry: 'send',
    discard: 'discard',
    metrics: 'refused',
    label: 'outbox.states.rejected',
    filter: true,
  },
  // The answer was lost and the API may have made it: the slot stays held until staff check.
  unknown: {
    holdsSlot: true,
    ended: false,
    needsStaff: true,
    retry: 'send',
    discard: 'discard',
    metrics: 'unknown',
    label: 'outbox.states.unknown',
    filter: true,
  },
  // Retry queues it again (the list offers Undo instead, for a few seconds).
  discarded: {
    holdsSlot: false,
    ended: true,
    needsStaff: false,
    retry: 'send',
    discard: 'unchanged',
    metrics: null,
    label: 'outbox.states.discarded',
    filter: true,
  },
  // A row the kiosk cannot read back: kept on disk for IT, never sent; staff check it by hand.
  quarantined: {
    holdsSlot: false,
    ended: true,
    needsStaff: true,
    retry: 'unreadable',
    discard: 'unreadable',
    metrics: 'unknown',
    label: 'outbox.states.quarantined',
    filter: true,
  },
} as const satisfies Record<LocalBookingState, StateFacts>;

type Table = typeof BOOKING_STATES;

/** Every state, in the contract's order; the outbox column's enum (drizzle wants a tuple). */
export const BOOKING_STATE_NAMES = Object.keys(BOOKING_STATES) as [
  LocalBookingState,
  ...LocalBookingState[],
];

/** The facts of one state, widened for code that walks the table. */
function factsOf(state: LocalBookingState): StateFacts {
  return BOOKING_STATES[state];
}

const statesWhere = (test: (facts: StateFacts) => boolean): LocalBookingState[] =>
  BOOKING_STATE_NAMES.filter((state) => test(factsOf(state)));

/** States whose entry still holds its slot locally. */
export const HOLDING_STATES: readonly LocalBookingState[] = statesWhere((f) => f.holdsSlot);

/** States in which a booking has ended: retention may erase its personal data. */
export const ENDED_STATES: readonly LocalBookingState[] = statesWhere((f) => f.ended);

/** Bookings staff must act on: not sent yet, refused without a new booking, or unclear. */
export const ATTENTION_STATES: ReadonlySet<LocalBookingState> = new Set(
  statesWhere((f) => f.needsStaff),
);

/**
 * The states the staff list offers Retry and Discard for: both may act on it (the core refuses
 * one in flight). A discarded booking comes back by Undo, not Retry.
 */
export const RETRYABLE_STATES: ReadonlySet<LocalBookingState> = new Set(
  statesWhere((f) => f.retry !== 'unchanged' && f.retry !== 'unreadable' && mayDiscard(f)),
);

function mayDiscard(facts: StateFacts): boolean {
  return facts.discard === 'discard' || facts.discard === 'whenStuck';
}

/** The states with a filter of their own in the staff list, in the table's order. */
export const FILTERED_STATES: readonly LocalBookingState[] = statesWhere((f) => f.filter);

/** Each state's label key (the renderer checks them against its strings). */
export const BOOKING_STATE_LABELS = Object.fromEntries(
  BOOKING_STATE_NAMES.map((state) => [state, BOOKING_STATES[state].label]),
) as { [S in LocalBookingState]: Table[S]['label'] };
