/**
 * The hub with many screens (issue 20): `npx tsx bench/hub/run.ts [--screens 20] [--seconds 45]`.
 *
 * Two runs, each with a fresh hub process (`kiosk:web --listen 127.0.0.1:0`, hub-process.ts) in
 * front of the reference server (demo data) behind a counting proxy: first one screen alone, then
 * N screens. Each screen is a plain HTTPS client paired with a one-time code (its own cookie),
 * keeps its event stream open, and browses and books like a busy customer screen: getTimeSlots
 * for a random service and day of the next two weeks, a pause, and every BOOK_EVERY lookups a
 * booking of a free time from the last answer (collisions between screens are answered
 * slot_taken and count as bookings too). Printed: getTimeSlots and createBooking p50/p99 per
 * run, the hub's RSS (per screen: the peaks' difference between the runs over N - 1), and the upstream
 * requests each run spent, reads apart from bookings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from '../../server/start-server';
import { addDays } from '../../shared/booking/time';
import { startCountingProxy } from './counting-proxy';
import {
  openScreenEvents,
  pairScreen,
  pinnedAgent,
  screenCaller,
  startHubProcess,
  type HubCaller,
} from './hub-process';

const API_KEY = 'bench-hub-key-0001';
const THINK_MS = 400;
const BOOK_EVERY = 20;
const DAYS_AHEAD = 14;

interface Latencies {
  slots: number[];
  bookings: number[];
  bookingOutcomes: Record<string, number>;
  /** The (service, day) pairs the screens asked for: each needs its own upstream read. */
  asked: Set<string>;
}

export interface HubRunFigures {
  screens: number;
  seconds: number;
  getTimeSlots: { samples: number; p50Ms: number; p99Ms: number };
  createBooking: {
    samples: number;
    p50Ms: number;
    p99Ms: number;
    outcomes: Record<string, number>;
  };
  /** Sampled every 250 ms; `peak` is the highest sample while the screens were busy. */
  hubRssMb: { idle: number; screensConnected: number; peak: number; end: number };
  /** At the end, streams still open, right after a full GC (the inspector): what the hub holds. */
  afterGcKb: { rss: number; heapUsed: number; external: number };
  eventsReceived: number;
  upstream: { reads: number; bookings: number; byOperation: Record<string, number> };
  /** Distinct (service, day) pairs the screens asked getTimeSlots for. */
  pairsAsked: number;
}

export interface HubBenchFigures {
  alone: HubRunFigures;
  many: HubRunFigures;
  /** (peak RSS with N screens - with one) / (N - 1). */
  rssPerScreenKb: number;
  /** The same after a full GC at the end of each run, for RSS and the JS heap. */
  afterGcPerScreenKb: { rss: number; heapUsed: number };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? NaN) * 10) / 10;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

interface Slot {
  time: string;
  available: boolean;
  employeeId?: string;
}

/** One screen's customers until `deadline`. */
async function browseAndBook(
  screen: HubCaller,
  n: number,
  today: string,
  deadline: number,
  out: Latencies,
): Promise<void> {
  const catalog = await screen.call('getCatalog', {});
  const services = (catalog.body as { result: { services: { _id: string }[] } }).result.services;
  await screen.call('getPublicSettings', {});
  let lookups = 0;
  let booked = 0;
  while (Date.now() < deadline) {
    const service = services[Math.floor(Math.random() * services.length)];
    if (!service) throw new Error('no services');
    const date = addDays(today, 1 + Math.floor(Math.random() * DAYS_AHEAD));
    out.asked.add(`${service._id} ${date}`);
    const started = performance.now();
    const answer = await screen.call('getTimeSlots', { date, serviceId: service._id });
    out.slots.push(performance.now() - started);
    lookups += 1;
    if (lookups % BOOK_EVERY === 0) {
      const slots = (answer.body as { result?: { timeSlots: Slot[] } }).result?.timeSlots ?? [];
      const free = slots.filter((s) => s.available && s.employeeId);
      const slot = free[Math.floor(Math.random() * free.length)];
      if (slot?.employeeId) {
        booked += 1;
        const bookStarted = performance.now();
        const result = await screen.call('createBooking', {
          serviceId: service._id,
          employeeId: slot.employeeId,
          date,
          time: slot.time,
          customer: {
            name: `Bench Customer ${n}-${booked}`,
            email: `bench.${n}.${booked}@example.com`,
            phone: '+49 30 555 0101',
          },
        });
        out.bookings.push(performance.now() - bookStarted);
        const body = result.body as {
          ok: boolean;
          result?: { state?: string };
          error?: { code: string };
        };
        const outcome = body.ok ? (body.result?.state ?? 'ok') : (body.error?.code ?? 'error');
        out.bookingOutcomes[outcome] = (out.bookingOutcomes[outcome] ?? 0) + 1;
      }
    }
    await sleep(THINK_MS * (0.5 + Math.random()));
  }
}

