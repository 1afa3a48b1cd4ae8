/**
 * The kiosk core against the variant upstream (behind the fault proxy, on the core's clock):
 * `const open = variantCorePerTest('fd-any-')`, then in a test
 * `const { core, proxy } = await open(clock, { slotShape: 'per-employee' })`. Closed after each test.
 */
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { Clock } from '../../../electron/core/platform/clock';
import type { KioskCoreInternals, KioskCoreOptions } from '../../../electron/core/kiosk-core';
import type { RateLimits } from '../../../server/db/rate-limits';
import { CORE_TEST_KEY, makeTempDir, startCore } from '../core/harness';
import { startFaultProxy, type FaultProxy } from '../fault-proxy';
import { startVariantUpstream, type VariantUpstream } from './start-variant';
import type { VariantSwitches } from './switches';

export interface VariantCoreRig {
  core: KioskCoreInternals;
  variant: VariantUpstream;
  proxy: FaultProxy;
  /** The variant's SQLite file (serverBookings reads it). */
  dbPath: string;
}

export function variantCorePerTest(prefix: string): (
  clock: Clock,
  switches?: Partial<VariantSwitches>,
  options?: Partial<KioskCoreOptions>,
  /** The variant's limits (default: roomy, the flows are not about 429s). */
  rateLimit?: RateLimits,
) => Promise<VariantCoreRig> {
  let opened: { rig: VariantCoreRig; remove: () => void } | null = null;
  afterEach(async () => {
    const current = opened;
    opened = null;
    if (!current) return;
    await current.rig.core.close();
    await current.rig.proxy.close();
    await current.rig.variant.close();
    current.remove();
  });
  return async (clock, switches = {}, options = {}, rateLimit) => {
    const temp = makeTempDir(prefix);
    const dbPath = join(temp.dir, 'server.db');
    const variant = await startVariantUpstream({
      dbPath,
      keys: [{ key: CORE_TEST_KEY, scope: 'book' }],
      switches,
      rateLimit,
      clock: () => clock.now(),
    });
    const proxy = await startFaultProxy({ target: variant.url, clock: () => clock.now() });
    try {
      const core = await startCore(join(temp.dir, 'kiosk'), proxy.url, { clock, ...options });
      opened = { rig: { core, variant, proxy, dbPath }, remove: () => temp.remove() };
      return opened.rig;
    } catch (error) {
      await proxy.close();
      await variant.close();
      temp.remove();
      throw error;
    }
  };
}

/**
 * The API gone (as harness.ts's goOffline): two failed live lookups on a day no test caches,
 * the second being the probe that starts the probe interval.
 */
export async function takeOffline(rig: VariantCoreRig, serviceId: string): Promise<void> {
  rig.proxy.setMode('down');
  const lookup = () =>
    rig.core.api.getTimeSlots({ date: '2026-11-26', serviceId, fresh: true }).catch(() => null);
  await lookup();
  await lookup();
  if ((await rig.core.api.getSyncStatus({})).online)
    throw new Error('the kiosk did not notice the API was gone');
}
