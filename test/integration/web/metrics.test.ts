/**
 * IT's /metrics endpoint over real HTTP on 127.0.0.1, in front of a real kiosk core and the
 * reference server behind the fault proxy: no token or a wrong one is 401; the right one gets
 * the Prometheus text format, whose values follow a booking queued while the API is down. No
 * customer data and no key in it. Also wired into kiosk:web (startKioskWeb with `metrics`).
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { silentLogger } from '../../../electron/core/platform/log';
import { startKioskMetrics } from '../../../electron/web/kiosk-metrics';
import type { MetricsServer } from '../../../electron/web/metrics-server';
import { startKioskWeb } from '../../../electron/web/start-kiosk-web';
import {
  CORE_TEST_KEY,
  MONDAY_0830,
  bookingRequest,
  firstFree,
  goOffline,
  makeTempDir,
  offsetClock,
  startCore,
  startUpstream,
  warmUp,
  type UpstreamFixture,
} from '../../support/core/harness';

const TOKEN = 'metrics-token-7d1f0c2b9a8e';
const DATE = '2026-11-24';
const SERVICE = 'svc-damen-schnitt';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function scrape(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The exposition's samples: `name{labels}` -> value (comments skipped). */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-z_]+(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (!match?.[1] || match[2] === undefined) throw new Error(`not an exposition line: ${line}`);
    out.set(match[1], Number(match[2]));
  }
  return out;
}

const temp = makeTempDir('fd-metrics-');
const clock = offsetClock(MONDAY_0830);
const tokenFile = join(temp.dir, 'metrics-token');
let upstream: UpstreamFixture;
let core: KioskCoreInternals;
let metrics: MetricsServer;

beforeAll(async () => {
  writeFileSync(tokenFile, `${TOKEN}\n`);
  chmodSync(tokenFile, 0o600);
  upstream = await startUpstream(temp.dir, { clock: clock.server });
  core = await startCore(join(temp.dir, 'kiosk'), upstream.proxy.url, { clock, mirrorDays: 2 });
  metrics = await startKioskMetrics({
    config: { listen: { host: '127.0.0.1', port: 0 }, tokenFile },
    core,
    version: '1.4.0',
    dataDir: join(temp.dir, 'kiosk'),
    screensConnected: () => 2,
    platform: process.platform,
    log: silentLogger,
  });
});
afterAll(async () => {
  await metrics.close();
  await core.close();
  await upstream.close();
  temp.remove();
});

