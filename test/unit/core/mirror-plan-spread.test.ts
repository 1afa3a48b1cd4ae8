/**
 * Issue 37, the mirror's plan: what a start asks first (the customer's first screens), how many
 * requests any window of `windowMs` may hold, a person's days (after the first screens), and the
 * lists a booking of this kiosk made stale (brought forward, not left to their age). Pure: the
 * plan is driven as the mirror would drive it, each request taking a second.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MIRROR_POLICY,
  daysKey,
  personDaysKey,
  planNext,
  slotsKey,
  taskKey,
  type BookedList,
  type MirrorPolicy,
  type MirrorTask,
  type PlanInput,
} from '../../../electron/core/mirror/plan';
import { personDayPairs } from '../../../electron/core/mirror/person-days';
import { apiEmployee, apiService } from '../../support/api-fixtures';

const NOW = 1_000_000_000;
const SEC = 1_000;
const MIN = 60_000;
/** The window's mechanics without the customers' share (see the default policy's test). */
const policy: MirrorPolicy = { ...DEFAULT_MIRROR_POLICY, openDays: 2, windowReserve: 0 };
const PEOPLE = [
  { serviceId: 'a', employeeId: 'anna' },
  { serviceId: 'b', employeeId: 'anna' },
];
/** The calendars the API answers: a open on the 24th and 25th, b on the 24th. */
const CALENDAR: Record<string, number[]> = {
  [daysKey(2026, 11, 'a')]: [24, 25],
  [daysKey(2026, 11, 'b')]: [24],
  [daysKey(2026, 12, 'a')]: [],
  [daysKey(2026, 12, 'b')]: [],
};

function cold(overrides: Partial<PlanInput> = {}): PlanInput {
  return {
    now: NOW,
    open: true,
    opensAt: null,
    today: '2026-11-24',
    nowTime: '10:00',
    dates: ['2026-11-24', '2026-11-25'],
    months: [
      { year: 2026, month: 11 },
      { year: 2026, month: 12 },
    ],
    serviceIds: ['a', 'b'],
    servicesFetchedAt: null,
    employeesFetchedAt: null,
    days: new Map(),
    slots: new Map(),
    failedUntil: new Map(),
    people: PEOPLE,
    personDays: new Map(),
    spent: [],
    ...overrides,
  };
}

const label = (task: MirrorTask): string => taskKey(task);

/** Runs the plan for `ms` as the mirror would: each task answered a second later. */
function drive(start: PlanInput, ms: number, plan: MirrorPolicy = policy) {
  let state = start;
  const sent: { at: number; task: string }[] = [];
  while (state.now < start.now + ms) {
    const next = planNext(state, plan);
    if (!next.task) {
      state = { ...state, now: Math.min(next.nextAt, start.now + ms) };
      continue;
    }
    const { task } = next;
    sent.push({ at: state.now, task: label(task) });
    const at = state.now;
    const days = new Map(state.days);
    const slots = new Map(state.slots);
    const personDays = new Map(state.personDays);
    if (task.kind === 'days' && task.employeeId)
      personDays.set(personDaysKey(task.year, task.month, task.serviceId, task.employeeId), at);
    else if (task.kind === 'days') {
      const key = daysKey(task.year, task.month, task.serviceId);
      days.set(key, { fetchedAt: at, availableDays: CALENDAR[key] ?? [] });
    }
    if (task.kind === 'slots' && !task.employeeId)
      slots.set(slotsKey(task.date, task.serviceId), {
        fetchedAt: at,
        lastSlotTime: '18:00',
        anyAvailable: true,
      });
    state = {
      ...state,
      now: at + SEC,
      days,
      slots,
      personDays,
      servicesFetchedAt: task.kind === 'services' ? at : state.servicesFetchedAt,
      employeesFetchedAt: task.kind === 'employees' ? at : state.employeesFetchedAt,
      spent: [...(state.spent ?? []), at],
    };
  }
  return { sent, state };
}

/** The most requests any span of `windowMs` (both ends included) holds. */
function busiestWindow(times: number[], windowMs: number): number {
  return Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u <= t + windowMs).length));
}

