/**
 * A simulated day at 60/min and 1,000/day against the real reference server on a virtual clock:
 * the mirror stays inside its share of the budget (the reserve untouched) and keeps today's
 * slots under 10 minutes and the next six days under 60 minutes old during opening hours, in at
 * most 700 requests (calendar first: slot lists only of open days; issue 8).
 */
import { expect, it } from 'vitest';
import { runSimulatedDay } from '../../support/core/simulated-day';

it('keeps the mirror fresh within the budget over a simulated day', async () => {
  const figures = await runSimulatedDay();
  console.info('simulated day', JSON.stringify(figures));
  expect(figures.requests).toBeLessThanOrEqual(700);
  // Under normal operation the kiosk never receives a 429, and every request was answered.
  expect(figures.upstreamStatuses[429] ?? 0).toBe(0);
  expect(Object.values(figures.upstreamStatuses).reduce((a, b) => a + b, 0)).toBe(figures.requests);
  expect(figures.peakMinuteUse).toBeLessThanOrEqual(0.8);
  expect(figures.dayUse).toBeLessThanOrEqual(0.8);
  expect(figures.worstTodayAgeMin).toBeLessThanOrEqual(10);
  expect(figures.worstNextDaysAgeMin).toBeLessThanOrEqual(60);
}, 120_000);