describe('/metrics', () => {
  it('refuses a missing or wrong token, other paths and other methods', async () => {
    const none = await scrape(metrics.url);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.text).not.toContain('frontdesk_');
    expect((await scrape(metrics.url, { authorization: 'Bearer wrong-token' })).status).toBe(401);
    expect((await scrape(metrics.url, { authorization: TOKEN })).status).toBe(401); // no scheme
    const bearer = { authorization: `Bearer ${TOKEN}` };
    expect((await scrape(metrics.url.replace('/metrics', '/'), bearer)).status).toBe(404);
    expect((await scrape(metrics.url, bearer, 'POST')).status).toBe(405);
  });

  it('counts a booking queued while the API is down, with its age, and nothing personal', async () => {
    await warmUp(core, clock);
    const slot = firstFree(
      (await core.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).timeSlots,
    );
    const before = samples((await scrape(metrics.url, { authorization: `Bearer ${TOKEN}` })).text);
    expect(before.get('frontdesk_api_online')).toBe(1);
    expect(before.get('frontdesk_bookings{state="queued"}')).toBe(0);
    expect(before.has('frontdesk_bookings_oldest_age_seconds{state="queued"}')).toBe(false);
    expect(before.get('frontdesk_api_budget_used{window="day"}')).toBeGreaterThan(0);

    await goOffline(core, upstream, SERVICE);
    const request = bookingRequest(
      { date: DATE, time: slot.time, serviceId: SERVICE, employeeId: slot.employeeId },
      7,
    );
    expect((await core.api.createBooking(request)).state).toBe('queued');
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the age is in whole seconds

    const answer = await scrape(metrics.url, { authorization: `Bearer ${TOKEN}` });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.text).toContain('# TYPE frontdesk_bookings gauge');
    const after = samples(answer.text);
    expect(after.get('frontdesk_info{version="1.4.0"}')).toBe(1);
    expect(after.get('frontdesk_api_online')).toBe(0);
    expect(after.get('frontdesk_api_key_refused')).toBe(0);
    expect(after.get('frontdesk_bookings{state="queued"}')).toBe(1);
    expect(after.get('frontdesk_bookings{state="unknown"}')).toBe(0);
    expect(after.get('frontdesk_bookings{state="refused"}')).toBe(0);
    const age = after.get('frontdesk_bookings_oldest_age_seconds{state="queued"}') ?? -1;
    expect(age).toBeGreaterThanOrEqual(1);
    expect(age).toBeLessThan(60);
    // The API last answered before it went down: some seconds ago, not never.
    expect(after.get('frontdesk_api_last_answer_age_seconds')).toBeGreaterThanOrEqual(1);
    expect(after.get('frontdesk_api_budget_limit{window="day"}')).toBeGreaterThan(0);
    expect(after.get('frontdesk_api_budget_used{window="day"}')).toBeGreaterThanOrEqual(
      before.get('frontdesk_api_budget_used{window="day"}') ?? 0,
    );
    expect(after.get('frontdesk_screens_connected')).toBe(2);
    expect(after.get('frontdesk_disk_free_bytes')).toBeGreaterThan(0);
    for (const secret of [CORE_TEST_KEY, TOKEN, 'Test Customer', 'customer7', '555 0101'])
      expect(answer.text).not.toContain(secret);
  });
});

describe('kiosk:web with metrics', () => {
  it('serves /metrics beside the browser shell and stops it on close', async () => {
    const web = await startKioskWeb({
      dataDir: join(temp.dir, 'web'),
      upstreamUrl: null,
      port: 0,
      rendererDir: null,
      metrics: { listen: { host: '127.0.0.1', port: 0 }, tokenFile },
      print: () => undefined,
      log: silentLogger,
    });
    const url = web.metricsUrl ?? '';
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect((await scrape(url)).status).toBe(401);
      const values = samples((await scrape(url, { authorization: `Bearer ${TOKEN}` })).text);
      expect(values.get('frontdesk_info{version="development"}')).toBe(1);
      expect(values.get('frontdesk_screens_connected')).toBe(0);
    } finally {
      await web.close();
    }
    await expect(scrape(url, { authorization: `Bearer ${TOKEN}` })).rejects.toThrow();
  });

  it('does not start with a certificate file it cannot read', async () => {
    await expect(
      startKioskMetrics({
        config: {
          listen: { host: '127.0.0.1', port: 0 },
          tokenFile,
          tls: { certFile: join(temp.dir, 'no.crt'), keyFile: join(temp.dir, 'no.key') },
        },
        core,
        version: '1.4.0',
        dataDir: join(temp.dir, 'kiosk'),
        screensConnected: () => 0,
        platform: process.platform,
        log: silentLogger,
      }),
    ).rejects.toThrow(/metrics tlsCertFile .*no\.crt: cannot be read/);
  });

  it('does not start with an unreadable token file', async () => {
    await expect(
      startKioskWeb({
        dataDir: join(temp.dir, 'web2'),
        upstreamUrl: null,
        port: 0,
        rendererDir: null,
        metrics: { listen: { host: '127.0.0.1', port: 0 }, tokenFile: join(temp.dir, 'none') },
        print: () => undefined,
        log: silentLogger,
      }),
    ).rejects.toThrow(/metrics token file .*none: file not found/);
  });
});