describe('a start: the first screens first, spread over windows', () => {
  it('asks the catalog, both months of calendars, the slot lists nearest first, then the people\u2019s days', () => {
    const { sent } = drive(cold(), 5 * MIN);
    expect(sent.map((s) => s.task)).toEqual([
      'services',
      'employees',
      'days:2026-11|a',
      'days:2026-11|b',
      'days:2026-12|a',
      'days:2026-12|b',
      'slots:2026-11-24|a',
      'slots:2026-11-24|b',
      'slots:2026-11-25|a',
      'days:2026-11|a|anna',
      'days:2026-11|b|anna',
      'days:2026-12|a|anna',
      'days:2026-12|b|anna',
    ]);
  });

  it('never holds more than windowRequests in any windowMs; what is due beyond waits for room', () => {
    const tight = { ...policy, windowRequests: 5, windowMs: 10 * MIN };
    const { sent } = drive(cold(), 60 * MIN, tight);
    // The fill (13) and today's lists again every ~10 minutes, never more than five a window.
    expect(new Set(sent.map((s) => s.task)).size).toBe(13);
    expect(
      busiestWindow(
        sent.map((s) => s.at),
        tight.windowMs,
      ),
    ).toBe(5);
    // The first five at once, the next five one window (and a millisecond) after them.
    expect(sent[4]?.at).toBe(NOW + 4 * SEC);
    expect(sent[5]?.at).toBe(NOW + 10 * MIN + 1);
    // Still in the order of the first screens.
    expect(sent.slice(0, 6).map((s) => s.task)).toEqual([
      'services',
      'employees',
      'days:2026-11|a',
      'days:2026-11|b',
      'days:2026-12|a',
      'days:2026-12|b',
    ]);
  });

  it('with the window full it names when there is room: the oldest request a window (and 1 ms) on', () => {
    const spent = Array.from({ length: 60 }, (_, i) => NOW - 9 * MIN + i * SEC);
    const full = planNext(cold({ spent }), policy);
    expect(full).toEqual({ task: null, nextAt: NOW - 9 * MIN + 10 * MIN + 1 });
    // A request exactly a window ago still counts; one before it no longer does.
    const edge = [NOW - 10 * MIN, ...spent.slice(1)];
    expect(planNext(cold({ spent: edge }), policy).task).toBeNull();
    expect(planNext(cold({ spent: [NOW - 10 * MIN - 1, ...spent.slice(1)] }), policy).task).toEqual(
      { kind: 'services' },
    );
  });

  it.each([
    ['closed (a cold start at night)', false, 42],
    ['in opening hours, 20 of the 60 left to the customers\u2019 screens (issue 37)', true, 26],
  ])(
    'the default policy, %s: a demo-sized cold fill (56), nearest days first',
    (_, open, first) => {
      const serviceIds = ['s1', 's2', 's3', 's4', 's5', 's6'];
      const calendar = new Map(
        serviceIds.flatMap((id) => [
          [daysKey(2026, 11, id), { fetchedAt: NOW, availableDays: [24, 25, 26, 27, 28, 30] }],
          [daysKey(2026, 12, id), { fetchedAt: NOW, availableDays: [1, 2, 3] }],
        ]),
      );
      // The catalog and the 12 calendars were the window's first 14 requests.
      let state = cold({
        open,
        opensAt: open ? null : NOW + 10 * 3_600_000,
        serviceIds,
        people: serviceIds.map((serviceId) => ({ serviceId, employeeId: 'p1' })),
        servicesFetchedAt: NOW,
        employeesFetchedAt: NOW,
        days: calendar,
        dates: Array.from({ length: 7 }, (_, i) => `2026-11-${24 + i}`),
        spent: Array.from({ length: 14 }, () => NOW),
      });
      const tasks: MirrorTask[] = [];
      for (let next = planNext(state, DEFAULT_MIRROR_POLICY); next.task;) {
        const { task } = next;
        tasks.push(task);
        const slots = new Map(state.slots);
        if (task.kind === 'slots') slots.set(slotsKey(task.date, task.serviceId), fresh());
        state = { ...state, slots, spent: [...(state.spent ?? []), NOW] };
        next = planNext(state, DEFAULT_MIRROR_POLICY);
      }
      // Closed, 7 open days x 6 services in the first window; in opening hours 26 of them (the
      // nearest days first), 20 of the 60 left to the customers. The people's days wait for the
      // window to empty below 50 (30 in opening hours).
      expect(tasks).toHaveLength(first);
      expect(tasks.every((task) => task.kind === 'slots')).toBe(true);
      expect(new Set(tasks.map((task) => (task.kind === 'slots' ? task.date : ''))).size).toBe(
        Math.ceil(first / serviceIds.length),
      );
      expect(planNext(state, DEFAULT_MIRROR_POLICY).task).toBeNull();
      if (!open) return;
      // The customers' share left: a booking's lists wait for room too (the availability model
      // covers the booking at once).
      const task = { kind: 'slots', date: '2026-11-25', serviceId: 's1' } as const;
      const booked = [{ task, fetchedAt: NOW, firstAt: NOW + 1, lastAt: NOW + 1 }];
      const later = { ...state, now: NOW + MIN, booked };
      expect(planNext(later, DEFAULT_MIRROR_POLICY)).toEqual({
        task: null,
        nextAt: NOW + DEFAULT_MIRROR_POLICY.windowMs + 1,
      });
    },
  );
});

