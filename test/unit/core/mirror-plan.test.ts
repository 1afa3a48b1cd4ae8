import { describe, expect, it } from 'vitest';
import { DEFAULT_MIRROR_POLICY, planNext, slotsKey, daysKey, taskKey, type PlanInput } from '../../../electron/core/mirror/plan';

const NOW = 1_000_000_000;
const MIN = 60_000;

function input(overrides: Partial<PlanInput> = {}): PlanInput {
  return {
    now: NOW,
    open: true,
    opensAt: null,
    today: '2026-11-24',
    nowTime: '10:00',
    dates: ['2026-11-24', '2026-11-25'],
    months: [{ year: 2026, month: 11 }],
    serviceIds: ['a', 'b'],
    servicesFetchedAt: NOW - MIN,
    employeesFetchedAt: NOW - MIN,
    days: new Map([
      [daysKey(2026, 11, 'a'), { fetchedAt: NOW - MIN, availableDays: [24, 25] }],
      [daysKey(2026, 11, 'b'), { fetchedAt: NOW - MIN, availableDays: [24] }],
    ]),
    slots: new Map(),
    failedUntil: new Map(),
    ...overrides,
  };
}

const fresh = (ageMin: number, lastSlotTime: string | null = '18:00') => ({ fetchedAt: NOW - ageMin * MIN, lastSlotTime });

describe('planNext', () => {
  it('fetches the catalog first on a cold cache', () => {
    expect(planNext(input({ servicesFetchedAt: null, employeesFetchedAt: null })).task).toEqual({ kind: 'services' });
  });

  it('puts today first among equally stale days', () => {
    expect(planNext(input()).task).toEqual({ kind: 'slots', date: '2026-11-24', serviceId: 'a' });
  });

  it('refreshes today after its max age and the next days after theirs', () => {
    const slots = new Map([
      [slotsKey('2026-11-24', 'a'), fresh(9)],
      [slotsKey('2026-11-24', 'b'), fresh(9)],
      [slotsKey('2026-11-25', 'a'), fresh(30)],
      [slotsKey('2026-11-25', 'b'), fresh(30)],
    ]);
    const idle = planNext(input({ slots }));
    expect(idle.task).toBeNull();
    expect(idle.nextAt).toBe(NOW - 9 * MIN + DEFAULT_MIRROR_POLICY.todayMaxAgeMs);
    slots.set(slotsKey('2026-11-24', 'b'), fresh(10));
    expect(planNext(input({ slots })).task).toEqual({ kind: 'slots', date: '2026-11-24', serviceId: 'b' });
  });

  it('refreshes rarely what cannot change: a finished day, a day without availability', () => {
    const slots = new Map([
      [slotsKey('2026-11-24', 'a'), fresh(30, '09:45')], // last slot already passed
      [slotsKey('2026-11-24', 'b'), fresh(9)],
      [slotsKey('2026-11-25', 'a'), fresh(30)],
      [slotsKey('2026-11-25', 'b'), fresh(120)], // b has no availability on the 25th
    ]);
    expect(planNext(input({ slots })).task).toBeNull();
  });

  it('outside opening hours fills only a cold catalog, month view and today', () => {
    const slots = new Map([[slotsKey('2026-11-24', 'a'), fresh(500)]]);
    expect(planNext(input({ slots, open: false })).task).toEqual({ kind: 'slots', date: '2026-11-24', serviceId: 'b' });
    slots.set(slotsKey('2026-11-24', 'b'), fresh(500));
    expect(planNext(input({ slots, open: false })).task).toBeNull();
    expect(planNext(input({ open: false, servicesFetchedAt: null })).task).toEqual({ kind: 'services' });
  });

  it('skips a task that just failed until its backoff has passed', () => {
    const failedUntil = new Map([['slots:2026-11-24|a', NOW + 5_000]]);
    expect(planNext(input({ failedUntil })).task).toEqual({ kind: 'slots', date: '2026-11-24', serviceId: 'b' });
  });

  it('names every task apart, so that one failing task blocks only itself', () => {
    const keys = [
      taskKey({ kind: 'services' }),
      taskKey({ kind: 'employees' }),
      taskKey({ kind: 'days', year: 2026, month: 11, serviceId: 'a' }),
      taskKey({ kind: 'days', year: 2026, month: 12, serviceId: 'a' }),
      taskKey({ kind: 'slots', date: '2026-11-24', serviceId: 'a' }),
      taskKey({ kind: 'slots', date: '2026-11-24', serviceId: 'b' }),
    ];
    expect(keys).toEqual(['services', 'employees', 'days:2026-11|a', 'days:2026-12|a', 'slots:2026-11-24|a', 'slots:2026-11-24|b']);
    // A failing services fetch leaves employees due.
    const blocked = planNext(input({ servicesFetchedAt: null, employeesFetchedAt: null, failedUntil: new Map([['services', NOW + 5_000]]) }));
    expect(blocked.task).toEqual({ kind: 'employees' });
  });

  it('plans no slots or month views before the services are known', () => {
    const plan = planNext(input({ servicesFetchedAt: null, failedUntil: new Map([['services', NOW + 5_000]]) }));
    expect(plan.task).toBeNull();
    expect(plan.nextAt).toBe(NOW + 5_000);
  });
});
