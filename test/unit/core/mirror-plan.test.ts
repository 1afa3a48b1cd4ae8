import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MIRROR_POLICY,
  MIRROR_TASKS,
  planNext,
  slotsKey,
  daysKey,
  taskKey,
  type MirrorTask,
  type PlanInput,
} from '../../../electron/core/mirror/plan';
import { isOpenOn, overlayAvailableDays } from '../../../electron/core/mirror/derived-days';
import { apiOperationNames, apiOperations } from '../../../shared/api/operations';

const NOW = 1_000_000_000;
const MIN = 60_000;
const policy = { ...DEFAULT_MIRROR_POLICY, openDays: 3 };

function input(overrides: Partial<PlanInput> = {}): PlanInput {
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
    servicesFetchedAt: NOW - MIN,
    employeesFetchedAt: NOW - MIN,
    days: new Map([
      [daysKey(2026, 11, 'a'), { fetchedAt: NOW - MIN, availableDays: [24, 25, 27] }],
      [daysKey(2026, 11, 'b'), { fetchedAt: NOW - MIN, availableDays: [24] }],
      [daysKey(2026, 12, 'a'), { fetchedAt: NOW - MIN, availableDays: [1] }],
      [daysKey(2026, 12, 'b'), { fetchedAt: NOW - MIN, availableDays: [] }],
    ]),
    slots: new Map(),
    failedUntil: new Map(),
    ...overrides,
  };
}

const fresh = (ageMin: number, lastSlotTime: string | null = '18:00', anyAvailable = true) => ({
  fetchedAt: NOW - ageMin * MIN,
  lastSlotTime,
  anyAvailable,
});

/** Runs the plan as the mirror would, every task answered at once; the tasks in order. */
function drain(start: PlanInput, max = 50): MirrorTask[] {
  const tasks: MirrorTask[] = [];
  let state = start;
  for (let i = 0; i < max; i += 1) {
    const { task } = planNext(state, policy);
    if (!task) break;
    tasks.push(task);
    const slots = new Map(state.slots);
    if (task.kind === 'slots') slots.set(slotsKey(task.date, task.serviceId), fresh(0));
    state = {
      ...state,
      slots,
      servicesFetchedAt: task.kind === 'services' ? NOW : state.servicesFetchedAt,
      employeesFetchedAt: task.kind === 'employees' ? NOW : state.employeesFetchedAt,
    };
  }
  return tasks;
}

