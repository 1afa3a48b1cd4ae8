import { describe, expect, it } from 'vitest';
import {
  bookingRequestOf,
  flowReducer,
  initialFlowState,
  stepNumber,
  type FlowAction,
  type FlowState,
} from '../../renderer/flow/flow-machine';

const slot = { time: '09:30', employeeId: 'emp-anna', employeeName: 'Anna' };

function run(actions: FlowAction[], from: FlowState = initialFlowState): FlowState {
  return actions.reduce(flowReducer, from);
}

const toDetails: FlowAction[] = [
  { type: 'begin' },
  { type: 'chooseService', serviceId: 'svc-cut' },
  { type: 'chooseDay', date: '2026-11-24' },
  { type: 'chooseSlot', slot },
];

describe('flowReducer', () => {
  it('walks start -> service -> day -> time -> details -> review -> done', () => {
    const steps = [
      ...toDetails,
      { type: 'editCustomer', field: 'name', value: ' Eva ' },
      { type: 'submitDetails' },
      { type: 'booked', outcome: { localId: 'l1', reference: 'L1', state: 'sent', booking: null } },
    ] satisfies FlowAction[];
    const seen = steps.map((_, i) => run(steps.slice(0, i + 1)).step);
    expect(seen).toEqual(['service', 'day', 'time', 'details', 'details', 'review', 'done']);
  });

  it('goes back one screen at a time, and from a shortcut back to the services', () => {
    const details = run(toDetails);
    expect(run([{ type: 'back' }], details).step).toBe('time');
    expect(run([{ type: 'back' }, { type: 'back' }, { type: 'back' }], details).step).toBe(
      'service',
    );
    const quick = run([
      { type: 'begin' },
      { type: 'takeNextFree', serviceId: 'svc-cut', date: '2026-11-23', slot },
    ]);
    expect(quick.step).toBe('details');
    expect(run([{ type: 'back' }], quick).step).toBe('service');
  });

  it('a taken slot returns to the time grid, keeps the details and hides the slot', () => {
    const review = run([
      ...toDetails,
      { type: 'editCustomer', field: 'email', value: 'eva@example.com' },
      { type: 'submitDetails' },
    ]);
    const back = flowReducer(review, { type: 'slotTaken' });
    expect(back.step).toBe('time');
    expect(back.notice).toBe('slot_taken');
    expect(back.draft.slot).toBeNull();
    expect(back.draft.customer.email).toBe('eva@example.com');
    // Gone for Anna only: another person's 09:30 stays on offer (issue 37).
    expect(back.goneSlots).toEqual(['2026-11-24 09:30 emp-anna']);
    expect(flowReducer(review, { type: 'slotGone' }).notice).toBe('slot_gone');
  });

  it('reset clears every personal field', () => {
    const filled = run([
      ...toDetails,
      { type: 'editCustomer', field: 'name', value: 'Eva' },
      { type: 'editCustomer', field: 'phone', value: '0301234' },
      { type: 'editNotes', value: 'window seat' },
    ]);
    expect(flowReducer(filled, { type: 'reset' })).toEqual(initialFlowState);
  });

  it('builds a trimmed booking request only when the draft is complete', () => {
    expect(bookingRequestOf(run([{ type: 'begin' }]).draft)).toBeNull();
    const draft = run([
      ...toDetails,
      { type: 'editCustomer', field: 'name', value: ' Eva ' },
      { type: 'editCustomer', field: 'email', value: 'eva@example.com ' },
      { type: 'editCustomer', field: 'phone', value: '030 1234' },
      { type: 'editNotes', value: '  ' },
    ]).draft;
    expect(bookingRequestOf(draft)).toEqual({
      serviceId: 'svc-cut',
      employeeId: 'emp-anna',
      date: '2026-11-24',
      time: '09:30',
      customer: { name: 'Eva', email: 'eva@example.com', phone: '030 1234' },
    });
  });

  it('numbers the five steps', () => {
    expect(
      ['start', 'service', 'review', 'done'].map((s) => stepNumber(s as FlowState['step'])),
    ).toEqual([null, 1, 5, null]);
  });
});