const fresh = (ageMin = 0) => ({
  fetchedAt: NOW - ageMin * MIN,
  lastSlotTime: '18:00',
  anyAvailable: true,
});

/** The state after a warm fill: everything fetched a minute ago, the window empty again. */
function warm(overrides: Partial<PlanInput> = {}): PlanInput {
  const days = new Map(
    Object.entries(CALENDAR).map(([key, availableDays]) => [
      key,
      { fetchedAt: NOW - MIN, availableDays },
    ]),
  );
  const slots = new Map([
    [slotsKey('2026-11-24', 'a'), fresh(1)],
    [slotsKey('2026-11-24', 'b'), fresh(1)],
    [slotsKey('2026-11-25', 'a'), fresh(1)],
  ]);
  const personDays = new Map(
    PEOPLE.flatMap(({ serviceId, employeeId }) => [
      [personDaysKey(2026, 11, serviceId, employeeId), NOW - MIN],
      [personDaysKey(2026, 12, serviceId, employeeId), NOW - MIN],
    ]),
  );
  return cold({
    servicesFetchedAt: NOW - MIN,
    employeesFetchedAt: NOW - MIN,
    days,
    slots,
    personDays,
    ...overrides,
  });
}

describe("a person's days", () => {
  it('are kept by personDaysMaxAgeMs; never fetched, they wait behind a list past its age', () => {
    expect(planNext(warm(), policy).task).toBeNull();
    const old = new Map(warm().personDays).set(
      personDaysKey(2026, 11, 'b', 'anna'),
      NOW - policy.personDaysMaxAgeMs - 1,
    );
    expect(planNext(warm({ personDays: old }), policy).task).toEqual({
      kind: 'days',
      year: 2026,
      month: 11,
      serviceId: 'b',
      employeeId: 'anna',
    });
    // Never fetched (a person seen for the first time) and today's list a minute past its age:
    // today's list first.
    const none = new Map(warm().personDays);
    none.delete(personDaysKey(2026, 12, 'a', 'anna'));
    const slots = new Map(warm().slots).set(slotsKey('2026-11-24', 'b'), fresh(11));
    expect(planNext(warm({ personDays: none, slots }), policy).task).toEqual({
      kind: 'slots',
      date: '2026-11-24',
      serviceId: 'b',
    });
    expect(planNext(warm({ personDays: none }), policy).task).toEqual({
      kind: 'days',
      year: 2026,
      month: 12,
      serviceId: 'a',
      employeeId: 'anna',
    });
  });

  it('are named apart from the service\u2019s calendar (one failing blocks only itself)', () => {
    const calendar: MirrorTask = { kind: 'days', year: 2026, month: 11, serviceId: 'a' };
    const own: MirrorTask = { ...calendar, employeeId: 'anna' };
    expect(taskKey(own)).not.toBe(taskKey(calendar));
  });

  it('are kept for each bookable person seen doing the service, in the catalog\u2019s order', () => {
    const services = [apiService('cut'), apiService('beard'), apiService('colour')];
    const employees = [
      apiEmployee('anna'),
      apiEmployee('lukas', { available: false }),
      apiEmployee('mehmet'),
    ];
    const offered = new Map([
      ['mehmet', new Set(['beard', 'cut'])],
      ['anna', new Set(['cut'])],
      ['lukas', new Set(['cut'])],
    ]);
    expect(personDayPairs(services, employees, offered)).toEqual([
      { serviceId: 'cut', employeeId: 'anna' },
      { serviceId: 'cut', employeeId: 'mehmet' },
      { serviceId: 'beard', employeeId: 'mehmet' },
    ]);
  });
});

