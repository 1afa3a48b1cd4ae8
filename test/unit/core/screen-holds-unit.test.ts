/**
 * The screens' holds (booking/screen-holds.ts, issue 28) over a stand-in API and a clock the
 * test moves: a visit's times another screen holds are not offered, when a booking ends a
 * screen's hold, and expiry. The whole path through the real core is screen-holds.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createScreenHolds, type HeldLookups } from '../../../electron/core/booking/screen-holds';
import { clashes, type Hold } from '../../../shared/booking/free-times';
import type { KioskApi } from '../../../shared/kiosk-api';
import { KioskFailure } from '../../../shared/result';

const DATE = '2026-11-25';
const part = (time: string, employeeId = 'emp-anna', date = DATE) => ({
  serviceId: 'svc-cut',
  employeeId,
  date,
  time,
});
const customer = { name: 'Eva Muster', email: 'eva@example.com', phone: '+49 30 555 0100' };

type Api = Pick<KioskApi, 'getTimeSlots' | 'getVisitTimes' | 'createBooking' | 'createVisit'>;

/**
 * The lookups as the engine gives them (lookups.ts and visit.ts ask the availability model with
 * the holds they are told): here the stand-in API's offers, less those a told hold clashes with.
 */
function heldLookups(api: Api, told: Hold[][] = []): HeldLookups {
  return {
    getTimeSlots: (input, holds) => {
      told.push([...holds]);
      return api.getTimeSlots(input);
    },
    getVisitTimes: async (input, holds) => {
      told.push([...holds]);
      const result = await api.getVisitTimes(input);
      const free = (p: { time: string; employeeId: string }) =>
        !clashes({ ...p, date: input.date, durationMinutes: 45 }, holds);
      return { ...result, offers: result.offers.filter((offer) => offer.parts.every(free)) };
    },
  };
}

function rig() {
  let now = 0;
  const booked: string[] = [];
  let answer: () => Promise<never> | null = () => null;
  const api: Api = {
    getTimeSlots: ({ date }) =>
      Promise.resolve({ date, timeSlots: [], source: 'live', asOf: null }),
    getVisitTimes: ({ date }) =>
      Promise.resolve({
        date,
        source: 'live',
        asOf: null,
        offers: ['09:00', '09:30', '11:00'].map((time) => ({
          time,
          samePerson: true,
          parts: [{ serviceId: 'svc-cut', time, employeeId: 'emp-anna', employeeName: null }],
        })),
      }),
    createBooking: (input) => {
      const failing = answer();
      if (failing) return failing;
      booked.push(input.time);
      return Promise.resolve({ localId: input.time, reference: 'A', state: 'sent', booking: null });
    },
    createVisit: () => Promise.reject(new Error('not used')),
  };
  const holds = createScreenHolds({
    now: () => now,
    minutesOf: () => Promise.resolve(45),
    lookups: heldLookups(api),
  });
  return {
    holds,
    a: holds.forScreen(api, 'a'),
    b: holds.forScreen(api, 'b'),
    booked,
    fail: (error: Error | null) => void (answer = () => (error ? Promise.reject(error) : null)),
    advance: (ms: number) => void (now += ms),
  };
}

const book = (api: Pick<KioskApi, 'createBooking'>, time: string) =>
  api.createBooking({ ...part(time), customer });

