/**
 * The real core as the renderer meets it (through the dispatcher every transport uses) keeps
 * the rules the renderer tests' fake plays (test/support/kiosk-client-contract.ts).
 */
import { join } from 'node:path';
import { createKioskCoreInternals } from '../../../electron/core/kiosk-core';
import { createMemorySecretStore } from '../../../electron/core/staff/secret-store';
import { kioskMethods, type KioskClient } from '../../../shared/kiosk-api';
import { dispatchKioskCall } from '../../../shared/kiosk-dispatch';
import { makeTempDir } from '../../support/core/harness';
import { kioskClientContract } from '../../support/kiosk-client-contract';

kioskClientContract('the real core', async ({ locked = [], apiKey }) => {
  const temp = makeTempDir('fd-contract-');
  const core = await createKioskCoreInternals({
    dataDir: join(temp.dir, 'kiosk'),
    // A remote upstream that is never reached here (no loops, no lookups): the first PIN then
    // needs the printed setup code, as in the fake's 'remote' mode.
    upstreamUrl: 'http://127.0.0.1:9',
    apiKey: apiKey ?? null,
    locked,
    secretStore: createMemorySecretStore(),
    autoStart: false,
  });
  if (core.setupCode === null) throw new Error('a remote kiosk without a PIN prints a setup code');
  const client = Object.fromEntries(
    kioskMethods.map((method) => [
      method,
      (input: unknown) => dispatchKioskCall(core.api, method, input),
    ]),
  ) as unknown as KioskClient;
  return {
    client,
    setupCode: core.setupCode,
    async close() {
      await core.close();
      temp.remove();
    },
  };
});