describe('planNext: calendar first', () => {
  it('fetches the catalog, then the calendar of this month and the next for every service, before any slot list', () => {
    const cold = input({ servicesFetchedAt: null, employeesFetchedAt: null, days: new Map() });
    expect(planNext(cold, policy).task).toEqual({ kind: 'services' });
    const noCalendar = input({ days: new Map() });
    const order: MirrorTask[] = [];
    let days = new Map(noCalendar.days);
    for (let i = 0; i < 4; i += 1) {
      const { task } = planNext({ ...noCalendar, days }, policy);
      if (task?.kind !== 'days')
        throw new Error(`expected a calendar, got ${JSON.stringify(task)}`);
      order.push(task);
      days = new Map(days).set(daysKey(task.year, task.month, task.serviceId), {
        fetchedAt: NOW,
        availableDays: [],
      });
    }
    expect(order).toEqual([
      { kind: 'days', year: 2026, month: 11, serviceId: 'a' },
      { kind: 'days', year: 2026, month: 11, serviceId: 'b' },
      { kind: 'days', year: 2026, month: 12, serviceId: 'a' },
      { kind: 'days', year: 2026, month: 12, serviceId: 'b' },
    ]);
  });

  it('then fetches slot lists only of open days, nearest first, up to openDays per service (past the window too)', () => {
    const tasks = drain(input());
    expect(tasks).toEqual([
      { kind: 'slots', date: '2026-11-24', serviceId: 'a' },
      { kind: 'slots', date: '2026-11-24', serviceId: 'b' },
      { kind: 'slots', date: '2026-11-25', serviceId: 'a' },
      { kind: 'slots', date: '2026-11-27', serviceId: 'a' },
    ]);
    // b is open on the 24th only: nothing else of b is fetched; a's third open day is the 27th.
  });

  it('refreshes today after its max age, the next days after theirs, open days past the window rarely', () => {
    const slots = new Map([
      [slotsKey('2026-11-24', 'a'), fresh(9)],
      [slotsKey('2026-11-24', 'b'), fresh(9)],
      [slotsKey('2026-11-25', 'a'), fresh(30)],
      [slotsKey('2026-11-27', 'a'), fresh(120)], // past the window (dates): every beyondMaxAgeMs
    ]);
    const idle = planNext(input({ slots }), policy);
    expect(idle.task).toBeNull();
    expect(idle.nextAt).toBe(NOW - 9 * MIN + policy.todayMaxAgeMs);
    slots.set(slotsKey('2026-11-24', 'b'), fresh(10));
    expect(planNext(input({ slots }), policy).task).toEqual({
      kind: 'slots',
      date: '2026-11-24',
      serviceId: 'b',
    });
    slots.set(slotsKey('2026-11-24', 'b'), fresh(0));
    slots.set(slotsKey('2026-11-25', 'a'), fresh(60));
    expect(planNext(input({ slots }), policy).task).toEqual({
      kind: 'slots',
      date: '2026-11-25',
      serviceId: 'a',
    });
  });

  it('refreshes rarely what cannot change: a finished today, a day a fresher slot list shows full', () => {
    const slots = new Map([
      [slotsKey('2026-11-24', 'a'), fresh(30, '09:45')], // last slot already passed
      [slotsKey('2026-11-24', 'b'), fresh(9)],
      [slotsKey('2026-11-25', 'a'), fresh(120, '18:00', false)], // fetched after the calendar: full
      [slotsKey('2026-11-27', 'a'), fresh(1)],
    ]);
    const days = new Map(input().days).set(daysKey(2026, 11, 'a'), {
      fetchedAt: NOW - 300 * MIN,
      availableDays: [24, 25, 27],
    });
    expect(planNext(input({ slots, days }), policy).task).toBeNull();
    // The same list older than the calendar: the calendar says open, so it is refreshed.
    expect(planNext(input({ slots }), policy).task).toEqual({
      kind: 'slots',
      date: '2026-11-25',
      serviceId: 'a',
    });
  });

  it('outside opening hours fills only what was never fetched, future open days included', () => {
    const slots = new Map([[slotsKey('2026-11-24', 'a'), fresh(500)]]);
    const closed = input({ slots, open: false, opensAt: NOW + 3_600_000 });
    expect(drain(closed)).toEqual([
      { kind: 'slots', date: '2026-11-24', serviceId: 'b' },
      { kind: 'slots', date: '2026-11-25', serviceId: 'a' },
      { kind: 'slots', date: '2026-11-27', serviceId: 'a' },
    ]);
    expect(planNext(input({ open: false, servicesFetchedAt: null }), policy).task).toEqual({
      kind: 'services',
    });
  });

  it('stretches every age by the share a shared key leaves this kiosk', () => {
    const slots = new Map([
      [slotsKey('2026-11-24', 'a'), fresh(15)],
      [slotsKey('2026-11-24', 'b'), fresh(15)],
      [slotsKey('2026-11-25', 'a'), fresh(1)],
      [slotsKey('2026-11-27', 'a'), fresh(1)],
    ]);
    expect(planNext(input({ slots }), policy).task?.kind).toBe('slots');
    const shared = planNext(input({ slots, stretch: 2 }), policy);
    expect(shared.task).toBeNull();
    expect(shared.nextAt).toBe(NOW - 15 * MIN + 2 * policy.todayMaxAgeMs);
  });

  it('skips a task that just failed until its backoff has passed', () => {
    const failedUntil = new Map([['slots:2026-11-24|a', NOW + 5_000]]);
    expect(planNext(input({ failedUntil }), policy).task).toEqual({
      kind: 'slots',
      date: '2026-11-24',
      serviceId: 'b',
    });
  });
});

