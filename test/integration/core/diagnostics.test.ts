/**
 * "Save diagnostics" through the real core with the embedded demo upstream: one booking with a
 * customer's details goes through, then the file must carry versions, the config without its
 * key, the sync status, outbox counts and the log, and none of the customer's data or the key.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createKioskCore, type KioskCore } from '../../../electron/core/kiosk-core';
import { createLogger } from '../../../electron/core/platform/log';
import { createRotatingLogFile } from '../../../electron/core/platform/log-file';
import { createMemorySecretStore } from '../../../electron/core/staff/secret-store';
import { freeSlotAhead, makeTempDir } from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

const KEY = 'sk_live_diag_5f4e3d2c1b';
const CUSTOMER = {
  name: 'Erika Mustermann',
  email: 'erika.mustermann@example.de',
  phone: '+49 30 9876543',
};

let temp: ReturnType<typeof makeTempDir>;
let core: KioskCore | null = null;
beforeEach(() => {
  temp = makeTempDir('fd-core-diagnostics-');
});
afterEach(async () => {
  await core?.close();
  core = null;
  temp.remove();
});

it('writes versions, config without secrets, sync status, outbox counts, the database check and the recent log, and no personal data', async () => {
  const logFile = createRotatingLogFile(join(temp.dir, 'logs', 'main.log'));
  const log = createLogger('main', { level: 'info', sink: logFile.sink });
  log.info('window ready', { mode: 'kiosk' });
  // A careless line: the logger masks it on the way in.
  log.warn(`booking for ${CUSTOMER.email} failed`, { customer: CUSTOMER, apiKey: KEY });

  core = await createKioskCore({
    dataDir: join(temp.dir, 'kiosk'),
    secretStore: createMemorySecretStore(),
    autoStart: false,
    host: {
      appInfo: () => ({ version: '1.4.0', update: { state: 'ready', version: '1.5.0' } }),
      diagnostics: {
        folder: join(temp.dir, 'logs'),
        versions: { app: '1.4.0', electron: '45.4.1', node: '22.23.3' },
        config: {
          upstreamUrl: 'https://booking.example.com',
          apiKey: KEY,
          updateUrl: 'https://updates.example.com/frontdesk',
          locked: ['apiKey'],
        },
        recentLog: () => logFile.recent(),
      },
    },
  });
  const slot = await freeSlotAhead(core, { serviceId: 'svc-bart' });
  const booked = await core.api.createBooking({
    serviceId: 'svc-bart',
    employeeId: slot.employeeId,
    date: slot.date,
    time: slot.time,
    customer: CUSTOMER,
  });
  expect(booked.state).toBe('sent');

  const { path } = await core.api.saveDiagnostics({ session: await openStaffSession(core) });
  const text = readFileSync(path, 'utf8');
  if (process.platform !== 'win32') expect(statSync(path).mode & 0o077).toBe(0);
  for (const personal of [KEY, 'Erika', 'Mustermann', 'erika.mustermann', '9876543'])
    expect(text).not.toContain(personal);

  const report = JSON.parse(text) as Record<string, unknown>;
  expect(report).toMatchObject({
    app: { version: '1.4.0', update: { state: 'ready', version: '1.5.0' } },
    versions: { electron: '45.4.1', node: '22.23.3' },
    config: {
      upstreamUrl: 'https://booking.example.com',
      apiKey: '[removed]',
      updateUrl: 'https://updates.example.com/frontdesk',
      locked: ['apiKey'],
    },
    sync: { upstream: 'embedded', online: true, state: 'online' },
    outbox: { queued: 0, sending: 0, sent: 1, rejected: 0, unknown: 0, discarded: 0, dueNow: 0 },
    // The full integrity_check runs when staff ask (the start runs only quick_check).
    database: { integrityCheck: ['ok'], generation: expect.any(Number) as unknown, snapshots: [] },
  });
  expect(report.recentLog).toEqual(
    expect.arrayContaining([expect.stringMatching(/INFO main: window ready/)]),
  );
});