async function runOnce(screens: number, seconds: number): Promise<HubRunFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'fd-bench-hub-'));
  const server = await startServer({
    dbPath: join(dir, 'server.db'),
    seed: 'demo',
    keys: [{ key: API_KEY, scope: 'book' }],
    // One key, as one kiosk has; high enough that the bookings of a busy bench hour fit.
    rateLimit: { perMinute: 600, perDay: 10_000 },
  });
  const proxy = await startCountingProxy(server.url);
  const hub = await startHubProcess({
    upstreamUrl: proxy.url,
    apiKey: API_KEY,
    dataDir: join(dir, 'hub'),
  });
  try {
    await sleep(2_000); // the mirror's first fetch
    const idle = hub.rss();
    const agents = Array.from({ length: screens }, () => pinnedAgent(hub.fingerprint));
    const cookies: string[] = [];
    for (const [i, agent] of agents.entries())
      cookies.push(await pairScreen(hub, agent, `Bench ${i + 1}`));
    const streams = await Promise.all(
      agents.map((agent, i) => openScreenEvents(hub, agent, cookies[i] ?? '')),
    );
    const connected = hub.rss();
    const out: Latencies = { slots: [], bookings: [], bookingOutcomes: {}, asked: new Set() };
    const today = new Date().toISOString().slice(0, 10);
    const deadline = Date.now() + seconds * 1000;
    let peak = connected;
    const sampler = setInterval(() => (peak = Math.max(peak, hub.rss())), 250);
    await Promise.all(
      agents.map((agent, i) =>
        browseAndBook(screenCaller(hub, agent, cookies[i] ?? ''), i, today, deadline, out),
      ),
    );
    clearInterval(sampler);
    const end = hub.rss();
    const gc = await hub.memoryAfterGc();
    const eventsReceived = streams.reduce((sum, s) => sum + s.events(), 0);
    for (const stream of streams) stream.close();
    for (const agent of agents) agent.destroy();
    const byOperation = proxy.counts();
    const bookings = byOperation['/book'] ?? 0;
    const all = Object.values(byOperation).reduce((a, b) => a + b, 0);
    return {
      screens,
      seconds,
      getTimeSlots: {
        samples: out.slots.length,
        p50Ms: percentile(out.slots, 50),
        p99Ms: percentile(out.slots, 99),
      },
      createBooking: {
        samples: out.bookings.length,
        p50Ms: percentile(out.bookings, 50),
        p99Ms: percentile(out.bookings, 99),
        outcomes: out.bookingOutcomes,
      },
      hubRssMb: { idle: mb(idle), screensConnected: mb(connected), peak: mb(peak), end: mb(end) },
      afterGcKb: {
        rss: Math.round(gc.rss / 1024),
        heapUsed: Math.round(gc.heapUsed / 1024),
        external: Math.round(gc.external / 1024),
      },
      eventsReceived,
      upstream: { reads: all - bookings, bookings, byOperation },
      pairsAsked: out.asked.size,
    };
  } finally {
    await hub.stop();
    await proxy.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runHubBench(
  options: { screens?: number; seconds?: number } = {},
): Promise<HubBenchFigures> {
  const screens = options.screens ?? 20;
  const seconds = options.seconds ?? 45;
  const alone = await runOnce(1, seconds);
  const many = await runOnce(screens, seconds);
  const rssPerScreenKb = Math.round(
    ((many.hubRssMb.peak - alone.hubRssMb.peak) * 1024) / Math.max(1, screens - 1),
  );
  const perScreen = (key: 'rss' | 'heapUsed') =>
    Math.round((many.afterGcKb[key] - alone.afterGcKb[key]) / Math.max(1, screens - 1));
  return {
    alone,
    many,
    rssPerScreenKb,
    afterGcPerScreenKb: { rss: perScreen('rss'), heapUsed: perScreen('heapUsed') },
  };
}

export function formatHubFigures({
  alone,
  many,
  rssPerScreenKb,
  afterGcPerScreenKb,
}: HubBenchFigures): string {
  const row = (name: string, a: string | number, b: string | number) => `| ${name} | ${a} | ${b} |`;
  const latency = (f: { samples: number; p50Ms: number; p99Ms: number }) =>
    `${f.p50Ms} / ${f.p99Ms} ms (${f.samples})`;
  const upstream = (f: HubRunFigures) =>
    `${f.upstream.reads} reads + ${f.upstream.bookings} bookings (${Object.entries(
      f.upstream.byOperation,
    )
      .map(([op, n]) => `${op} ${n}`)
      .join(', ')})`;
  return [
    `| figure | 1 screen | ${many.screens} screens |`,
    '|---|---|---|',
    row(
      'getTimeSlots p50 / p99 (samples)',
      latency(alone.getTimeSlots),
      latency(many.getTimeSlots),
    ),
    row(
      'createBooking p50 / p99 (samples)',
      latency(alone.createBooking),
      latency(many.createBooking),
    ),
    row(
      'booking outcomes',
      JSON.stringify(alone.createBooking.outcomes),
      JSON.stringify(many.createBooking.outcomes),
    ),
    row(
      'hub RSS idle / screens connected / peak / end, MB',
      Object.values(alone.hubRssMb).join(' / '),
      Object.values(many.hubRssMb).join(' / '),
    ),
    row('hub RSS per extra screen (peaks)', '-', `${rssPerScreenKb} kB`),
    row(
      'hub after a full GC at the end: RSS / JS heap / external, kB',
      Object.values(alone.afterGcKb).join(' / '),
      Object.values(many.afterGcKb).join(' / '),
    ),
    row(
      'per extra screen after GC: RSS / JS heap',
      '-',
      `${afterGcPerScreenKb.rss} / ${afterGcPerScreenKb.heapUsed} kB`,
    ),
    row('events received by the screens', alone.eventsReceived, many.eventsReceived),
    row('(service, day) pairs asked', alone.pairsAsked, many.pairsAsked),
    row(`upstream requests in ${alone.seconds} s`, upstream(alone), upstream(many)),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.FRONTDESK_LOG_LEVEL ??= 'error';
  const flag = (name: string) => {
    const index = process.argv.indexOf(name);
    return index > 0 ? Number(process.argv[index + 1]) : undefined;
  };
  const figures = await runHubBench({ screens: flag('--screens'), seconds: flag('--seconds') });
  process.stdout.write(`${formatHubFigures(figures)}\n\n${JSON.stringify(figures, null, 2)}\n`);
}
