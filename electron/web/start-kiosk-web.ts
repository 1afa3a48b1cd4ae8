/**
 * Starts a kiosk core and the browser shell in front of it, in this process. Used by the CLI
 * (main.ts), by `npm start` when Electron cannot run, and by end-to-end tests.
 */
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Clock, createLogger, type Logger } from '../core/platform';
import type { ItConfig } from '../core/config';
import { browserScreen, createFileSecretStore, type SecretStore } from '../core/staff';
import type { HubCertificate, HubConfig } from '../core/hub';
import { createKioskCore } from '../core/kiosk-core';
import type { KioskCore } from '../core/kiosk-core';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_PORT } from './defaults';
import type { MetricsConfig } from '../core/metrics';
import { startKioskMetrics } from './kiosk-metrics';
import type { MetricsServer } from './metrics-server';
import { probePort } from './port-probe';
import { startHubShell } from './start-hub-shell';
import { startWebShell } from './web-shell';
import type { WebShell } from './web-shell';

/** out/renderer of this checkout, found from this module, not from the working directory. */
export const BUILT_RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url));

/**
 * IT's values (ItConfig: upstream, key, locked settings, PIN hash, shop, the staff settings IT
 * sets) go to the core as they are: an absent upstreamUrl keeps the one stored in the data folder
 * (staff Settings; the embedded reference server with demo data when none is stored), null forces
 * the embedded server; an absent apiKey keeps the stored key.
 */
export interface StartKioskWebOptions extends ItConfig {
  /** Default 5175; 0 picks a free port. Unused when `hub` is on. */
  port?: number;
  /** This kiosk is its shop's hub: HTTPS on `hub.listen` instead of HTTP on 127.0.0.1:port. */
  hub?: HubConfig | null;
  /** IT's /metrics endpoint (machine config `metrics`); null or absent: off. */
  metrics?: MetricsConfig | null;
  /** An Electron screen's config: the browser shell is never one (ignored here). */
  hubScreen?: unknown;
  /** Default ./data/kiosk, resolved against the working directory. */
  dataDir?: string;
  /** Default: a random one (it is in the printed URL). */
  token?: string;
  /**
   * The token was read from a file IT keeps: the ready line then says to add the file's token
   * instead of printing it (stdout lands in journals and terminal scrollback).
   */
  tokenFromFile?: boolean;
  /** Default: out/renderer of this checkout. */
  rendererDir?: string | null;
  /** Default: a file (0600) in the data folder. */
  secretStore?: SecretStore;
  /** Receives the "ready" line with the URL (and a `setup code:` line first); default stdout. */
  print?: (line: string) => void;
  log?: Logger;
  heartbeatMs?: number;
  /** The core's clock; default the system's. Tests fix the date with it. */
  clock?: Clock;
}

export interface KioskWeb {
  /** http://127.0.0.1:PORT, or https://… for a hub */
  url: string;
  /** IT's /metrics endpoint (http://HOST:PORT/metrics); null when off. */
  metricsUrl: string | null;
  /** A hub's certificate (fingerprint shown to staff); null when not a hub. */
  certificate: HubCertificate | null;
  /** The URL to open: it carries the token in the fragment, which the renderer reads. */
  openUrl: string;
  port: number;
  token: string;
  dataDir: string;
  /** Closes the web shell, then the core. */
  close(): Promise<void>;
}

export function randomToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function startKioskWeb(options: StartKioskWebOptions = {}): Promise<KioskWeb> {
  const {
    port,
    hub,
    metrics: metricsConfig,
    hubScreen: _electronOnly,
    token: givenToken,
    tokenFromFile = false,
    rendererDir,
    secretStore,
    print: givenPrint,
    log: givenLog,
    heartbeatMs,
    clock,
    dataDir: givenDataDir,
    ...it
  } = options;
  const log = givenLog ?? createLogger('kiosk-web');
  const dataDir = resolve(givenDataDir ?? DEFAULT_DATA_DIR);
  const token = givenToken ?? randomToken();
  const print = givenPrint ?? ((line: string) => void process.stdout.write(`${line}\n`));

  // Port 0 always binds; a hub binds its own address (startHubShell).
  if (!hub && port !== 0) await probePort('127.0.0.1', port ?? DEFAULT_WEB_PORT);
  const core: KioskCore = await createKioskCore({
    ...it,
    dataDir,
    secretStore: secretStore ?? createFileSecretStore(join(dataDir, 'api-key.secret')),
    ...(clock ? { clock } : {}),
  });
  let shell: WebShell;
  let certificate: HubCertificate | null = null;
  let closeShell: () => Promise<void>;
  try {
    if (hub) {
      const started = await startHubShell({
        // Its own PIN lockout: guesses through this shell's token lock out this shell only.
        api: core.apiFor(browserScreen(token)),
        apiFor: (screen) => core.apiFor(screen),
        isStaffSession: (session) => core.isStaffSession(session),
        events: core.events,
        hub,
        dataDir,
        token,
        rendererDir: rendererDir === undefined ? BUILT_RENDERER_DIR : rendererDir,
        now: () => (clock ?? Date).now(),
        log: givenLog ?? createLogger('web'),
        ...(heartbeatMs === undefined ? {} : { heartbeatMs }),
      });
      shell = started.shell;
      certificate = started.certificate;
      closeShell = () => started.close();
    } else {
      const plain = await startWebShell({
        // Its own PIN lockout: guesses through this shell's token lock out this shell only.
        api: core.apiFor(browserScreen(token)),
        events: core.events,
        port: port ?? DEFAULT_WEB_PORT,
        token,
        rendererDir: rendererDir === undefined ? BUILT_RENDERER_DIR : rendererDir,
        log: givenLog ?? createLogger('web'),
        ...(heartbeatMs === undefined ? {} : { heartbeatMs }),
      });
      shell = plain;
      closeShell = () => plain.close();
    }
  } catch (error) {
    await core.close();
    throw error;
  }
  let metrics: MetricsServer | null = null;
  if (metricsConfig) {
    try {
      metrics = await startKioskMetrics({
        config: metricsConfig,
        core,
        version: 'development', // what getAppInfo says for kiosk:web
        dataDir,
        screensConnected: () => shell.connectedScreens(),
        platform: process.platform,
        log: givenLog ?? createLogger('metrics'),
      });
    } catch (error) {
      await closeShell().finally(() => core.close());
      throw error;
    }
  }

  const openUrl = `${shell.url}/#token=${encodeURIComponent(token)}`;
  // The core logged it to stderr already; stdout is where an installer's script reads lines.
  if (core.setupCode !== null) print(`setup code: ${core.setupCode}`);
  if (certificate) print(`hub certificate SHA-256 fingerprint: ${certificate.fingerprint}`);
  print(
    tokenFromFile
      ? `Frontdesk kiosk ready: ${shell.url}/ (open it with #token= and the token from the token file)`
      : `Frontdesk kiosk ready: ${openUrl}`,
  );
  let closing: Promise<void> | null = null;
  return {
    url: shell.url,
    metricsUrl: metrics?.url ?? null,
    certificate,
    openUrl,
    port: shell.port,
    token,
    dataDir,
    close: () => {
      closing ??= (async () => {
        try {
          await metrics?.close();
          await closeShell();
        } finally {
          await core.close();
          log.info('stopped');
        }
      })();
      return closing;
    },
  };
}
