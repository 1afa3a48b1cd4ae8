/**
 * The job queue across kill -9 (issue 40): a child process claims a job on the real kiosk
 * SQLite and is killed in the middle of its run. The job is not lost and not run twice at once:
 * while the dead run's lease holds nobody takes it; once it ran out the job runs again, told it
 * was interrupted, exactly once to completion; later runs of the queue find nothing to do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { createSqliteJobStore } from '../../../electron/core/db/job-store';
import { openKioskDb } from '../../../electron/core/db/open';
import { createJobQueue, done, type JobContext } from '../../../electron/core/jobs';
import { createLogger } from '../../../electron/core/platform/log';
import { makeTempDir, until } from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';

const JOB_PROCESS = fileURLToPath(new URL('../../support/core/job-process.ts', import.meta.url));
const LEASE_MS = 60_000;

let temp: ReturnType<typeof makeTempDir>;
let child: ChildProcess | null = null;

beforeEach(() => {
  temp = makeTempDir('fd-job-kill-');
});
afterEach(() => {
  child?.kill('SIGKILL');
  temp.remove();
});

it('a job whose process was killed mid-run runs again once its lease ran out, exactly once to completion', async () => {
  const lines: string[] = [];
  child = spawn(
    process.execPath,
    ['--import', 'tsx', JOB_PROCESS, '--data', temp.dir, '--lease', String(LEASE_MS)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
  await until(() => lines.includes('running'), 30_000);
  const killed = child;
  await new Promise((resolve) => {
    killed.once('exit', resolve);
    killed.kill('SIGKILL');
  });
  child = null;

  const db = openKioskDb({ dataDir: temp.dir });
  try {
    const store = createSqliteJobStore(db);
    const [claimed] = store.list('slow', ['k']);
    expect(claimed).toMatchObject({ state: 'running', attempts: 1, interrupted: 0 });
    const leaseUntil = claimed?.leaseUntil ?? 0;

    const clock = manualClock(leaseUntil - LEASE_MS / 2);
    const runs: JobContext[] = [];
    const queue = createJobQueue({ store, clock, log: createLogger('test'), leaseMs: LEASE_MS });
    queue.define({
      name: 'slow',
      schema: z.object({ n: z.number() }),
      backoff: { baseMs: 1_000, capMs: 1_000 },
      budgetMs: 3_600_000,
      run(_data, context) {
        runs.push(context);
        return Promise.resolve(done());
      },
    });
    await queue.runOnce(); // the dead run's lease still holds
    expect(runs).toEqual([]);

    clock.set(leaseUntil);
    await queue.runOnce();
    await queue.runOnce();
    clock.advance(24 * 3_600_000);
    await queue.runOnce();
    expect(runs).toEqual([{ attempt: 2, interrupted: 1, lastAttempt: false }]);
    expect(store.list('slow', ['k'])[0]).toMatchObject({
      state: 'done',
      attempts: 2,
      interrupted: 1,
      leaseUntil: null,
    });
  } finally {
    db.$client.close();
  }
}, 60_000);
