/**
 * Today at a glance, the pure parts: which service describes a person's day, how the plan keeps
 * their list of today, and how lists and this kiosk's bookings become the view's cells.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MIRROR_POLICY,
  daysKey,
  planNext,
  type PlanInput,
} from '../../../electron/core/mirror/plan';
import { staffDayServices } from '../../../electron/core/mirror/staff-day';
import { buildDayGlance } from '../../../shared/booking/day-glance';
import { apiEmployee, apiService } from '../../support/api-fixtures';

const NOW = 1_000_000_000;
const MIN = 60_000;

describe('staffDayServices', () => {
  it('takes the shortest service each available person is seen doing; nobody seen, no service', () => {
    const services = [
      { ...apiService('cut'), duration: { value: 45, unit: 'minutes' as const } },
      { ...apiService('beard'), duration: { value: 15, unit: 'minutes' as const } },
      { ...apiService('colour'), duration: { value: 2, unit: 'hours' as const } },
    ];
    const employees = [
      apiEmployee('anna'),
      apiEmployee('mehmet'),
      apiEmployee('new'),
      { ...apiEmployee('away'), available: false },
    ];
    const offered = new Map([
      ['anna', new Set(['colour', 'cut'])],
      ['mehmet', new Set(['beard', 'cut'])],
      ['away', new Set(['beard'])],
    ]);
    expect(staffDayServices(employees, services, offered)).toEqual(
      new Map([
        ['anna', 'cut'],
        ['mehmet', 'beard'],
      ]),
    );
  });
});

describe('planNext: the people’s lists of today', () => {
  const base: PlanInput = {
    now: NOW,
    open: true,
    opensAt: null,
    today: '2026-11-24',
    nowTime: '10:00',
    dates: ['2026-11-24'],
    months: [{ year: 2026, month: 11 }],
    serviceIds: ['cut'],
    servicesFetchedAt: NOW - MIN,
    employeesFetchedAt: NOW - MIN,
    days: new Map([[daysKey(2026, 11, 'cut'), { fetchedAt: NOW - MIN, availableDays: [24] }]]),
    slots: new Map([
      ['2026-11-24|cut', { fetchedAt: NOW - MIN, lastSlotTime: '18:00', anyAvailable: true }],
    ]),
    failedUntil: new Map(),
  };
  const person = (ageMin: number | null, lastSlotTime: string | null = '18:00') => ({
    employeeId: 'anna',
    serviceId: 'cut',
    cached: ageMin === null ? undefined : { fetchedAt: NOW - ageMin * MIN, lastSlotTime },
  });
  const task = { kind: 'slots', date: '2026-11-24', serviceId: 'cut', employeeId: 'anna' };

  it.each([
    ['never fetched: now', person(null), task],
    ['younger than staffDayMaxAgeMs: not yet', person(29), null],
    ['older: again', person(31), task],
    ['their day is over: only after idleMaxAgeMs', person(31, '09:45'), null],
    ['not working today (an empty list): the same', person(31, null), null],
  ])('%s', (_name, list, expected) => {
    expect(planNext({ ...base, staffDay: [list] }).task).toEqual(expected);
  });

  it('plans none on a day the calendar shows closed', () => {
    const closed = new Map([
      [daysKey(2026, 11, 'cut'), { fetchedAt: NOW - MIN, availableDays: [25] }],
    ]);
    expect(
      planNext({ ...base, days: closed, slots: new Map(), staffDay: [person(null)] }).task,
    ).toEqual({ kind: 'slots', date: '2026-11-25', serviceId: 'cut' });
    expect(DEFAULT_MIRROR_POLICY.staffDayMaxAgeMs).toBe(30 * MIN);
  });
});

describe('buildDayGlance', () => {
  const slot = (time: string, available: boolean) =>
    available ? { time, available, employeeId: 'anna', employeeName: 'Anna' } : { time, available };

  it('free, busy and past from the person’s list; this kiosk’s booking over its whole duration', () => {
    const view = buildDayGlance({
      nowTime: '09:20',
      employees: [
        {
          employeeId: 'anna',
          name: 'Anna',
          serviceId: 'cut',
          list: {
            asOf: '2026-11-24T08:00:00.000Z',
            timeSlots: [
              slot('09:00', true),
              slot('09:30', true),
              slot('10:00', false),
              slot('10:30', true),
              slot('11:00', true),
            ],
          },
        },
        { employeeId: 'ben', name: 'Ben', serviceId: null, list: null },
      ],
      bookings: [
        {
          localId: 'l-1',
          reference: 'K-1',
          customerName: 'Eva Meier',
          serviceId: 'colour',
          time: '10:30',
          state: 'queued',
          employeeId: 'anna',
          durationMinutes: 31,
        },
      ],
    });
    expect(view.times).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
    const [anna, ben] = view.employees;
    expect(anna?.cells.map((cell) => cell.state)).toEqual([
      'past',
      'free',
      'busy',
      'booked',
      'booked', // 31 minutes reach into 11:00
    ]);
    expect(anna?.cells[4]?.booking).toEqual({
      localId: 'l-1',
      reference: 'K-1',
      customerName: 'Eva Meier',
      serviceId: 'colour',
      time: '10:30',
      state: 'queued',
    });
    expect(anna?.asOf).toBe('2026-11-24T08:00:00.000Z');
    // Nobody fetched Ben's day yet: no cells, the view says so.
    expect(ben).toEqual({ employeeId: 'ben', name: 'Ben', serviceId: null, asOf: null, cells: [] });
  });
});