describe('after a booking of this kiosk', () => {
  const anyList = { kind: 'slots', date: '2026-11-25', serviceId: 'a' } as const;
  const annaList = { ...anyList, employeeId: 'anna' } as const;
  const booked = (list: Partial<BookedList> & Pick<BookedList, 'task'>): BookedList[] => [
    { fetchedAt: NOW - MIN, firstAt: NOW - 10 * SEC, lastAt: NOW - 10 * SEC, ...list },
  ];

  it("brings that day's lists forward: due bookedRefreshDelayMs after the booking, first of what is due", () => {
    // The 25th's list is a minute old: its own age (about an hour) would keep it 58 minutes more.
    const waiting = planNext(warm({ booked: booked({ task: anyList }) }), policy);
    expect(waiting).toEqual({ task: null, nextAt: NOW - 10 * SEC + policy.bookedRefreshDelayMs });
    const due = warm({
      now: NOW + 20 * SEC,
      booked: booked({ task: anyList }).concat(booked({ task: annaList })),
      slots: new Map(warm().slots).set(slotsKey('2026-11-24', 'a'), fresh(11)),
    });
    const order: MirrorTask[] = [];
    const failedUntil = new Map<string, number>();
    for (let i = 0; i < 5; i += 1) {
      const { task } = planNext({ ...due, failedUntil }, policy);
      if (!task) break;
      order.push(task);
      failedUntil.set(taskKey(task), Infinity);
    }
    // Both booked lists, then the today's list just past its age.
    expect(order).toEqual([
      anyList,
      annaList,
      { kind: 'slots', date: '2026-11-24', serviceId: 'a' },
    ]);
  });

  it('is done once the list was fetched after the last booking; one fetched between two waits the delay after it', () => {
    expect(
      planNext(warm({ now: NOW + MIN, booked: booked({ task: anyList, fetchedAt: NOW }) }), policy)
        .task,
    ).toBeNull();
    const between = booked({ task: anyList, fetchedAt: NOW, lastAt: NOW + 5 * SEC });
    expect(planNext(warm({ now: NOW + 10 * SEC, booked: between }), policy)).toEqual({
      task: null,
      nextAt: NOW + policy.bookedRefreshDelayMs,
    });
    expect(
      planNext(warm({ now: NOW + policy.bookedRefreshDelayMs, booked: between }), policy).task,
    ).toEqual(anyList);
  });

  it('waits for the opening while closed, and for room in the window', () => {
    const list = booked({ task: anyList });
    const closed = warm({ now: NOW + MIN, open: false, opensAt: NOW + 60 * MIN, booked: list });
    expect(planNext(closed, policy)).toEqual({ task: null, nextAt: NOW + 60 * MIN });
    const spent = Array.from({ length: 60 }, (_, i) => NOW - 5 * MIN + i * SEC);
    expect(planNext(warm({ now: NOW + MIN, booked: list, spent }), policy)).toEqual({
      task: null,
      nextAt: NOW - 5 * MIN + 10 * MIN + 1,
    });
  });
});
