/**
 * Starts a kiosk core and the browser shell in front of it, in this process. Used by the CLI
 * (main.ts), by `npm start` when Electron cannot run, and by end-to-end tests.
 */
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '../../shared/kiosk-api';
import type { Clock } from '../core/clock';
import type { LockableSetting, MachineShop } from '../core/config';
import { shopOptions } from '../core/shop-options';
import { createKioskCore } from '../core/kiosk-core';
import type { KioskCore } from '../core/kiosk-core';
import { createLogger } from '../core/log';
import type { Logger } from '../core/log';
import { createFileSecretStore } from '../core/settings/secret-store';
import type { SecretStore } from '../core/settings/secret-store';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_PORT } from './defaults';
import { startWebShell } from './web-shell';
import type { WebShell } from './web-shell';

export { DEFAULT_DATA_DIR } from './defaults';

/** out/renderer of this checkout, found from this module, not from the working directory. */
export const BUILT_RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url));

export interface StartKioskWebOptions {
  /** Default 5175; 0 picks a free port. */
  port?: number;
  /**
   * Absent: keep the upstream stored in the data folder (staff Settings; the embedded reference
   * server with demo data when none is stored). null: force the embedded server.
   */
  upstreamUrl?: string | null;
  /** Absent: keep the stored key. */
  apiKey?: string | null;
  /** Settings the machine config locks: staff cannot change them. Default none. */
  locked?: readonly LockableSetting[];
  /** IT's locked mode, applied at start; absent keeps the staff setting. */
  mode?: 'kiosk' | 'counter';
  /** IT's staff PIN hash: no setup code, and staff cannot change the PIN. */
  staffPinHash?: string | undefined;
  staffIdleTimeoutSec?: number | undefined;
  /** Days ended bookings keep the customer's personal data; default the core's (14). */
  retentionDays?: number;
  /** IT's shop profile (machine file `shop`, with its logoFile). */
  shop?: MachineShop | undefined;
  /** IT's default language for the screen; absent: staff's choice, else the browser's. */
  language?: Language | undefined;
  /** Default ./data/kiosk, resolved against the working directory. */
  dataDir?: string;
  /** Default: a random one (it is in the printed URL). */
  token?: string;
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
  /** http://127.0.0.1:PORT */
  url: string;
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
  const log = options.log ?? createLogger('kiosk-web');
  const dataDir = resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const token = options.token ?? randomToken();
  const print = options.print ?? ((line: string) => void process.stdout.write(`${line}\n`));

  const core: KioskCore = await createKioskCore({
    dataDir,
    // Not `?? null`: null forces the embedded server and would drop the staff's upstream.
    upstreamUrl: options.upstreamUrl,
    apiKey: options.apiKey,
    locked: options.locked,
    mode: options.mode,
    ...(options.staffPinHash === undefined ? {} : { staffPinHash: options.staffPinHash }),
    ...(options.staffIdleTimeoutSec === undefined ? {} : { staffIdleTimeoutSec: options.staffIdleTimeoutSec }),
    ...(options.retentionDays === undefined ? {} : { retentionDays: options.retentionDays }),
    ...shopOptions(options.shop),
    ...(options.language === undefined ? {} : { language: options.language }),
    secretStore: options.secretStore ?? createFileSecretStore(join(dataDir, 'api-key.secret')),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  let shell: WebShell;
  try {
    shell = await startWebShell({
      api: core.api,
      events: core.events,
      port: options.port ?? DEFAULT_WEB_PORT,
      token,
      rendererDir: options.rendererDir === undefined ? BUILT_RENDERER_DIR : options.rendererDir,
      log: options.log ?? createLogger('web'),
      ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    });
  } catch (error) {
    await core.close();
    throw error;
  }

  const openUrl = `${shell.url}/#token=${encodeURIComponent(token)}`;
  // The core logged it to stderr already; stdout is where an installer's script reads lines.
  if (core.setupCode !== null) print(`setup code: ${core.setupCode}`);
  print(`Frontdesk kiosk ready: ${openUrl}`);
  let closing: Promise<void> | null = null;
  return {
    url: shell.url,
    openUrl,
    port: shell.port,
    token,
    dataDir,
    close: () => {
      closing ??= (async () => {
        try {
          await shell.close();
        } finally {
          await core.close();
          log.info('stopped');
        }
      })();
      return closing;
    },
  };
}
