/**
 * Crash safety: a child process replaying 50 queued bookings is SIGKILLed at random points at
 * least 20 times and restarted until its outbox is empty; every booking ends `sent` exactly once
 * (the server's database has one booking per customer, with the bookingId the kiosk recorded).
 */
import { expect, it } from 'vitest';
import { runCrashTest } from '../../support/core/crash-run';

it('replays every booking exactly once across SIGKILLs', async () => {
  const figures = await runCrashTest({ bookings: 50, minKills: 20 });
  console.info('crash safety', JSON.stringify(figures));
  expect(figures.kills).toBeGreaterThanOrEqual(20);
  expect(figures.duplicates).toBe(0);
  expect(figures.missing).toBe(0);
  expect(figures.notSent).toBe(0);
  expect(figures.sentOnce).toBe(50);
}, 120_000);
