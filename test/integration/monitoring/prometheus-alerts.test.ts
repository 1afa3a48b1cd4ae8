/**
 * The shipped alert rules against a real Prometheus (Debian's binary) scraping a real running
 * kiosk core's /metrics with its token, as IT's fleet configuration does (file-based discovery,
 * the token from a file, HTTPS with the kiosk's own self-signed certificate as the only trusted
 * one; docs/deploy.md). The rules' `for:` is shortened to seconds; the
 * expressions are the shipped ones. The kiosk's upstream goes away (the fault proxy in front of
 * the reference server refuses every connection): Prometheus's HTTP API must show the offline
 * alert firing, then gone once the upstream is back. Then a booking queued while it is away grows
 * old on the kiosk's clock (moved 31 minutes on): the queue alert fires, and clears once the
 * booking is sent. Every wait is on a condition, with a generous overall limit.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../../electron/core/platform/clock';
import { systemTimers } from '../../../electron/core/platform/clock';
import {
  HUB_CERT_FILE,
  HUB_KEY_FILE,
  loadHubCertificate,
} from '../../../electron/core/hub/hub-certificate';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { silentLogger } from '../../../electron/core/platform/log';
import { startKioskMetrics } from '../../../electron/web/kiosk-metrics';
import type { MetricsServer } from '../../../electron/web/metrics-server';
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
} from '../../support/core/harness';
import { startPrometheus, type PrometheusFixture } from '../../support/monitoring/prometheus';

const TOKEN = 'prometheus-scrape-token-51c0e7';
const SHOP = 'berlin-mitte';
const SERVICE = 'svc-damen-schnitt';
const DATE = '2026-11-24';
// A loaded 2-core machine: Prometheus scrapes every second and the alerts' `for:` is 3 s, so a
// condition normally holds within ~10 s; the limit only stops a test that would never pass.
const WITHIN_MS = 90_000;

/** Real time from a fixed instant that the test can move forward (kiosk and server alike). */
function movableClock(startAt: number): Clock & { server: () => number; move(ms: number): void } {
  let offset = startAt - Date.now();
  const now = () => Date.now() + offset;
  return {
    ...systemTimers,
    now,
    server: now,
    move: (ms) => void (offset += ms),
  };
}

const temp = makeTempDir('fd-prometheus-');
const clock = movableClock(MONDAY_0830);
let upstream: UpstreamFixture;
let core: KioskCoreInternals;
let metrics: MetricsServer;
let prometheus: PrometheusFixture;

async function alertState(name: string): Promise<'pending' | 'firing' | 'none'> {
  const alert = (await prometheus.alerts()).find(
    (a) => a.labels.alertname === name && a.labels.shop === SHOP,
  );
  return alert?.state ?? 'none';
}

async function value(expr: string): Promise<number | null> {
  return (await prometheus.query(expr))[0]?.value ?? null;
}

beforeAll(async () => {
  const tokenFile = join(temp.dir, 'metrics-token');
  writeFileSync(tokenFile, `${TOKEN}\n`);
  chmodSync(tokenFile, 0o600);
  // A certificate of the kind the hub generates, for /metrics over HTTPS (its SAN: 127.0.0.1).
  const cert = await loadHubCertificate({
    dataDir: join(temp.dir, 'tls'),
    files: null,
    names: ['127.0.0.1'],
    now: () => Date.now(),
    log: silentLogger,
  });
  if (!cert.ok) throw new Error(cert.reason);
  const tls = {
    certFile: join(temp.dir, 'tls', HUB_CERT_FILE),
    keyFile: join(temp.dir, 'tls', HUB_KEY_FILE),
  };
  upstream = await startUpstream(temp.dir, { clock: clock.server });
  core = await startCore(join(temp.dir, 'kiosk'), upstream.proxy.url, {
    clock,
    mirrorDays: 2,
    autoStart: true, // the kiosk's own loops notice the upstream's return and send the queue
  });
  metrics = await startKioskMetrics({
    config: { listen: { host: '127.0.0.1', port: 0 }, tokenFile, tls },
    core,
    version: '1.4.0',
    dataDir: join(temp.dir, 'kiosk'),
    screensConnected: () => 1,
    platform: process.platform,
    log: silentLogger,
  });
  prometheus = await startPrometheus({
    dir: join(temp.dir, 'prometheus'),
    targets: [{ address: new URL(metrics.url).host, shop: SHOP }],
    tokenFile,
    caFile: tls.certFile,
  });
  expect(metrics.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/metrics$/);
  // Scraped with the token, and the kiosk online: the starting point of both tests.
  await until(
    async () =>
      (await value(`up{job="frontdesk",shop="${SHOP}"}`)) === 1 &&
      (await value(`frontdesk_api_online{shop="${SHOP}"}`)) === 1,
    WITHIN_MS,
    250,
  );
}, 180_000);

