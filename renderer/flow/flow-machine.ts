/**
 * The walk-in flow as a pure state machine: screens are views of this state, and every change
 * goes through `flowReducer`, so that the idle reset, the 409 path and "rebook" are testable
 * without React.
 */
import type { BookingRequest } from '../../shared/api/schemas';
import type {
  CreateBookingResult,
  CreateVisitResult,
  CreateVisitInput,
  VisitPartOffer,
} from '../../shared/kiosk-api';
import { assertNever } from '../../shared/result';
import { MAX_VISIT_SERVICES } from '../../shared/booking/visit-fit';
import type { CustomerDraft } from '../lib/validation';

/** `addService`: choosing another service for the same visit (from the time screen). */
export type FlowStep =
  'start' | 'service' | 'day' | 'time' | 'addService' | 'details' | 'review' | 'done';

export interface ChosenSlot {
  time: string;
  employeeId: string;
  employeeName: string | null;
}

export interface FlowDraft {
  serviceId: string | null;
  /** The customer's choice of person; null means "anyone". */
  employeeId: string | null;
  date: string | null;
  slot: ChosenSlot | null;
  customer: CustomerDraft;
  notes: string;
  /** Services after the first in one visit (issue 19), in order; empty for one service. */
  then: string[];
  /** The chosen visit's services with their times and people (null: a single booking). */
  visit: VisitPartOffer[] | null;
}

/** Why the customer is back at the time grid. */
export type FlowNotice = 'slot_taken' | 'slot_gone' | null;

export interface FlowState {
  step: FlowStep;
  draft: FlowDraft;
  notice: FlowNotice;
  /**
   * Times the kiosk learnt are gone this session, per person (`goneSlotKey`), hidden even if a
   * cached grid offers them: that person's time, not the other people's at that hour.
   */
  goneSlots: string[];
  /** The "next free appointment" shortcut skips the day and time screens; back returns to services. */
  quick: boolean;
  outcome: CreateBookingResult | null;
  /** What became of each service of a visit (null: a single booking). */
  visitOutcome: CreateVisitResult | null;
}

export type FlowAction =
  | { type: 'begin' }
  | { type: 'chooseService'; serviceId: string }
  | { type: 'takeNextFree'; serviceId: string; date: string; slot: ChosenSlot }
  | { type: 'chooseDay'; date: string }
  | { type: 'chooseEmployee'; employeeId: string | null }
  | { type: 'chooseSlot'; slot: ChosenSlot }
  | { type: 'editCustomer'; field: keyof CustomerDraft; value: string }
  | { type: 'editNotes'; value: string }
  | { type: 'submitDetails' }
  | { type: 'slotRefreshed'; slot: ChosenSlot; visit?: VisitPartOffer[] }
  | { type: 'addService' }
  | { type: 'chooseExtraService'; serviceId: string }
  | { type: 'removeExtraService'; serviceId: string }
  | { type: 'chooseVisitSlot'; slot: ChosenSlot; visit: VisitPartOffer[] }
  | { type: 'visitBooked'; outcome: CreateVisitResult; first: CreateBookingResult | null }
  | { type: 'slotGone' }
  | { type: 'slotTaken' }
  | { type: 'booked'; outcome: CreateBookingResult }
  | { type: 'back' }
  | { type: 'reset' };

const emptyCustomer: CustomerDraft = { name: '', email: '', phone: '' };

export const initialFlowState: FlowState = {
  step: 'start',
  draft: {
    serviceId: null,
    employeeId: null,
    date: null,
    slot: null,
    customer: emptyCustomer,
    notes: '',
    then: [],
    visit: null,
  },
  notice: null,
  goneSlots: [],
  quick: false,
  outcome: null,
  visitOutcome: null,
};

/** A time gone for one person (issue 37: the others' times at that hour stay on offer). */
export function goneSlotKey(date: string, time: string, employeeId: string | undefined): string {
  return `${date} ${time} ${employeeId ?? ''}`;
}

