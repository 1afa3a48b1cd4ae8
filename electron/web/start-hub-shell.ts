/**
 * The hub's HTTPS shell in front of a running core: its certificate (IT's or the generated one),
 * the pairing store in the kiosk database and the browser shell on `hub.listen`. Used by
 * `kiosk:web` (start-kiosk-web.ts) and by the Electron app when the machine config names a hub.
 * While it listens it announces itself with mDNS (hub-mdns.ts; `hub.announce`: on the LAN by
 * default, off, or loopback only) and answers to that `<name>.local` too.
 */
import { randomBytes } from 'node:crypto';
import { hostname, networkInterfaces } from 'node:os';
import type { KioskApi } from '../../shared/kiosk-api';
import { openKioskDb } from '../core/db';
import {
  loadHubCertificate,
  type HubCertificate,
  type HubConfig,
  announceHub,
  mdnsHostName,
  type HubAnnouncer,
  createPairing,
} from '../core/hub';
import type { Logger } from '../core/platform';
import type { KioskEventSource } from './event-stream';
import { startWebShell, type WebShell } from './web-shell';

export interface StartHubShellOptions {
  /** The API for the hub's own token (its browser); paired screens get `apiFor` theirs. */
  api: KioskApi;
  /** The core's API for one screen (KioskCore.apiFor): each paired screen its own PIN lockout. */
  apiFor(screen: string): KioskApi;
  /** A live staff session, not renewed by the check (KioskCore.isStaffSession). */
  isStaffSession(session: string): boolean;
  events: KioskEventSource;
  hub: HubConfig;
  /** The core's data folder: kiosk.db (already migrated by the core) and the certificate. */
  dataDir: string;
  rendererDir: string | null;
  /** The hub's own browser's token (default: random); screens use their cookie instead. */
  token?: string;
  now: () => number;
  log: Logger;
  heartbeatMs?: number;
}

export interface HubShell {
  shell: WebShell;
  certificate: HubCertificate;
  token: string;
  /** The mDNS announcement; null when off. */
  announcer: HubAnnouncer | null;
  close(): Promise<void>;
}

export async function startHubShell(options: StartHubShellOptions): Promise<HubShell> {
  const { hub, log } = options;
  const announce = hub.announce;
  const localName = announce === 'off' ? null : mdnsHostName(hostname());
  const names = localName === null ? hub.names : [...hub.names, localName];
  const loaded = await loadHubCertificate({
    dataDir: options.dataDir,
    files: hub.tls,
    names: ['localhost', '127.0.0.1', ...names],
    now: options.now,
    log,
  });
  if (!loaded.ok) throw new Error(`hub certificate: ${loaded.reason}`);
  const certificate = loaded.value;
  // A connection of its own to kiosk.db (WAL: the core's writers are not blocked).
  const db = openKioskDb({ dataDir: options.dataDir });
  const token = options.token ?? randomBytes(24).toString('base64url');
  let port = 0; // known once listening, before any screen asks for a code
  // One API object per paired screen (each has its own lockout in the core either way).
  const screenApis = new Map<string, KioskApi>();
  const pairing = createPairing(db, options.now);
  try {
    const shell = await startWebShell({
      host: hub.listen.host,
      names,
      tls: { cert: certificate.cert, key: certificate.key },
      hub: {
        pairing,
        fingerprint: certificate.fingerprint,
        isStaffSession: (session) => options.isStaffSession(session),
        apiFor: (screenId) => {
          let api = screenApis.get(screenId);
          if (!api) {
            const own = options.apiFor(`screen:${screenId}`);
            // A call for help carries the name staff gave the screen at pairing, not the page's.
            const name = () => pairing.list().find((screen) => screen.id === screenId)?.name;
            api = { ...own, callStaff: (input) => own.callStaff({ ...input, screen: name() }) };
            screenApis.set(screenId, api);
          }
          return api;
        },
        screenUrl: () => `https://${hub.names[0] ?? screenHost(hub.listen.host)}:${port}/`,
      },
      api: options.api,
      events: options.events,
      port: hub.listen.port,
      token,
      rendererDir: options.rendererDir,
      log,
      ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    });
    port = shell.port;
    const announcer =
      announce === 'off'
        ? null
        : announceHub({
            port,
            fingerprint: certificate.fingerprint,
            log,
            on: announce,
            ...(localName === null ? {} : { host: localName }),
          });
    return {
      shell,
      certificate,
      token,
      announcer,
      close: async () => {
        try {
          await announcer?.stop();
          await shell.close();
        } finally {
          db.$client.close();
        }
      },
    };
  } catch (error) {
    db.$client.close();
    throw error;
  }
}

/** The address a screen can reach: this machine's first LAN IPv4 address when bound to all. */
function screenHost(listenHost: string): string {
  if (listenHost !== '0.0.0.0' && listenHost !== '::')
    return listenHost.includes(':') ? `[${listenHost}]` : listenHost;
  const lan = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .find((entry) => entry.family === 'IPv4' && !entry.internal);
  return lan?.address ?? '127.0.0.1';
}
