/**
 * The hub on the LAN by name, with mDNS/DNS-SD (bonjour-service): a `_frontdesk._tcp` service
 * on the hub's port whose TXT record carries its certificate's SHA-256 fingerprint (`fp`), the
 * scheme and path, and an A/AAAA record for `<this PC's name>.local`, so that a screen reaches
 * it as https://<name>.local:PORT/ without IT's DNS. Only while the hub runs: a single kiosk
 * advertises nothing, a hub with `"announce": false` neither, and stopping sends the goodbye
 * packets. Tests announce on loopback only (createMdns), so that no packet leaves the machine.
 * The TXT record holds nothing secret: the fingerprint is what a screen must compare anyway.
 */
import { hostname } from 'node:os';
import { Bonjour, type ServiceConfig } from 'bonjour-service';
import type { Logger } from '../platform';

/**
 * An mDNS socket on every network (`lan`) or for this machine only (`loopback`: multicast sent
 * out of the loopback interface; group traffic received on every address, since a socket bound
 * to 127.0.0.1 receives none). The tests' browser uses it too.
 */
export function createMdns(on: 'lan' | 'loopback', onError: (error: unknown) => void): Bonjour {
  const socket = on === 'loopback' ? { interface: '127.0.0.1', bind: '0.0.0.0' } : {};
  // bonjour-service types its first argument as a service's config, but hands it to
  // multicast-dns as the socket's options.
  return new Bonjour(socket as Partial<ServiceConfig>, onError);
}

/** The DNS-SD service type, advertised as `_frontdesk._tcp.local`. */
export const HUB_SERVICE_TYPE = 'frontdesk';

export interface HubAdvert {
  /** The DNS-SD instance name, unique per PC and port. */
  name: string;
  type: typeof HUB_SERVICE_TYPE;
  port: number;
  /** `<name>.local` for the A/AAAA records. */
  host: string;
  txt: { fp: string; scheme: 'https'; path: '/' };
}

/**
 * `<label>.local` for this PC's host name (its first label, lower case), or null when that is
 * not a DNS label (Windows allows names that are not): then only the service is advertised.
 */
export function mdnsHostName(osHostName: string): string | null {
  const label = osHostName.trim().split('.')[0]?.toLowerCase() ?? '';
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label) ? `${label}.local` : null;
}

/** What the hub announces: pure, so the record's contents are tested on their own. */
export function hubAdvert(input: { port: number; fingerprint: string; host: string }): HubAdvert {
  return {
    name: `Frontdesk hub ${input.host.replace(/\.local$/, '')} ${input.port}`,
    type: HUB_SERVICE_TYPE,
    port: input.port,
    host: input.host,
    txt: { fp: input.fingerprint, scheme: 'https', path: '/' },
  };
}

export interface HubAnnouncer {
  advert: HubAdvert;
  /** Sends the goodbye packets and closes the multicast socket. */
  stop(): Promise<void>;
}

/**
 * Starts announcing; a failure of the multicast socket (no network yet, a firewall) is logged,
 * never fatal: screens can still use the hub's address or IT's names.
 */
export function announceHub(input: {
  port: number;
  fingerprint: string;
  log: Logger;
  host?: string;
  /** Every network this machine is on (default), or loopback only. */
  on?: 'lan' | 'loopback';
}): HubAnnouncer {
  const host = input.host ?? mdnsHostName(hostname()) ?? 'frontdesk-hub.local';
  const advert = hubAdvert({ port: input.port, fingerprint: input.fingerprint, host });
  const on = input.on ?? 'lan';
  const bonjour = createMdns(on, (error) =>
    input.log.warn('mDNS announcement failed', { error: String(error) }),
  );
  const service = bonjour.publish({ ...advert, protocol: 'tcp' });
  service.on('error', (error: unknown) =>
    input.log.warn('mDNS announcement failed', { error: String(error) }),
  );
  input.log.info('announced with mDNS', { name: advert.name, host: advert.host, on });
  let stopping: Promise<void> | null = null;
  return {
    advert,
    stop: () => {
      // The goodbye waits for the socket; a socket that broke must not hold the hub's close.
      stopping ??= new Promise<void>((resolve) => {
        let done = false;
        const finish = (): void => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          try {
            bonjour.destroy();
          } catch {
            // already closed: nothing left to release
          }
          resolve();
        };
        const timer = setTimeout(finish, 2_000);
        timer.unref();
        bonjour.unpublishAll(finish);
      });
      return stopping;
    },
  };
}
