/**
 * Kiosk core benchmarks (issue 3). Run alone: `npx tsx bench/core/run.ts [--long]`; the lead's
 * bench/run.ts calls runCoreBench(). Figures:
 * - getTimeSlots from the cache, 10 services x 30 days cached: p50 / p99 (goal p99 < 2 ms);
 * - offline createBooking including the durable commit: p50 / p99 (goal p99 < 15 ms);
 * - replay of 300 queued bookings against a server limited to 600/min: elapsed, rate, 429s;
 * - mirror freshness over a simulated day at 60/min and 1,000/day (demo catalog);
 * - with --long: crash safety, 200 SIGKILLs over 500 bookings.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { addDays } from '../../shared/booking/time';
import { createKioskCoreInternals } from '../../electron/core/kiosk-core';
import { createMemorySecretStore } from '../../electron/core/settings/secret-store';
import { runCrashTest, type CrashFigures } from '../../test/support/core/crash-run';
import { makeTempDir, startUpstream, bookingRequest, serverBookings } from '../../test/support/core/harness';
import { runSimulatedDay, type SimulatedDayFigures } from '../../test/support/core/simulated-day';
import { FIXTURE_DAYS, FIXTURE_FIRST_DATE, FIXTURE_SERVICES, SLOTS_PER_DAY, seedMirror, slotTime } from './fixture';

export interface CoreBenchFigures {
  cacheReads: { samples: number; p50Ms: number; p99Ms: number };
  offlineBookings: { samples: number; p50Ms: number; p99Ms: number };
  replay: { bookings: number; limitPerMinute: number; elapsedMs: number; perMinute: number; shareOfLimit: number; status429: number; sent: number };
  simulatedDay: SimulatedDayFigures;
  crash?: CrashFigures;
}

const NO_UPSTREAM = 'http://127.0.0.1:9'; // discard port: connection refused at once
const DAY = 86_400_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(3));
}

async function cacheCore(dataDir: string) {
  return createKioskCoreInternals({
    dataDir,
    upstreamUrl: NO_UPSTREAM,
    apiKey: 'bench',
    secretStore: createMemorySecretStore(),
    autoStart: false,
    offlineProbeMs: DAY,
    freshness: { todayMaxAgeMs: DAY, otherMaxAgeMs: DAY, catalogMaxAgeMs: DAY },
  });
}

async function benchCacheReads(samples = 5_000): Promise<CoreBenchFigures['cacheReads']> {
  const temp = makeTempDir('fd-bench-cache-');
  try {
    seedMirror(temp.dir, Date.now());
    const core = await cacheCore(temp.dir);
    const times: number[] = [];
    for (let i = 0; i < samples + 200; i += 1) {
      const date = addDays(FIXTURE_FIRST_DATE, i % FIXTURE_DAYS);
      const serviceId = `svc-${(i * 7) % FIXTURE_SERVICES}`;
      const start = performance.now();
      const result = await core.api.getTimeSlots({ date, serviceId });
      const ms = performance.now() - start;
      if (result.source !== 'cache' || result.timeSlots.length !== SLOTS_PER_DAY) throw new Error('not a cache read');
      if (i >= 200) times.push(ms); // the first reads warm the statement cache and the JIT
    }
    await core.close();
    return { samples, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) };
  } finally {
    temp.remove();
  }
}

async function benchOfflineBookings(samples = 600): Promise<CoreBenchFigures['offlineBookings']> {
  const temp = makeTempDir('fd-bench-offline-');
  try {
    seedMirror(temp.dir, Date.now());
    const core = await cacheCore(temp.dir);
    // One failed lookup marks the core offline (the probe interval is a day).
    await core.api.getTimeSlots({ date: FIXTURE_FIRST_DATE, serviceId: 'svc-0', fresh: true });
    const times: number[] = [];
    for (let i = 0; i < samples; i += 1) {
      const s = i % FIXTURE_SERVICES;
      const d = Math.floor(i / FIXTURE_SERVICES) % FIXTURE_DAYS;
      const k = Math.floor(i / (FIXTURE_SERVICES * FIXTURE_DAYS));
      const request = bookingRequest(
        { date: addDays(FIXTURE_FIRST_DATE, d), time: slotTime(k), serviceId: `svc-${s}`, employeeId: `emp-${s}` },
        i,
      );
      const start = performance.now();
      const result = await core.api.createBooking(request);
      times.push(performance.now() - start);
      if (result.state !== 'queued') throw new Error(`expected queued, got ${result.state}`);
    }
    await core.close();
    return { samples, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) };
  } finally {
    temp.remove();
  }
}

async function benchReplay(bookings = 300, limitPerMinute = 600): Promise<CoreBenchFigures['replay']> {
  const temp = makeTempDir('fd-bench-replay-');
  const upstream = await startUpstream(temp.dir, { rateLimit: { perMinute: limitPerMinute, perDay: 100_000 } });
  try {
    const dataDir = join(temp.dir, 'kiosk');
    const core = await createKioskCoreInternals({
      dataDir,
      upstreamUrl: upstream.proxy.url,
      apiKey: 'core-test-book-key-0001',
      secretStore: createMemorySecretStore(),
      autoStart: false,
      offlineProbeMs: DAY,
    });
    // Queue while the API is unreachable: a warm-up for the slots, then the proxy goes down.
    const slots: { date: string; time: string; employeeId: string }[] = [];
    for (let day = 2; slots.length < bookings && day < 90; day += 1) {
      const date = addDays(new Date().toISOString().slice(0, 10), day);
      const result = await core.api.getTimeSlots({ date, serviceId: 'svc-bart', fresh: true }).catch(() => null);
      for (const slot of result?.timeSlots ?? []) {
        if (slot.available && slot.employeeId) slots.push({ date, time: slot.time, employeeId: slot.employeeId });
      }
    }
    await core.api.getCatalog({});
    upstream.proxy.setMode('down');
    await core.api.getTimeSlots({ date: slots[0]?.date ?? '2026-12-01', serviceId: 'svc-bart', fresh: true });
    for (const [i, slot] of slots.slice(0, bookings).entries()) {
      await core.api.createBooking(bookingRequest({ ...slot, serviceId: 'svc-bart' }, i));
    }
    let status429 = 0;
    core.events.subscribe((event) => {
      if (event.type === 'booking' && event.booking.lastError?.status === 429) status429 += 1;
    });
    upstream.proxy.setMode('pass');
    const before = upstream.proxy.requests();
    const start = Date.now();
    for (let round = 0; round < 10_000; round += 1) {
      await core.replayer.runOnce();
      if ((await core.api.getSyncStatus({})).queued === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const elapsedMs = Date.now() - start;
    const sent = (await core.api.listBookings({})).filter((b) => b.state === 'sent').length;
    const requests = upstream.proxy.requests() - before;
    await core.close();
    const perMinute = (requests / elapsedMs) * 60_000;
    if (serverBookings(upstream.dbPath).length !== sent) throw new Error('server and kiosk disagree');
    return {
      bookings,
      limitPerMinute,
      elapsedMs,
      perMinute: Math.round(perMinute),
      shareOfLimit: Number(Math.min(1, perMinute / limitPerMinute).toFixed(3)),
      status429,
      sent,
    };
  } finally {
    await upstream.close();
    temp.remove();
  }
}

export async function runCoreBench(options: { long?: boolean } = {}): Promise<CoreBenchFigures> {
  const figures: CoreBenchFigures = {
    cacheReads: await benchCacheReads(),
    offlineBookings: await benchOfflineBookings(),
    replay: await benchReplay(),
    simulatedDay: await runSimulatedDay(),
  };
  if (options.long) figures.crash = await runCrashTest({ bookings: 500, minKills: 200, maxKillDelayMs: 30 });
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.FRONTDESK_LOG_LEVEL ??= 'silent';
  const figures = await runCoreBench({ long: process.argv.includes('--long') });
  process.stdout.write(`Kiosk core benchmark (${new Date().toISOString()})\n${JSON.stringify(figures, null, 2)}\n`);
}
