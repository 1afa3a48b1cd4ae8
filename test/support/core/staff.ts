/**
 * Opens a staff session on a kiosk core the way staff would: the first PIN through
 * setupStaffPin (with the printed setup code on a remote kiosk), later ones through
 * verifyStaffPin. Tests of staff methods call this instead of bypassing the session.
 */
import type { KioskApi, KioskClient } from '../../../shared/kiosk-api';

export const TEST_PIN = '4711';

export async function openStaffSession(
  core: { api: KioskApi; setupCode: string | null },
  pin = TEST_PIN,
): Promise<string> {
  const { setup } = await core.api.getPublicSettings(undefined);
  const check =
    setup === 'done'
      ? await core.api.verifyStaffPin({ pin })
      : await core.api.setupStaffPin({
          pin,
          ...(core.setupCode ? { setupCode: core.setupCode } : {}),
        });
  if (!check.valid || !check.session)
    throw new Error(`staff session refused (${JSON.stringify(check)})`);
  return check.session;
}

/** The same through a transport (HTTP client, IPC bridge): Results instead of throws. */
export async function openClientStaffSession(
  client: KioskClient,
  pin = TEST_PIN,
  setupCode?: string,
): Promise<string> {
  const settings = await client.getPublicSettings(undefined);
  if (!settings.ok) throw new Error(`getPublicSettings failed: ${settings.error.message}`);
  const check =
    settings.result.setup === 'done'
      ? await client.verifyStaffPin({ pin })
      : await client.setupStaffPin({ pin, ...(setupCode ? { setupCode } : {}) });
  if (!check.ok || !check.result.valid || !check.result.session)
    throw new Error(`staff session refused (${JSON.stringify(check)})`);
  return check.result.session;
}
