/**
 * A simulated day at 60/min and 1,000/day against the real reference server on a virtual clock.
 * One kiosk: the mirror stays inside its share of the budget (the reserve untouched) and keeps
 * today's slots under 10 minutes and the next six days under 60 minutes old during opening
 * hours, in at most 725 requests (calendar first: slot lists only of open days, issue 8; 700
 * before issue 37 added each person's days of this month and the next: 11 pairs x 2 a day).
 * Two kiosks on one key, each booking every 30 minutes: together within the key's 1,000, no
 * 429 (bookings included), today's slots on each under 20 minutes old.
 */
import { expect, it } from 'vitest';
import { runSimulatedDay } from '../../support/core/simulated-day';

it('keeps the mirror fresh within the budget over a simulated day', async () => {
  const figures = await runSimulatedDay();
  console.info('simulated day', JSON.stringify(figures));
  expect(figures.requests).toBeLessThanOrEqual(725);
  // Under normal operation the kiosk never receives a 429, and every request was answered.
  expect(figures.upstreamStatuses[429] ?? 0).toBe(0);
  expect(Object.values(figures.upstreamStatuses).reduce((a, b) => a + b, 0)).toBe(figures.requests);
  expect(figures.peakMinuteUse).toBeLessThanOrEqual(0.8);
  expect(figures.dayUse).toBeLessThanOrEqual(0.8);
  expect(figures.worstTodayAgeMin).toBeLessThanOrEqual(10);
  expect(figures.worstNextDaysAgeMin).toBeLessThanOrEqual(60);
}, 180_000);

it('two kiosks on one key share its budget: together <= 1,000, no 429, today <= 20 min old on each', async () => {
  const figures = await runSimulatedDay({ devices: 2, bookingEveryMin: 30 });
  console.info('simulated day, two kiosks on one key', JSON.stringify(figures));
  const answered = Object.values(figures.upstreamStatuses).reduce((a, b) => a + b, 0);
  expect(answered).toBeLessThanOrEqual(1000);
  expect(figures.upstreamStatuses[429] ?? 0).toBe(0);
  expect(figures.bookings.attempted).toBeGreaterThanOrEqual(30);
  expect(figures.bookings.sent).toBe(figures.bookings.attempted);
  expect(figures.bookings.deferredByGovernor).toBe(0);
  for (const device of figures.devices) {
    expect(device.peers).toBe(2);
    expect(device.worstTodayAgeMin).toBeLessThanOrEqual(20);
  }
}, 180_000);