describe('open days from the cache', () => {
  const days = new Map([[daysKey(2026, 11, 'a'), { fetchedAt: NOW, availableDays: [24] }]]);

  it.each([
    ['calendar only: open', '2026-11-24', undefined, 'open'],
    ['calendar only: closed', '2026-11-25', undefined, 'closed'],
    [
      'older slot list: the calendar wins',
      '2026-11-24',
      { fetchedAt: NOW - 1, lastSlotTime: '18:00', anyAvailable: false },
      'open',
    ],
    [
      'a list fetched at the same instant as the calendar: the calendar wins',
      '2026-11-24',
      { fetchedAt: NOW, lastSlotTime: '18:00', anyAvailable: false },
      'open',
    ],
    [
      'newer list, nothing free: full',
      '2026-11-24',
      { fetchedAt: NOW + 1, lastSlotTime: '18:00', anyAvailable: false },
      'full',
    ],
    [
      'newer list, a free slot: open',
      '2026-11-25',
      { fetchedAt: NOW + 1, lastSlotTime: '18:00', anyAvailable: true },
      'open',
    ],
    [
      'newer list without slots: closed',
      '2026-11-24',
      { fetchedAt: NOW + 1, lastSlotTime: null, anyAvailable: false },
      'closed',
    ],
    ['month not cached: unknown', '2026-12-01', undefined, 'unknown'],
  ] as const)('%s', (_name, date, list, expected) => {
    const slots = new Map(list ? [[slotsKey(date, 'a'), list]] : []);
    expect(isOpenOn(date, 'a', days, slots)).toBe(expected);
  });

  it('the calendar shown is corrected by slot lists fetched after it', () => {
    const slotDays = new Map([
      [24, { fetchedAt: NOW + 1, anyAvailable: false }], // filled up since
      [26, { fetchedAt: NOW + 1, anyAvailable: true }], // opened since
      [27, { fetchedAt: NOW - 1, anyAvailable: true }], // older than the calendar: ignored
    ]);
    expect(overlayAvailableDays({ availableDays: [24, 25], fetchedAt: NOW }, slotDays)).toEqual([
      25, 26,
    ]);
  });

  it('a list fetched at the same instant as the calendar changes nothing; the days come sorted', () => {
    const slotDays = new Map([
      [24, { fetchedAt: NOW, anyAvailable: false }], // same instant: the calendar stands
      [3, { fetchedAt: NOW + 1, anyAvailable: true }], // opened since, before the others
      [12, { fetchedAt: NOW + 1, anyAvailable: true }],
    ]);
    expect(overlayAvailableDays({ availableDays: [24, 25, 9], fetchedAt: NOW }, slotDays)).toEqual([
      3, 9, 12, 24, 25,
    ]);
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
    expect(keys).toEqual([
      'services',
      'employees',
      'days:2026-11|a',
      'days:2026-12|a',
      'slots:2026-11-24|a',
      'slots:2026-11-24|b',
    ]);
    // A failing services fetch leaves employees due.
    const blocked = planNext(
      input({
        servicesFetchedAt: null,
        employeesFetchedAt: null,
        failedUntil: new Map([['services', NOW + 5_000]]),
      }),
    );
    expect(blocked.task).toEqual({ kind: 'employees' });
  });

  it('plans no slots or month views before the services are known', () => {
    const plan = planNext(
      input({ servicesFetchedAt: null, failedUntil: new Map([['services', NOW + 5_000]]) }),
    );
    expect(plan.task).toBeNull();
    expect(plan.nextAt).toBe(NOW + 5_000);
  });
});

/**
 * The kinds of task a kiosk started with nothing cached runs, every task answered at once (the
 * calendar with the 24th and 25th open), until nothing is due.
 */