describe('the screens’ holds', () => {
  it('a screen’s lookups are told the other screens’ holds of that day, never its own', async () => {
    const told: Hold[][] = [];
    const api: Api = {
      getTimeSlots: ({ date }) =>
        Promise.resolve({ date, timeSlots: [], source: 'live', asOf: null }),
      getVisitTimes: ({ date }) =>
        Promise.resolve({ date, source: 'live', asOf: null, offers: [] }),
      createBooking: () => Promise.reject(new Error('not used')),
      createVisit: () => Promise.reject(new Error('not used')),
    };
    const holds = createScreenHolds({
      now: () => 0,
      minutesOf: () => Promise.resolve(45),
      lookups: heldLookups(api, told),
    });
    const [a, b, c] = ['a', 'b', 'c'].map((screen) => holds.forScreen(api, screen));
    await a!.holdSlot({ parts: [part('09:00')] });
    await c!.holdSlot({ parts: [part('10:00', 'emp-ben', '2026-11-26')] });
    await b!.getTimeSlots({ date: DATE, serviceId: 'svc-cut' });
    await a!.getTimeSlots({ date: DATE, serviceId: 'svc-cut' });
    await b!.getVisitTimes({ date: '2026-11-26', serviceIds: ['svc-cut'] });
    expect(told).toEqual([
      [{ employeeId: 'emp-anna', date: DATE, time: '09:00', durationMinutes: 45 }],
      [],
      [{ employeeId: 'emp-ben', date: '2026-11-26', time: '10:00', durationMinutes: 45 }],
    ]);
  });

  it('a visit’s start times another screen holds (or overlaps) are not offered; the holder and other days see all', async () => {
    const { a, b } = rig();
    await a.holdSlot({ parts: [part('09:00')] });
    const times = (api: Api, date = DATE) =>
      api.getVisitTimes({ date, serviceIds: ['svc-cut'] }).then((r) => r.offers.map((o) => o.time));
    // 45 minutes from 09:00: 09:30 overlaps it too.
    expect(await times(b)).toEqual(['11:00']);
    expect(await times(a)).toEqual(['09:00', '09:30', '11:00']);
    expect(await times(b, '2026-11-26')).toEqual(['09:00', '09:30', '11:00']);
  });

  it('booked: the hold ends, and the time is offered to the others again', async () => {
    const { a, b, booked } = rig();
    await a.holdSlot({ parts: [part('09:00')] });
    await expect(book(b, '09:00')).rejects.toMatchObject({ code: 'slot_taken' });
    expect(booked).toEqual([]);
    await book(a, '09:00');
    expect(booked).toEqual(['09:00']);
    await expect(b.holdSlot({ parts: [part('09:00')] })).resolves.toBeDefined();
  });

  it('refused as taken: the hold ends; any other failure keeps it (the customer may press Book again)', async () => {
    const { a, b, fail, holds } = rig();
    await a.holdSlot({ parts: [part('09:00')] });
    fail(new Error('the API timed out'));
    await expect(book(a, '09:00')).rejects.toThrow('timed out');
    expect(holds.count()).toBe(1);
    await expect(b.holdSlot({ parts: [part('09:00')] })).rejects.toMatchObject({
      code: 'slot_taken',
    });
    fail(new KioskFailure('invalid_request', 'no'));
    await expect(book(a, '09:00')).rejects.toMatchObject({ code: 'invalid_request' });
    expect(holds.count()).toBe(1);
    fail(new KioskFailure('slot_taken', 'taken'));
    await expect(book(a, '09:00')).rejects.toMatchObject({ code: 'slot_taken' });
    expect(holds.count()).toBe(0);
  });

  it('another screen’s hold on another day or another person does not stop a booking', async () => {
    const { a, b, booked } = rig();
    await a.holdSlot({ parts: [part('09:00', 'emp-anna', '2026-11-26')] });
    await book(b, '09:00');
    await a.holdSlot({ parts: [part('09:00', 'emp-ben')] });
    await book(b, '09:00');
    expect(booked).toEqual(['09:00', '09:00']);
  });

  it('a hold runs out after its time: counted no more, and the others may take the time', async () => {
    const { a, b, holds, advance } = rig();
    await a.holdSlot({ parts: [part('09:00')] });
    expect(holds.count()).toBe(1);
    advance(60 * 60_000);
    expect(holds.count()).toBe(0);
    await expect(b.holdSlot({ parts: [part('09:00')] })).resolves.toBeDefined();
  });
});

describe('what another screen’s hold is checked against', () => {
  /** Screens over an API whose visit offers are cut at 09:00 with Anna, then colour with Ben. */
  function twoParts() {
    const asked: string[] = [];
    const api: Api = {
      getTimeSlots: ({ date }) =>
        Promise.resolve({ date, timeSlots: [], source: 'live', asOf: null }),
      getVisitTimes: ({ date }) =>
        Promise.resolve({
          date,
          source: 'live',
          asOf: null,
          offers: [
            {
              time: '09:00',
              samePerson: false,
              parts: [
                { serviceId: 'svc-cut', time: '09:00', employeeId: 'emp-anna', employeeName: null },
                {
                  serviceId: 'svc-colour',
                  time: '09:45',
                  employeeId: 'emp-ben',
                  employeeName: null,
                },
              ],
            },
          ],
        }),
      createBooking: (input) =>
        input.serviceId === 'svc-gone'
          ? Promise.reject(new KioskFailure('invalid_input', 'this service is not offered'))
          : Promise.resolve({ localId: 'l', reference: 'A', state: 'sent', booking: null }),
      createVisit: () => Promise.reject(new Error('not used')),
    };
    const holds = createScreenHolds({
      now: () => 0,
      lookups: heldLookups(api),
      minutesOf: (serviceId) => {
        asked.push(serviceId);
        return serviceId === 'svc-gone'
          ? Promise.reject(new KioskFailure('unavailable', 'not in the cached catalog'))
          : Promise.resolve(45);
      },
    });
    return { a: holds.forScreen(api, 'a'), b: holds.forScreen(api, 'b'), asked };
  }

  it('a visit any of whose times another screen holds cannot be held', async () => {
    const { a, b } = twoParts();
    await a.holdSlot({ parts: [part('09:00')] });
    await expect(
      b.holdSlot({ parts: [part('09:00'), part('09:45', 'emp-ben')] }),
    ).rejects.toMatchObject({ code: 'slot_taken' });
  });

  it('a visit offer whose later service another screen holds is not offered', async () => {
    const { a, b } = twoParts();
    await a.holdSlot({ parts: [part('09:45', 'emp-ben')] });
    const offers = await b.getVisitTimes({ date: DATE, serviceIds: ['svc-cut', 'svc-colour'] });
    expect(offers.offers).toEqual([]);
  });

  it('with no other screen’s hold that day, a booking’s own checks answer, and no duration is asked', async () => {
    const { a, b, asked } = twoParts();
    await a.holdSlot({ parts: [part('09:00', 'emp-anna', '2026-11-26')] });
    asked.length = 0;
    await expect(
      b.createBooking({ ...part('09:00'), serviceId: 'svc-gone', customer }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    const slots = await b.getTimeSlots({ date: DATE, serviceId: 'svc-cut' });
    expect(slots).toEqual({ date: DATE, timeSlots: [], source: 'live', asOf: null });
    const visits = await b.getVisitTimes({ date: DATE, serviceIds: ['svc-cut', 'svc-colour'] });
    expect(visits.offers.map((o) => o.time)).toEqual(['09:00']);
    expect(asked).toEqual([]);
  });
});
