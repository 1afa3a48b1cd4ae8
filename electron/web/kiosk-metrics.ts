/**
 * Starts IT's /metrics endpoint in front of a running core (kiosk:web and the Electron app, hub
 * or single kiosk): the token read from its file, the certificate from IT's PEM files when given
 * (checked as the hub's are: a key that does not fit stops it), the exposition from the core's
 * snapshot, the open event streams and the data folder's free disk.
 */
import { freeBytesOf } from '../core/db';
import { loadHubCertificate } from '../core/hub';
import type { KioskCore } from '../core/kiosk-core';
import type { Logger } from '../core/platform';
import { type MetricsConfig, createMetricsExposition } from '../core/metrics';
import { readMetricsToken, startMetricsServer, type MetricsServer } from './metrics-server';

export async function startKioskMetrics(options: {
  config: MetricsConfig;
  core: Pick<KioskCore, 'metrics'>;
  version: string;
  dataDir: string;
  /** Screens with an open event stream (the web or hub shell's); 0 when there is none. */
  screensConnected: () => number;
  platform: NodeJS.Platform;
  log: Logger;
}): Promise<MetricsServer> {
  const token = readMetricsToken(options.config.tokenFile, options.platform, options.log);
  let tls: { cert: string; key: string } | undefined;
  if (options.config.tls) {
    const loaded = await loadHubCertificate({
      dataDir: options.dataDir, // not used: IT's files are given
      files: options.config.tls,
      names: [],
      now: () => Date.now(),
      log: options.log,
    });
    if (!loaded.ok) throw new Error(`metrics ${loaded.reason}`);
    tls = { cert: loaded.value.cert, key: loaded.value.key };
  }
  return startMetricsServer({
    tls,
    listen: options.config.listen,
    token,
    exposition: createMetricsExposition({
      version: options.version,
      core: () => options.core.metrics(),
      screensConnected: options.screensConnected,
      diskFreeBytes: () => freeBytesOf(options.dataDir),
    }),
    log: options.log,
  });
}