function coldStartKinds(): Set<MirrorTask['kind']> {
  let state = input({ servicesFetchedAt: null, employeesFetchedAt: null, days: new Map() });
  const kinds = new Set<MirrorTask['kind']>();
  for (let i = 0; i < 100; i += 1) {
    const { task } = planNext(state, policy);
    if (!task) break;
    kinds.add(task.kind);
    switch (task.kind) {
      case 'services':
        state = { ...state, servicesFetchedAt: NOW };
        break;
      case 'employees':
        state = { ...state, employeesFetchedAt: NOW };
        break;
      case 'days':
        state = {
          ...state,
          days: new Map(state.days).set(daysKey(task.year, task.month, task.serviceId), {
            fetchedAt: NOW,
            availableDays: [24, 25],
          }),
        };
        break;
      case 'slots':
        state = {
          ...state,
          slots: new Map(state.slots).set(slotsKey(task.date, task.serviceId), fresh(0)),
        };
        break;
    }
  }
  return kinds;
}

describe('the plan holds every operation of the API table', () => {
  const planned = coldStartKinds();

  it.each(apiOperationNames)(
    '%s: the mirror plans and fetches it, or it is a write the mirror leaves to the outbox',
    (name) => {
      const entry = (
        MIRROR_TASKS as Partial<Record<string, (typeof MIRROR_TASKS)[keyof typeof MIRROR_TASKS]>>
      )[name];
      expect(
        entry,
        `${name} has no entry in MIRROR_TASKS (electron/core/mirror/plan.ts)`,
      ).toBeDefined();
      if (typeof entry === 'string') {
        expect([...planned], `planNext never schedules ${name}'s task`).toContain(entry);
      } else {
        // A read the mirror never fetched would only ever be answered live, never offline.
        expect(apiOperations[name].method, `${name} is a read without a mirror task`).not.toBe(
          'GET',
        );
      }
    },
  );

  it('names exactly the operations of the table', () => {
    expect(Object.keys(MIRROR_TASKS).sort()).toEqual([...apiOperationNames].sort());
  });
});

/** Every task due now, most urgent first (each one set aside in turn to see the next). */
function dueNow(state: PlanInput, plan = policy): MirrorTask[] {
  const failedUntil = new Map(state.failedUntil);
  const tasks: MirrorTask[] = [];
  for (let i = 0; i < 50; i += 1) {
    const { task } = planNext({ ...state, failedUntil }, plan);
    if (!task) break;
    tasks.push(task);
    failedUntil.set(taskKey(task), NOW + 1);
  }
  return tasks;
}

/** The slot lists of the default input's open days, all just fetched: nothing of them due. */
const allFresh = (): Map<string, ReturnType<typeof fresh>> =>
  new Map([
    [slotsKey('2026-11-24', 'a'), fresh(0)],
    [slotsKey('2026-11-24', 'b'), fresh(0)],
    [slotsKey('2026-11-25', 'a'), fresh(0)],
    [slotsKey('2026-11-27', 'a'), fresh(0)],
  ]);