function goneKey(draft: FlowDraft): string[] {
  return draft.date && draft.slot
    ? [goneSlotKey(draft.date, draft.slot.time, draft.slot.employeeId)]
    : [];
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  const { draft } = state;
  switch (action.type) {
    case 'begin':
      return { ...initialFlowState, step: 'service' };
    case 'chooseService':
      return {
        ...state,
        step: 'day',
        quick: false,
        notice: null,
        // The person chosen for another service may not do this one.
        draft: {
          ...draft,
          serviceId: action.serviceId,
          employeeId: action.serviceId === draft.serviceId ? draft.employeeId : null,
          date: null,
          slot: null,
          then: action.serviceId === draft.serviceId ? draft.then : [],
          visit: null,
        },
      };
    case 'takeNextFree':
      return {
        ...state,
        step: 'details',
        quick: true,
        notice: null,
        draft: {
          ...draft,
          serviceId: action.serviceId,
          employeeId: null,
          date: action.date,
          slot: action.slot,
          then: [],
          visit: null,
        },
      };
    case 'chooseDay':
      return {
        ...state,
        step: 'time',
        notice: null,
        draft: { ...draft, date: action.date, slot: null },
      };
    case 'chooseEmployee':
      return {
        ...state,
        notice: null,
        draft: { ...draft, employeeId: action.employeeId, slot: null },
      };
    case 'chooseSlot':
      return {
        ...state,
        step: 'details',
        quick: false,
        notice: null,
        draft: { ...draft, slot: action.slot, visit: null },
      };
    case 'addService':
      return state.step === 'time' ? { ...state, step: 'addService', notice: null } : state;
    case 'chooseExtraService':
      if (draft.then.length + 1 >= MAX_VISIT_SERVICES || draft.then.includes(action.serviceId))
        return { ...state, step: 'time' };
      return {
        ...state,
        step: 'time',
        draft: { ...draft, then: [...draft.then, action.serviceId], slot: null, visit: null },
      };
    case 'removeExtraService':
      return {
        ...state,
        draft: {
          ...draft,
          then: draft.then.filter((id) => id !== action.serviceId),
          slot: null,
          visit: null,
        },
      };
    case 'chooseVisitSlot':
      return {
        ...state,
        step: 'details',
        quick: false,
        notice: null,
        draft: { ...draft, slot: action.slot, visit: action.visit },
      };
    case 'visitBooked':
      return { ...state, step: 'done', outcome: action.first, visitOutcome: action.outcome };
    case 'editCustomer':
      return {
        ...state,
        draft: { ...draft, customer: { ...draft.customer, [action.field]: action.value } },
      };
    case 'editNotes':
      return { ...state, draft: { ...draft, notes: action.value } };
    case 'submitDetails':
      return state.step === 'details' ? { ...state, step: 'review' } : state;
    case 'slotRefreshed':
      return {
        ...state,
        draft: { ...draft, slot: action.slot, visit: action.visit ?? draft.visit },
      };
    case 'slotGone':
    case 'slotTaken':
      // Back to the grid of the same day, keeping the customer's details; the slot is hidden.
      return {
        ...state,
        step: 'time',
        quick: false,
        notice: action.type === 'slotGone' ? 'slot_gone' : 'slot_taken',
        goneSlots: [...state.goneSlots, ...goneKey(draft)],
        draft: { ...draft, slot: null, visit: null },
      };
    case 'booked':
      return { ...state, step: 'done', outcome: action.outcome };
    case 'back':
      return { ...state, notice: null, step: previousStep(state) };
    case 'reset':
      return initialFlowState;
    default:
      return assertNever(action);
  }
}

/**
 * The flow is back at the start by a reset (finish, cancel, idle): the customer's session ends.
 * Back from the services keeps it (their language and audio mode), until they finish or go idle.
 */
export function endsSession(state: FlowState): boolean {
  return state === initialFlowState;
}

function previousStep(state: FlowState): FlowStep {
  switch (state.step) {
    case 'start':
    case 'service':
      return 'start';
    case 'day':
      return 'service';
    case 'time':
      return 'day';
    case 'addService':
      return 'time';
    case 'details':
      return state.quick ? 'service' : 'time';
    case 'review':
      return 'details';
    case 'done':
      return 'done'; // a booking cannot be undone from the kiosk
    default:
      return assertNever(state.step);
  }
}

/** The booking request of a complete draft, or null while something is missing. */
export function bookingRequestOf(draft: FlowDraft): BookingRequest | null {
  if (!draft.serviceId || !draft.date || !draft.slot) return null;
  const notes = draft.notes.trim();
  return {
    serviceId: draft.serviceId,
    employeeId: draft.slot.employeeId,
    date: draft.date,
    time: draft.slot.time,
    customer: {
      name: draft.customer.name.trim(),
      email: draft.customer.email.trim(),
      phone: draft.customer.phone.trim(),
    },
    ...(notes ? { notes } : {}),
  };
}

/** Step number for the progress indicator (1-5), or null outside the numbered steps. */
export function stepNumber(step: FlowStep): number | null {
  const order: FlowStep[] = ['service', 'day', 'time', 'details', 'review'];
  const index = order.indexOf(step);
  return index < 0 ? null : index + 1;
}

/** The visit's request (several services, issue 19) of a complete draft, or null. */
export function visitRequestOf(draft: FlowDraft): CreateVisitInput | null {
  const single = bookingRequestOf(draft);
  if (!single || !draft.visit || draft.visit.length < 2) return null;
  const { customer, notes } = single;
  return {
    customer,
    ...(notes ? { notes } : {}),
    parts: draft.visit.map((part) => ({
      serviceId: part.serviceId,
      employeeId: part.employeeId,
      date: single.date,
      time: part.time,
    })),
  };
}
