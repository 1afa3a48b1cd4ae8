/**
 * Issue 28, major 3, as the audit ran it: the reference server is a process of its own and is
 * stopped with SIGSTOP while five customers book. Its kernel still accepts the connections and
 * buffers the requests, so every customer's answer is lost; woken with SIGCONT, the server works
 * through what piled up (the first requests and the kiosk's re-sends under the same keys). The
 * kiosk core runs as in a shop (its loops on, the product's timeouts, backoff and pauses, the
 * real clock: the process cannot be given another one) and nobody acts as staff: all five end
 * `sent`, none passes through "Check by hand", and the server's database holds exactly one
 * booking per customer.
 *
 * A waiting test, and the one real pause of the paused API (the fault proxy's pause in
 * paused-api.test.ts covers the rest on a driven clock). The audit held the server 40 s; the
 * point needs only that every first answer is lost and the replayer has tried again behind
 * them, so the server stays stopped until both have happened (about the product's 5 s booking
 * timeout and one backoff step), waited for as events, never timed.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { DEFAULT_REPLAY_POLICY } from '../../../electron/core/outbox/transitions';
import { addDays, todayIn } from '../../../shared/booking/time';
import type { BookingRequest } from '../../../shared/api/schemas';
import {
  bookingRequest,
  CORE_TEST_KEY,
  makeTempDir,
  serverBookings,
  startCore,
  until,
} from '../../support/core/harness';
import { spawnServer } from '../../support/server/server-process';
import { startSmtpSink } from '../../support/server/smtp-sink';

const SERVICE = 'svc-damen-schnitt'; // 45 minutes: Anna's whole hours cannot overlap
const ANNA = 'emp-anna';

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** Five of Anna's free whole hours on the first working day from tomorrow that has them. */
async function fiveRequests(core: KioskCoreInternals): Promise<BookingRequest[]> {
  const today = todayIn('Europe/Berlin', Date.now());
  for (let ahead = 1; ahead <= 7; ahead += 1) {
    const date = addDays(today, ahead);
    const { timeSlots } = await core.api.getTimeSlots({
      date,
      serviceId: SERVICE,
      employeeId: ANNA,
      fresh: true,
    });
    const hours = timeSlots.filter(
      (s) => s.available && s.employeeId === ANNA && s.time.endsWith(':00'),
    );
    if (hours.length >= 5)
      return hours
        .slice(0, 5)
        .map((s, i) =>
          bookingRequest({ date, time: s.time, serviceId: SERVICE, employeeId: ANNA }, i + 1),
        );
  }
  throw new Error('Anna has no day with five free hours this week');
}

describe('a paused API (SIGSTOP on the reference server) while five customers book', () => {
  it('all five end sent without a staff action, one booking each at the API', async () => {
    const temp = makeTempDir('fd-sigstop-');
    cleanup.push(() => temp.remove());
    // A slow mail server: each confirmation keeps its booking "in progress" at the API for 2 s,
    // so a re-send that arrives meanwhile is refused as taken (409) and must wait its pause.
    const sink = await startSmtpSink({ holdMs: 2_000 });
    cleanup.push(() => sink.close());
    const dbPath = join(temp.dir, 'server.db');
    const server = await spawnServer({ dbPath, key: CORE_TEST_KEY, smtpUrl: sink.url });
    cleanup.push(() => server.close());
    // The product's own timeouts and replay policy (startCore's test defaults are 1 s and 100 ms).
    const core = await startCore(join(temp.dir, 'kiosk'), server.url, {
      autoStart: true,
      mirrorDays: 2,
      bookingTimeoutMs: undefined,
      replayTimeoutMs: undefined,
      lookupTimeoutMs: undefined,
      replayPolicy: DEFAULT_REPLAY_POLICY,
    });
    cleanup.push(() => core.close());
    const requests = await fiveRequests(core);

    // Every state any booking was seen in, sampled until the end: "Check by hand" is `unknown`.
    const seen = new Set<string>();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const counts = core.outboxCounts();
        for (const state of ['queued', 'sending', 'unknown', 'sent', 'rejected', 'discarded'])
          if ((counts as Record<string, number>)[state]) seen.add(state);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    cleanup.push(async () => {
      sampling = false;
      await sampler;
    });

    process.kill(server.pid, 'SIGSTOP');
    const told = await Promise.all(requests.map((request) => core.api.createBooking(request)));
    // No answer came back: each customer is told the kiosk is checking, none "taken".
    expect(told.map((t) => t.state)).toEqual(Array(5).fill('unknown'));
    // Every first answer is lost. The replayer tries again while the server sleeps (its look at
    // the day's list before a re-send piles up behind the bookings), then the server wakes.
    await until(() => core.outboxCounts().sending > 0, 60_000, 50);
    process.kill(server.pid, 'SIGCONT');

    await until(() => core.outboxCounts().sent === 5, 60_000, 200);
    sampling = false;
    await sampler;
    expect(seen.has('unknown')).toBe(false);
    expect(seen.has('rejected')).toBe(false);
    expect(seen.has('discarded')).toBe(false);
    expect(core.outboxCounts()).toMatchObject({ queued: 0, sending: 0, unknown: 0, sent: 5 });

    const booked = serverBookings(dbPath);
    expect(booked.map((b) => b.email).sort()).toEqual(requests.map((r) => r.customer.email).sort());
    expect(booked.map((b) => `${b.date} ${b.time} ${b.employeeId}`).sort()).toEqual(
      requests.map((r) => `${r.date} ${r.time} ${r.employeeId}`).sort(),
    );
  }, 150_000);
});
