/**
 * The booking states, declared here and nowhere else (as shared/settings.ts declares the
 * settings): for each state what the outbox, retention, staff, monitoring and the customer's
 * confirmation do with a booking in it. The contract's enum (LocalBookingState in
 * shared/kiosk-data.ts) and the outbox column's (electron/core/db/schema.ts) are its keys; what
 * holds a slot in every store, the ended sets, the staff list's filters, attention list and
 * actions, staff's Retry and Discard (electron/core/booking/booking-admin.ts), the metrics
 * groups, the label keys and what the customer is told are derived from it: a new state is one
 * row, and every place that must decide fails compilation until the row says it.
 */

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

/**
 * What a booking in the state does to its time in the availability model (every outbox store
 * and db/refused-slots.ts ask holdsSlot and the lists below): `held`: its row is the hold;
 * `booked`: the API has it, so it blocks the time against lists fetched before it was sent;
 * `refused`: a refusal as taken (409) on it blocks the time against lists fetched before the
 * refusal (a refused booking stays refused when staff discard it); `free`: nothing.
 */
export type SlotFact = 'held' | 'booked' | 'refused' | 'free';

/**
 * What the customer hears of a booking they just made in this state: `booked` (confirmed);
 * `queued` (the kiosk sends it later); `checking` (its answer was lost: the kiosk checks). Any
 * but `booked` keeps a follow-up: the shop may need to get back to the customer.
 */
export type CustomerFact = 'booked' | 'queued' | 'checking';

interface StateFacts {
  slot: SlotFact;
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
  customer: CustomerFact;
}

export const BOOKING_STATES = {
  queued: {
    slot: 'held',
    ended: false,
    needsStaff: true,
    retry: 'send',
    discard: 'discard',
    metrics: 'queued',
    label: 'outbox.states.queued',
    filter: true,
    customer: 'queued',
  },
  // A request is under way; left so by a write that failed on a full disk, it is "stuck".
  sending: {
    slot: 'held',
    ended: false,
    needsStaff: true,
    retry: 'whenStuck',
    discard: 'whenStuck',
    metrics: 'queued',
    label: 'outbox.states.sending',
    filter: false, // seconds at most: it shows under "all" and "attention"
    customer: 'queued',
  },
  sent: {
    slot: 'booked',
    ended: true,
    needsStaff: false,
    retry: 'unchanged',
    discard: 'never',
    metrics: null,
    label: 'outbox.states.sent',
    filter: true,
    customer: 'booked',
  },
  rejected: {
    slot: 'refused',
    ended: true,
    needsStaff: true,
    retry: 'send',
    discard: 'discard',
    metrics: 'refused',
    label: 'outbox.states.rejected',
    filter: true,
    customer: 'queued',
  },
  // The answer was lost and the API may have made it: the slot stays held until staff check.
  unknown: {
    slot: 'held',
    ended: false,
    needsStaff: true,
    retry: 'send',
    discard: 'discard',
    metrics: 'unknown',
    label: 'outbox.states.unknown',
    filter: true,
    customer: 'checking',
  },
  // Retry queues it again (the list offers Undo instead, for a few seconds).
  discarded: {
    slot: 'refused',
    ended: true,
    needsStaff: false,
    retry: 'send',
    discard: 'unchanged',
    metrics: null,
    label: 'outbox.states.discarded',
    filter: true,
    customer: 'queued',
  },
  // A row the kiosk cannot read back: kept on disk for IT, never sent; staff check it by hand.
  quarantined: {
    slot: 'free',
    ended: true,
    needsStaff: true,
    retry: 'unreadable',
    discard: 'unreadable',
    metrics: 'unknown',
    label: 'outbox.states.quarantined',
    filter: true,
    customer: 'queued',
  },
} as const satisfies Record<string, StateFacts>;

type Table = typeof BOOKING_STATES;
/** The contract's LocalBookingState (shared/kiosk-data.ts builds its zod enum from the keys). */
type LocalBookingState = keyof Table;

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

/** Whether an entry in `state` holds its slot: the one test of it, for every outbox store. */
export function holdsSlot(state: LocalBookingState): boolean {
  return factsOf(state).slot === 'held';
}

/** States whose entry holds its slot (SQL's `in` list: the stores' holdsSlot). */
export const HOLDING_STATES: readonly LocalBookingState[] = BOOKING_STATE_NAMES.filter(holdsSlot);

/** States whose entry does not hold its slot (the SQLite store reads every other row). */
export const RELEASED_STATES: readonly LocalBookingState[] = statesWhere((f) => f.slot !== 'held');

/** States whose entry the API has: it blocks its time against lists fetched before it was sent. */
export const BOOKED_STATES: readonly LocalBookingState[] = statesWhere((f) => f.slot === 'booked');

/** States whose refusal as taken blocks the time against lists fetched before it. */
export const REFUSED_STATES: readonly LocalBookingState[] = statesWhere(
  (f) => f.slot === 'refused',
);

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

/** Whether the customer was told their booking is made (else a follow-up is kept for them). */
export function confirmedToCustomer(state: LocalBookingState): boolean {
  return factsOf(state).customer === 'booked';
}

/** What the customer's confirmation says of a booking just made in `state`. */
export function customerFact(state: LocalBookingState): CustomerFact {
  return factsOf(state).customer;
}
