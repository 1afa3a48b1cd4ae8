/**
 * The hub by mDNS/DNS-SD, with real multicast on the loopback interface only (`announce:
 * 'loopback'`, and the test's browser the same), so that no packet leaves this machine: a started
 * hub is found as `_frontdesk._tcp` on its port with its certificate's fingerprint in the TXT
 * record; it answers to that `<name>.local`; once closed it is gone (goodbye packets); a single
 * kiosk announces nothing, and neither does a hub with `announce: 'off'` (IT's `"announce": false`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Service } from 'bonjour-service';
import { afterAll, describe, expect, it } from 'vitest';
import type { HubAnnounce } from '../../../electron/core/hub/hub-config';
import { HUB_SERVICE_TYPE, createMdns } from '../../../electron/core/hub/hub-mdns';
import { silentLogger } from '../../../electron/core/platform/log';
import { startKioskWeb } from '../../../electron/web/start-kiosk-web';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const browser = createMdns('loopback', () => undefined);
afterAll(() => new Promise<void>((resolve) => browser.destroy(() => resolve())));

/** Browses `_frontdesk._tcp`; resolves when a service on `port` goes up (or down). */
function watch(port: number) {
  const found = browser.find({ type: HUB_SERVICE_TYPE });
  const when = (event: 'up' | 'down', timeoutMs: number): Promise<Service | null> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs);
      found.on(event, (service: Service) => {
        if (service.port !== port) return;
        clearTimeout(timer);
        resolve(service);
      });
    });
  return { up: when('up', 10_000), down: () => when('down', 10_000), stop: () => found.stop() };
}

function start(hub: HubAnnounce | null) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fd-hub-mdns-'));
  dirs.push(dataDir);
  return startKioskWeb({
    dataDir,
    upstreamUrl: null,
    rendererDir: null,
    port: 0,
    hub:
      hub === null
        ? null
        : { listen: { host: '127.0.0.1', port: 0 }, names: [], tls: null, announce: hub },
    print: () => undefined,
    log: silentLogger,
  });
}

function statusFor(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      { host: '127.0.0.1', port, path: '/', rejectUnauthorized: false, headers: { host } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the hub announced with mDNS', () => {
  it('is found with its port and fingerprint, answers to its .local name, and leaves on close', async () => {
    const web = await start('loopback');
    const watching = watch(web.port);
    const service = await watching.up;
    try {
      expect(service).not.toBeNull();
      expect(service?.type).toBe(HUB_SERVICE_TYPE);
      expect(service?.protocol).toBe('tcp');
      expect(service?.txt).toEqual({
        fp: web.certificate?.fingerprint,
        scheme: 'https',
        path: '/',
      });
      expect(service?.host).toMatch(/\.local$/);
      // The Host check accepts the announced name (and still refuses others).
      expect(await statusFor(web.port, `${service?.host}:${web.port}`)).toBe(200);
      expect(await statusFor(web.port, `evil.example:${web.port}`)).toBe(403);
    } finally {
      const gone = watching.down();
      await web.close();
      expect(await gone).not.toBeNull();
      watching.stop();
    }
  });

  it.each([
    ['a single kiosk (no hub)', null],
    ["issue 39 item 10: a hub with IT's announce: false", 'off'],
  ] as const)('is not announced by %s', async (_name, hub) => {
    const web = await start(hub);
    try {
      const watching = watch(web.port);
      const seen = await Promise.race([
        watching.up,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000)),
      ]);
      watching.stop();
      expect(seen).toBeNull();
    } finally {
      await web.close();
    }
  });
});
