import { describe, expect, it } from 'vitest';
import {
  flowReducer,
  initialFlowState,
  visitRequestOf,
  type FlowAction,
  type FlowState,
} from '../../renderer/flow/flow-machine';

const run = (actions: FlowAction[], from: FlowState = initialFlowState): FlowState =>
  actions.reduce(flowReducer, from);

const atTime = run([
  { type: 'begin' },
  { type: 'chooseService', serviceId: 'cut' },
  { type: 'chooseDay', date: '2026-11-24' },
]);
const anna = { time: '09:00', employeeId: 'anna', employeeName: 'Anna' };
const parts = [
  { serviceId: 'cut', time: '09:00', employeeId: 'anna', employeeName: 'Anna' },
  { serviceId: 'colour', time: '09:30', employeeId: 'ben', employeeName: 'Ben' },
];

describe('the flow with several services in one visit', () => {
  it('adds services from the time screen up to three, each once; back returns to the grid', () => {
    const adding = run([{ type: 'addService' }], atTime);
    expect(adding.step).toBe('addService');
    expect(run([{ type: 'back' }], adding).step).toBe('time');
    const added = run(
      [
        { type: 'chooseExtraService', serviceId: 'colour' },
        { type: 'addService' },
        { type: 'chooseExtraService', serviceId: 'colour' }, // twice: ignored
        { type: 'addService' },
        { type: 'chooseExtraService', serviceId: 'styling' },
        { type: 'addService' },
        { type: 'chooseExtraService', serviceId: 'nails' }, // a fourth: ignored
      ],
      adding,
    );
    expect(added.step).toBe('time');
    expect(added.draft.then).toEqual(['colour', 'styling']);
    expect(run([{ type: 'removeExtraService', serviceId: 'colour' }], added).draft.then).toEqual([
      'styling',
    ]);
  });

  it('another first service starts a new visit; a taken slot forgets the chosen visit', () => {
    const withVisit = run(
      [
        { type: 'addService' },
        { type: 'chooseExtraService', serviceId: 'colour' },
        { type: 'chooseVisitSlot', slot: anna, visit: parts },
      ],
      atTime,
    );
    expect(withVisit.step).toBe('details');
    expect(withVisit.draft.visit).toEqual(parts);
    expect(run([{ type: 'slotTaken' }], withVisit).draft.visit).toBeNull();
    const other = run(
      [{ type: 'begin' }, { type: 'chooseService', serviceId: 'nails' }],
      withVisit,
    );
    expect(other.draft.then).toEqual([]);
  });

  it('the visit request has every service on the chosen day with its own time and person', () => {
    const state = run(
      [
        { type: 'addService' },
        { type: 'chooseExtraService', serviceId: 'colour' },
        { type: 'chooseVisitSlot', slot: anna, visit: parts },
        { type: 'editCustomer', field: 'name', value: ' Eva ' },
        { type: 'editCustomer', field: 'email', value: 'eva@example.com' },
        { type: 'editCustomer', field: 'phone', value: '030 1234' },
      ],
      atTime,
    );
    expect(visitRequestOf(state.draft)).toEqual({
      customer: { name: 'Eva', email: 'eva@example.com', phone: '030 1234' },
      parts: [
        { serviceId: 'cut', employeeId: 'anna', date: '2026-11-24', time: '09:00' },
        { serviceId: 'colour', employeeId: 'ben', date: '2026-11-24', time: '09:30' },
      ],
    });
    // A single booking has no visit request.
    const single = run([{ type: 'chooseSlot', slot: anna }], atTime);
    expect(visitRequestOf(single.draft)).toBeNull();
  });
});
