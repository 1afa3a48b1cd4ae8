/**
 * A process that claims one job of the kiosk's job queue and dies in the middle of its run,
 * for the kill -9 test of the queue (test/integration/core/job-queue-kill.test.ts):
 *   node --import tsx test/support/core/job-process.ts --data DIR --lease MS
 * Enqueues the job `slow` (key `k`), prints "running" once its run started (the claim is on
 * disk by then) and waits for ever: the test kills it with SIGKILL.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createSqliteJobStore } from '../../../electron/core/db/job-store';
import { openKioskDb } from '../../../electron/core/db/open';
import { createJobQueue } from '../../../electron/core/jobs';
import { systemClock } from '../../../electron/core/platform/clock';
import { createLogger } from '../../../electron/core/platform/log';

const { values } = parseArgs({
  options: { data: { type: 'string' }, lease: { type: 'string' } },
});
if (!values.data || !values.lease) {
  process.stderr.write('usage: job-process.ts --data DIR --lease MS\n');
  process.exit(2);
}

const db = openKioskDb({ dataDir: values.data });
const queue = createJobQueue({
  store: createSqliteJobStore(db),
  clock: systemClock,
  log: createLogger('job-process'),
  leaseMs: Number(values.lease),
});
const slow = queue.define({
  name: 'slow',
  schema: z.object({ n: z.number() }),
  backoff: { baseMs: 1_000, capMs: 1_000 },
  budgetMs: 3_600_000,
  run() {
    process.stdout.write('running\n');
    // A run that never ends, in a process kept alive until it is killed.
    setInterval(() => undefined, 1_000);
    return new Promise(() => undefined);
  },
});
slow.enqueue({ n: 1 }, { key: 'k' });
await queue.runOnce();
