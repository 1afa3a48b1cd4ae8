/**
 * One JobStore contract over both implementations: the memory store must behave as the SQLite
 * store of the product (kill -9 across a claim: job-queue-kill.test.ts).
 */
import { createSqliteJobStore } from '../../../electron/core/db/job-store';
import { openKioskDb } from '../../../electron/core/db/open';
import { createMemoryJobStore } from '../../../electron/core/jobs/store';
import { makeTempDir } from '../../support/core/harness';
import { jobStoreContract } from '../../support/core/job-store-contract';

jobStoreContract('memory', () => ({ store: createMemoryJobStore(), close: () => undefined }));

jobStoreContract('SQLite', () => {
  const temp = makeTempDir('fd-job-store-');
  const db = openKioskDb({ dataDir: temp.dir });
  return {
    store: createSqliteJobStore(db),
    close() {
      db.$client.close();
      temp.remove();
    },
  };
});
