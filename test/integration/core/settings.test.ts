/**
 * Staff settings through the real core (createKioskCore on a temp SQLite file). The upstream is
 * a loopback port nobody listens on and the loops do not run, so nothing leaves the machine.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKioskCore, type KioskCore } from '../../../electron/core/kiosk-core';
import { createMemorySecretStore } from '../../../electron/core/settings/secret-store';
import { makeTempDir } from '../../support/core/harness';

const NOWHERE = 'http://127.0.0.1:9';

let temp: ReturnType<typeof makeTempDir>;
let core: KioskCore | null = null;
beforeEach(() => {
  temp = makeTempDir('fd-core-settings-');
});
afterEach(async () => {
  await core?.close();
  core = null;
  temp.remove();
});

describe('kiosk core settings', () => {
  it('defaults the idle timeout to 60 s (issue 4)', async () => {
    core = await createKioskCore({ dataDir: temp.dir, upstreamUrl: NOWHERE, apiKey: 'k', secretStore: createMemorySecretStore(), autoStart: false });
    const settings = await core.api.getSettings(undefined);
    expect(settings.idleTimeoutSec).toBe(60);
  });
});
