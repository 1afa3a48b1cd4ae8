/**
 * docs/monitoring/dashboard.png: the fleet dashboard's queries answered by a real Prometheus that
 * scrapes real kiosk cores, drawn in Chromium (dashboard-html.ts). Grafana cannot be installed
 * here, so this is a rendering of the dashboard JSON's panels and queries, not Grafana itself.
 *
 *   npm run monitoring:screenshot        (about three minutes; needs /usr/bin/prometheus and chromium)
 *
 * Two shops, each a kiosk core on its own reference server: berlin-mitte loses its booking
 * service and queues two bookings that grow old on its clock; hamburg books and stays online;
 * potsdam's PC is off (nothing answers the scrape).
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { systemTimers, type Clock } from '../../../electron/core/platform/clock';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { silentLogger } from '../../../electron/core/platform/log';
import { startKioskMetrics } from '../../../electron/web/kiosk-metrics';
import type { MetricsServer } from '../../../electron/web/metrics-server';
import { CHROMIUM_LAUNCH_OPTIONS } from '../chromium';
import {
  MONDAY_0830,
  bookingRequest,
  firstFree,
  goOffline,
  makeTempDir,
  startCore,
  startUpstream,
  until,
  type UpstreamFixture,
} from '../core/harness';
import { dashboardHtml, type PanelData, type Series } from './dashboard-html';
import { MONITORING_DIR, readDashboard } from './monitoring-files';
import { freePort, startPrometheus } from './prometheus';

const TOKEN = 'dashboard-screenshot-token';
const SERVICE = 'svc-damen-schnitt';
const DATE = '2026-11-24';
const OUT = join(MONITORING_DIR, 'dashboard.png');

interface Shop {
  name: string;
  clock: Clock & { server: () => number; move(ms: number): void };
  upstream: UpstreamFixture;
  core: KioskCoreInternals;
  metrics: MetricsServer;
}

function movableClock(startAt: number): Shop['clock'] {
  let offset = startAt - Date.now();
  const now = () => Date.now() + offset;
  return { ...systemTimers, now, server: now, move: (ms) => void (offset += ms) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startShop(dir: string, name: string, tokenFile: string): Promise<Shop> {
  const clock = movableClock(MONDAY_0830);
  const upstream = await startUpstream(join(dir, name), { clock: clock.server });
  const core = await startCore(join(dir, name, 'kiosk'), upstream.proxy.url, {
    clock,
    mirrorDays: 2,
    autoStart: true,
  });
  const metrics = await startKioskMetrics({
    config: { listen: { host: '127.0.0.1', port: 0 }, tokenFile },
    core,
    version: name === 'hamburg' ? '1.5.0' : '1.4.0',
    dataDir: join(dir, name, 'kiosk'),
    screensConnected: () => (name === 'hamburg' ? 3 : 2),
    platform: process.platform,
    log: silentLogger,
  });
  await core.api.reportSpeechVoices({
    voices: [
      { language: 'de', available: true },
      { language: 'en', available: true },
      { language: 'ar', available: name === 'hamburg' },
    ],
  });
  return { name, clock, upstream, core, metrics };
}

async function book(shop: Shop, n: number): Promise<string> {
  const slots = (await shop.core.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).timeSlots;
  const slot = firstFree(slots);
  const request = bookingRequest(
    { date: DATE, time: slot.time, serviceId: SERVICE, employeeId: slot.employeeId },
    n,
  );
  return (await shop.core.api.createBooking(request)).state;
}

async function main(): Promise<void> {
  // The cores' expected warnings (the upstream refused on purpose) would bury the progress lines.
  process.env.FRONTDESK_LOG_LEVEL ??= 'error';
  const temp = makeTempDir('fd-dashboard-');
  const tokenFile = join(temp.dir, 'metrics-token');
  writeFileSync(tokenFile, `${TOKEN}\n`);
  chmodSync(tokenFile, 0o600);
  const shops: Shop[] = [];
  let prometheus: Awaited<ReturnType<typeof startPrometheus>> | null = null;
  try {
    for (const name of ['berlin-mitte', 'hamburg'])
      shops.push(await startShop(temp.dir, name, tokenFile));
    const [berlin, hamburg] = shops as [Shop, Shop];
    prometheus = await startPrometheus({
      dir: join(temp.dir, 'prometheus'),
      interval: '2s',
      targets: [
        ...shops.map((s) => ({ address: new URL(s.metrics.url).host, shop: s.name })),
        { address: `127.0.0.1:${await freePort()}`, shop: 'potsdam' }, // its PC is off
      ],
      tokenFile,
    });
    const p = prometheus;
    const started = Date.now() / 1000;
    await until(async () => (await p.query('frontdesk_api_online == 1')).length === 2, 60_000, 500);
    console.log('scraping two shops; letting the lines grow');
    await pause(30_000);
    console.log(`hamburg books: ${await book(hamburg, 1)}`);
    await goOffline(berlin.core, berlin.upstream, SERVICE);
    console.log(`berlin-mitte offline, books: ${await book(berlin, 2)}, ${await book(berlin, 3)}`);
    for (let step = 0; step < 6; step += 1) {
      await pause(15_000);
      berlin.clock.move(6 * 60_000); // its queue grows older than the wall clock alone would
    }
    await pause(10_000);

    const end = Date.now() / 1000;
    const dashboard = readDashboard();
    const panels: PanelData[] = [];
    for (const panel of dashboard.panels as PanelData['panel'][]) {
      const series: Series[] = [];
      for (const target of panel.targets ?? []) {
        const expr = target.expr.replaceAll('$shop', '.+');
        if (target.instant) {
          for (const r of await p.query(expr))
            series.push({ labels: r.labels, points: [[end, r.value]] });
        } else {
          const query = `query=${encodeURIComponent(expr)}&start=${started}&end=${end}&step=2`;
          const body = (await p.get(`/api/v1/query_range?${query}`)) as {
            data: { result: { metric: Record<string, string>; values: [number, string][] }[] };
          };
          for (const r of body.data.result)
            series.push({ labels: r.metric, points: r.values.map(([t, v]) => [t, Number(v)]) });
        }
      }
      series.sort((a, b) => JSON.stringify(a.labels).localeCompare(JSON.stringify(b.labels)));
      panels.push({ panel, series });
    }
    const html = dashboardHtml(
      dashboard.title,
      panels,
      'A rendering of frontdesk-dashboard.json\u2019s queries against the Prometheus of a test run (not Grafana)',
    );
    const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
    try {
      const page = await browser.newPage({ viewport: { width: 1264, height: 900 } });
      await page.setContent(html);
      mkdirSync(MONITORING_DIR, { recursive: true });
      await page.screenshot({ path: OUT, fullPage: true });
    } finally {
      await browser.close();
    }
    console.log(`wrote ${OUT}`);
  } finally {
    await prometheus?.close();
    for (const shop of shops) {
      await shop.metrics.close();
      await shop.core.close();
      await shop.upstream.close();
    }
    temp.remove();
  }
}

await main();