afterAll(async () => {
  await prometheus?.close();
  await metrics?.close();
  await core?.close();
  await upstream?.close();
  temp.remove();
}, 60_000);

describe('a real Prometheus with the shipped rules', () => {
  it('fires "shop offline" while the upstream is away and clears it when it returns', async () => {
    expect(await alertState('FrontdeskShopOffline')).toBe('none');
    await goOffline(core, upstream, SERVICE);
    await until(
      async () => (await alertState('FrontdeskShopOffline')) === 'firing',
      WITHIN_MS,
      250,
    );
    const firing = (await prometheus.alerts()).find(
      (a) => a.labels.alertname === 'FrontdeskShopOffline',
    );
    expect(firing?.labels).toMatchObject({ severity: 'page', job: 'frontdesk', shop: SHOP });
    expect(firing?.annotations.summary).toBe(
      `Shop ${SHOP}: the booking service has been unreachable for 10 minutes`,
    );
    expect(await value(`frontdesk_api_unreachable_seconds{shop="${SHOP}"}`)).toBeGreaterThan(0);

    upstream.proxy.setMode('pass');
    await until(async () => (await alertState('FrontdeskShopOffline')) === 'none', WITHIN_MS, 250);
    expect(await value(`frontdesk_api_online{shop="${SHOP}"}`)).toBe(1);
  }, 240_000);

  it('fires "queued too long" for a booking that grows old offline, and clears once it is sent', async () => {
    const slot = firstFree(
      (await core.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).timeSlots,
    );
    await goOffline(core, upstream, SERVICE);
    const request = bookingRequest(
      { date: DATE, time: slot.time, serviceId: SERVICE, employeeId: slot.employeeId },
      29,
    );
    expect((await core.api.createBooking(request)).state).toBe('queued');
    await until(
      async () => (await value(`frontdesk_bookings{state="queued",shop="${SHOP}"}`)) === 1,
      WITHIN_MS,
      250,
    );
    // Queued a minute: far from the 30 minutes, so the alert stays quiet.
    expect(await alertState('FrontdeskBookingQueuedTooLong')).toBe('none');

    clock.move(31 * 60_000);
    await until(
      async () => (await alertState('FrontdeskBookingQueuedTooLong')) === 'firing',
      WITHIN_MS,
      250,
    );
    const age = await value(`frontdesk_bookings_oldest_age_seconds{state="queued",shop="${SHOP}"}`);
    expect(age).toBeGreaterThan(1800);

    upstream.proxy.setMode('pass');
    await until(
      async () =>
        (await alertState('FrontdeskBookingQueuedTooLong')) === 'none' &&
        (await value(`frontdesk_bookings{state="queued",shop="${SHOP}"}`)) === 0,
      WITHIN_MS,
      250,
    );
    const sent = (await core.api.getSyncStatus({})).queued;
    expect(sent).toBe(0);
  }, 240_000);
});
