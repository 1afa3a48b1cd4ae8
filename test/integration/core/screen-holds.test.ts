/**
 * A slot is held while a customer books it (issue 28, major 2), through the real core and the
 * reference server: two screens of one core (KioskCore.apiFor, as a hub's screens), one at the
 * details of a time. The other is not offered it and cannot hold or book it; the holder is and
 * can; booking, releasing or the hold's end give it back; holds never reach the API.
 */
import { describe, expect, it } from 'vitest';
import { SCREEN_HOLD_MS } from '../../../shared/kiosk-holds';
import {
  annaRequest,
  annaTuesdaySlots,
  corePerTest,
  kioskFailure,
  serverBookings,
  startCore,
  type AnnaSlot,
} from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';

const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z');
const DAY = { date: '2026-11-24', serviceId: 'svc-damen-schnitt' } as const;
const open = corePerTest('fd-screen-holds-');

const partOf = (slot: AnnaSlot) => ({ ...DAY, employeeId: slot.employeeId, time: slot.time });

async function twoScreens() {
  const clock = manualClock(MONDAY_1000);
  const { core, upstream } = await open(clock, { mirrorDays: 2 });
  const slot = (await annaTuesdaySlots(core))[0]!;
  const tablet = core.apiFor('screen:tablet');
  const counter = core.apiFor('screen:counter');
  const annaFree = async (api: typeof tablet, time: string) =>
    (await api.getTimeSlots({ ...DAY, employeeId: 'emp-anna' })).timeSlots.find(
      (s) => s.time === time,
    )?.available;
  return { core, upstream, clock, slot, tablet, counter, annaFree };
}

describe("a screen's hold on the time its customer books", () => {
  it('the other screen is not offered it and cannot hold or book it; after the holder books, nothing changes for it', async () => {
    const { upstream, slot, tablet, counter, annaFree } = await twoScreens();
    const requests = upstream.proxy.forwarded();
    const held = await tablet.holdSlot({ parts: [partOf(slot)] });
    expect(held.heldForMs).toBe(SCREEN_HOLD_MS);
    expect(upstream.proxy.forwarded()).toBe(requests); // holds never reach the API
    expect(await annaFree(tablet, slot.time)).toBe(true); // still the holder's
    expect(await annaFree(counter, slot.time)).toBe(false);
    // The 45-minute cut overlaps the next quarter hours too.
    const quarter = `${slot.time.slice(0, 3)}${String(Number(slot.time.slice(3)) + 15).padStart(2, '0')}`;
    expect(await annaFree(counter, quarter)).toBe(false);
    expect((await kioskFailure(counter.holdSlot({ parts: [partOf(slot)] }))).code).toBe(
      'slot_taken',
    );
    expect((await kioskFailure(counter.createBooking(annaRequest(slot, 2)))).code).toBe(
      'slot_taken',
    );

    expect((await tablet.createBooking(annaRequest(slot, 1))).state).toBe('sent');
    expect(await annaFree(counter, slot.time)).toBe(false);
    expect((await kioskFailure(counter.createBooking(annaRequest(slot, 2)))).code).toBe(
      'slot_taken',
    );
    expect(serverBookings(upstream.dbPath).map((b) => b.email)).toEqual(['customer1@example.com']);
  });

  it('two holds of the same time at the same moment: only one screen gets it', async () => {
    const { slot, tablet, counter } = await twoScreens();
    const results = await Promise.allSettled([
      tablet.holdSlot({ parts: [partOf(slot)] }),
      counter.holdSlot({ parts: [partOf(slot)] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('released (back, idle reset) or run out: offered to the others again; a new hold replaces the last', async () => {
    const { clock, slot, tablet, counter, annaFree } = await twoScreens();
    await tablet.holdSlot({ parts: [partOf(slot)] });
    expect(await tablet.releaseHold({})).toEqual({ released: true });
    expect(await annaFree(counter, slot.time)).toBe(true);

    await tablet.holdSlot({ parts: [partOf(slot)] });
    clock.advance(SCREEN_HOLD_MS - 1);
    expect(await annaFree(counter, slot.time)).toBe(false);
    clock.advance(1);
    expect(await annaFree(counter, slot.time)).toBe(true);
    expect(await tablet.releaseHold({})).toEqual({ released: false });

    const [, later] = (await annaTuesdaySlots({ api: tablet })).filter((s) => s.time > '12:00');
    await tablet.holdSlot({ parts: [partOf(slot)] });
    await tablet.holdSlot({ parts: [partOf(later!)] });
    expect(await annaFree(counter, slot.time)).toBe(true);
    expect(await annaFree(counter, later!.time)).toBe(false);
  });

  it('a booking queued (the API answered 500) holds the time itself once the hold ends', async () => {
    const { upstream, slot, tablet, counter, annaFree } = await twoScreens();
    await tablet.holdSlot({ parts: [partOf(slot)] });
    upstream.proxy.setMode('500');
    // Queued (the API answered 500): the booking itself holds the time from now on.
    expect((await tablet.createBooking(annaRequest(slot, 1))).state).toBe('queued');
    upstream.proxy.setMode('pass');
    expect(await annaFree(counter, slot.time)).toBe(false);
  });

  it('a restart drops every hold', async () => {
    const clock = manualClock(MONDAY_1000);
    const { core, upstream, dataDir } = await open(clock, { mirrorDays: 2 });
    const slot = (await annaTuesdaySlots(core))[0]!;
    await core.apiFor('screen:tablet').holdSlot({ parts: [partOf(slot)] });
    await core.close();
    const again = await startCore(dataDir, upstream.proxy.url, { clock, mirrorDays: 2 });
    try {
      const day = await again
        .apiFor('screen:counter')
        .getTimeSlots({ ...DAY, employeeId: 'emp-anna' });
      expect(day.timeSlots.find((s) => s.time === slot.time)?.available).toBe(true);
    } finally {
      await again.close();
    }
  });
});
