/**
 * A kiosk core that only replays its outbox, for the crash-safety test:
 *   npx tsx test/support/core/replay-process.ts --data DIR --upstream URL [--api-key KEY]
 *     [--migrations DIR] (needed when this file runs bundled, away from the repo)
 * Prints "ready" once the core is open (entries left in `sending` recovered), then "done" when
 * nothing is queued any more, and exits. The test kills it with SIGKILL at random points.
 */
import { parseArgs } from 'node:util';
import { createKioskCoreInternals } from '../../../electron/core/kiosk-core';
import { createMemorySecretStore } from '../../../electron/core/staff/secret-store';
import { CORE_TEST_KEY } from './harness';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    upstream: { type: 'string' },
    'api-key': { type: 'string' },
    migrations: { type: 'string' },
  },
});
if (!values.data || !values.upstream) {
  process.stderr.write('usage: replay-process.ts --data DIR --upstream URL [--api-key KEY]\n');
  process.exit(2);
}

const core = await createKioskCoreInternals({
  dataDir: values.data,
  upstreamUrl: values.upstream,
  apiKey: values['api-key'] ?? CORE_TEST_KEY,
  secretStore: createMemorySecretStore(),
  autoStart: false,
  migrationsFolder: values.migrations,
  replayTimeoutMs: 2_000,
  replayPolicy: { backoff: { baseMs: 20, capMs: 200 } },
});
process.stdout.write('ready\n');
for (let round = 0; round < 10_000; round += 1) {
  await core.replayer.runOnce();
  const status = await core.api.getSyncStatus({});
  if (status.queued === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
process.stdout.write('done\n');
await core.close();
