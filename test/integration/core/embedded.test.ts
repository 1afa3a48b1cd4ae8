/**
 * With no upstream configured the core runs the reference server in-process with demo data;
 * a settings change re-targets it to a remote and back. Status events reach subscribers.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { join } from 'node:path';
import { createKioskCore, type KioskCore } from '../../../electron/core/kiosk-core';
import { createMemorySecretStore } from '../../../electron/core/staff/secret-store';
import type { KioskEvent } from '../../../shared/kiosk-api';
import { addDays, todayIn } from '../../../shared/booking/time';
import {
  CORE_TEST_KEY,
  makeTempDir,
  startUpstream,
  type UpstreamFixture,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

const SOON = addDays(todayIn('Europe/Berlin', Date.now()), 3);

let temp: ReturnType<typeof makeTempDir>;
let core: KioskCore | null = null;
let upstream: UpstreamFixture | null = null;

beforeEach(() => {
  temp = makeTempDir('fd-core-embedded-');
});

afterEach(async () => {
  await core?.close();
  await upstream?.close();
  core = null;
  upstream = null;
  temp.remove();
});

it('serves the embedded demo upstream by default and re-targets on a settings change', async () => {
  const dataDir = join(temp.dir, 'kiosk');
  core = await createKioskCore({
    dataDir,
    secretStore: createMemorySecretStore(),
    autoStart: false,
  });
  const events: KioskEvent[] = [];
  core.events.subscribe((event) => events.push(event));

  const catalog = await core.api.getCatalog({});
  expect(catalog.source).toBe('live');
  expect(catalog.services.length).toBeGreaterThanOrEqual(5);
  let status = await core.api.getSyncStatus({});
  expect(status).toMatchObject({ upstream: 'embedded', online: true, mode: 'enabled' });
  expect(events.some((e) => e.type === 'status' && e.status.online)).toBe(true);

  upstream = await startUpstream(temp.dir);
  // The demo: customers may book before a PIN exists (the first PIN needs the printed code).
  expect((await core.api.getPublicSettings(undefined)).setup).toBe('demo');
  const session = await openStaffSession(core, '2468');
  const settings = await core.api.updateSettings({
    session,
    upstreamUrl: upstream.server.url,
    apiKey: CORE_TEST_KEY,
    pin: '2468', // another host needs the current PIN too (issue 17)
  });
  expect(settings).toMatchObject({
    upstreamUrl: upstream.server.url,
    apiKeySet: true,
    pinSet: true,
  });
  expect((await core.api.verifyStaffPin({ pin: '2468' })).valid).toBe(true);
  expect((await core.api.verifyStaffPin({ pin: '1111' })).valid).toBe(false);
  await core.api.getTimeSlots({ date: SOON, serviceId: 'svc-bart', fresh: true });
  status = await core.api.getSyncStatus({});
  expect(status).toMatchObject({ upstream: 'remote', online: true });

  await core.api.updateSettings({ session, upstreamUrl: null });
  await core.api.getTimeSlots({ date: SOON, serviceId: 'svc-bart', fresh: true });
  expect(await core.api.getSyncStatus({})).toMatchObject({ upstream: 'embedded', online: true });
});