describe('planNext: ages and order', () => {
  it("keeps this month's calendar by daysMaxAgeMs and the next month's by nextMonthDaysMaxAgeMs", () => {
    const days = new Map(
      [...input().days].map(([key, value]) => [key, { ...value, fetchedAt: NOW - 120 * MIN }]),
    );
    const state = input({ days, slots: allFresh() });
    const thisMonthOften = { ...policy, daysMaxAgeMs: 60 * MIN };
    expect(dueNow(state, thisMonthOften)).toEqual([
      { kind: 'days', year: 2026, month: 11, serviceId: 'a' },
      { kind: 'days', year: 2026, month: 11, serviceId: 'b' },
    ]);
    const nextMonthOften = { ...policy, nextMonthDaysMaxAgeMs: 60 * MIN };
    expect(dueNow(state, nextMonthOften)).toEqual([
      { kind: 'days', year: 2026, month: 12, serviceId: 'a' },
      { kind: 'days', year: 2026, month: 12, serviceId: 'b' },
    ]);
  });

  it('takes first the task furthest past its own age limit, relative to that limit', () => {
    // Today (limit ~10 min) 20 min old: twice its age; the 25th (limit ~60 min) 100 min old.
    const slots = allFresh()
      .set(slotsKey('2026-11-24', 'a'), fresh(20))
      .set(slotsKey('2026-11-25', 'a'), fresh(100));
    expect(planNext(input({ slots }), policy).task).toEqual({
      kind: 'slots',
      date: '2026-11-24',
      serviceId: 'a',
    });
    // Today 12 min old (1.2 of its age), the 25th 200 min old (3.4 of its age): the 25th first.
    slots.set(slotsKey('2026-11-24', 'a'), fresh(12)).set(slotsKey('2026-11-25', 'a'), fresh(200));
    expect(dueNow(input({ slots }))).toEqual([
      { kind: 'slots', date: '2026-11-25', serviceId: 'a' },
      { kind: 'slots', date: '2026-11-24', serviceId: 'a' },
    ]);
  });

  it('looks for open days 62 days ahead at most, even with a later calendar cached', () => {
    // a is closed all of November and December; 24 January is 61 days on, the 25th is 62.
    const days = new Map(input().days)
      .set(daysKey(2026, 11, 'a'), { fetchedAt: NOW - MIN, availableDays: [] })
      .set(daysKey(2026, 12, 'a'), { fetchedAt: NOW - MIN, availableDays: [] })
      .set(daysKey(2027, 1, 'a'), { fetchedAt: NOW - MIN, availableDays: [24, 25] });
    const slots = new Map([[slotsKey('2026-11-24', 'b'), fresh(0)]]);
    expect(dueNow(input({ days, slots }))).toEqual([
      { kind: 'slots', date: '2027-01-24', serviceId: 'a' },
    ]);
  });

  it('keeps today fresh while it has slots ahead though the calendar shows it full; not a later day, not a day that is over', () => {
    // b: no day free in the calendar fetched a minute ago; lists from half an hour before.
    const days = new Map(input().days).set(daysKey(2026, 11, 'b'), {
      fetchedAt: NOW - MIN,
      availableDays: [],
    });
    const slots = allFresh()
      .set(slotsKey('2026-11-24', 'b'), fresh(30, '18:00', false))
      .set(slotsKey('2026-11-25', 'b'), fresh(120, '18:00', false));
    // A cancellation can free one of today's later slots: today is asked again; tomorrow not.
    expect(dueNow(input({ days, slots }))).toEqual([
      { kind: 'slots', date: '2026-11-24', serviceId: 'b' },
    ]);
    // Its last slot is now (10:00) or past: nothing ahead to free, however old the list.
    slots.set(slotsKey('2026-11-24', 'b'), fresh(420, '10:00', false));
    expect(dueNow(input({ days, slots }))).toEqual([]);
    slots.set(slotsKey('2026-11-24', 'b'), fresh(420, '09:30', false));
    expect(dueNow(input({ days, slots }))).toEqual([]);
  });

  it('asks again rarely for a today with no slot left: none at all, or the last one now', () => {
    // Lists older than the calendar (which still says open), half an hour old: today's age
    // limit has passed, the idle one not.
    const slots = allFresh().set(slotsKey('2026-11-24', 'a'), {
      fetchedAt: NOW - 30 * MIN,
      lastSlotTime: null,
      anyAvailable: false,
    });
    const days = new Map(input().days).set(daysKey(2026, 11, 'a'), {
      fetchedAt: NOW - MIN,
      availableDays: [24, 25, 27],
    });
    expect(dueNow(input({ days, slots }))).toEqual([]);
    slots.set(slotsKey('2026-11-24', 'a'), fresh(30, '10:00'));
    expect(dueNow(input({ days, slots }))).toEqual([]);
    slots.set(slotsKey('2026-11-24', 'a'), fresh(30, '10:30'));
    expect(dueNow(input({ days, slots }))).toEqual([
      { kind: 'slots', date: '2026-11-24', serviceId: 'a' },
    ]);
  });
});
