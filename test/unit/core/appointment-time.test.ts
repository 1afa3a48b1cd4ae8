/**
 * When a queued booking's appointment has passed (outbox/appointment-time.ts): judged on the
 * API's clock as last heard plus the monotonic time since, so a jump of the kiosk's wall clock
 * moves nothing; before any answer, the kiosk's own clock.
 */
import { describe, expect, it } from 'vitest';
import { systemTimers, type Clock } from '../../../electron/core/platform/clock';
import { createAppointmentTime } from '../../../electron/core/outbox/appointment-time';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';

// 2026-11-24 10:00 in Berlin is 09:00 UTC.
const TEN_BERLIN = Date.parse('2026-11-24T09:00:00Z');
const MINUTE = 60_000;

function clocks(wall: number) {
  const state = { wall, mono: 5_000 };
  const clock: Clock = { ...systemTimers, now: () => state.wall, monotonic: () => state.mono };
  return { state, clock };
}

const at = (date: string, time: string) => ({ request: { date, time } }) as OutboxEntry;

describe('appointment time', () => {
  it("before the API is heard, the kiosk's clock decides, the appointment's minute itself included", () => {
    const { state, clock } = clocks(TEN_BERLIN - MINUTE);
    const time = createAppointmentTime(clock, 'Europe/Berlin');
    expect(time.now()).toBe(TEN_BERLIN - MINUTE);
    expect(time.passed(at('2026-11-24', '10:00'))).toBe(false);
    state.wall = TEN_BERLIN;
    expect(time.passed(at('2026-11-24', '10:00'))).toBe(true);
  });

  it("once heard, the API's time plus the monotonic time since; the wall clock's jumps do not count", () => {
    const { state, clock } = clocks(TEN_BERLIN + 24 * 60 * MINUTE); // a kiosk a day ahead
    const time = createAppointmentTime(clock, 'Europe/Berlin');
    time.noteServerDate(TEN_BERLIN - 10 * MINUTE);
    expect(time.now()).toBe(TEN_BERLIN - 10 * MINUTE);
    expect(time.passed(at('2026-11-24', '10:00'))).toBe(false);
    state.mono += 9 * MINUTE;
    state.wall -= 48 * 60 * MINUTE; // and now a day behind
    expect(time.now()).toBe(TEN_BERLIN - MINUTE);
    expect(time.passed(at('2026-11-24', '10:00'))).toBe(false);
    state.mono += MINUTE;
    expect(time.passed(at('2026-11-24', '10:00'))).toBe(true);
    // A later answer replaces the earlier one.
    time.noteServerDate(TEN_BERLIN - 30 * MINUTE);
    expect(time.now()).toBe(TEN_BERLIN - 30 * MINUTE);
    expect(time.passed(at('2026-11-24', '10:00'))).toBe(false);
    // An answer without a Date header keeps the API's time as last heard.
    time.noteServerDate(null);
    expect(time.now()).toBe(TEN_BERLIN - 30 * MINUTE);
  });

  it('a time that is no time of day never counts as passed', () => {
    const { clock } = clocks(TEN_BERLIN + 365 * 24 * 60 * MINUTE);
    const time = createAppointmentTime(clock, 'Europe/Berlin');
    expect(time.passed(at('2026-11-24', 'soon'))).toBe(false);
    expect(time.passed(at('2026-11-24', '10:xx'))).toBe(false);
    expect(time.passed(at('2026-11-23', '10:00'))).toBe(true);
  });
});
