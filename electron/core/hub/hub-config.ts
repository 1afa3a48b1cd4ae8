/**
 * The machine file's `hub` field: this Frontdesk serves its shop's other screens over HTTPS on
 * the LAN (off when absent).
 *   "hub": { "listen": "0.0.0.0:8443", "names": ["frontdesk.shop.lan"],
 *            "tlsCertFile": "/etc/frontdesk/hub.crt", "tlsKeyFile": "/etc/frontdesk/hub.key" }
 * `listen` is HOST:PORT (an IPv6 host in brackets); `names` are the host names screens use
 * besides the hub's own addresses (Host and Origin checks accept nothing else); the certificate
 * files come as a pair, else the hub generates a self-signed one in its data folder.
 * `"announce": false` turns its mDNS announcement off (hub-mdns.ts), for networks where IT forbids
 * mDNS. `kiosk:web --listen HOST:PORT` turns the hub on from the command line. With `url` and
 * `fingerprint` instead, this install is an Electron screen of another PC's hub (hub-screen.ts).
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { HubScreenFile, hubScreenConfigFromFile, type HubScreenConfig } from './hub-screen';

export interface HubListen {
  /** An IP address to bind ("0.0.0.0" or "::" for every interface). */
  host: string;
  port: number;
}

/**
 * Where the hub announces itself with mDNS: every network it finds (`lan`, the default), none
 * (`off`, IT's `"announce": false`), or this machine only (`loopback`: tests, so that no packet
 * leaves the machine).
 */
export type HubAnnounce = 'lan' | 'loopback' | 'off';

export interface HubConfig {
  listen: HubListen;
  announce: HubAnnounce;
  /** Lower-case host names (no port) that screens may use to reach the hub. */
  names: string[];
  /** IT's certificate and key (PEM files), or null: a generated self-signed one. */
  tls: { certFile: string; keyFile: string } | null;
}

/** `HOST:PORT` with an IP host; `[v6]:PORT` for IPv6. Port 1 to 65535 (0 for tests only). */
export function parseListen(
  text: string,
): { ok: true; value: HubListen } | { ok: false; reason: string } {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+)):(\d{1,5})$/.exec(text.trim());
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  if (host === undefined || isIP(host) === 0) {
    return {
      ok: false,
      reason: 'expected HOST:PORT with an IP address, e.g. 0.0.0.0:8443 or [::]:8443',
    };
  }
  if (!(port >= 0 && port <= 65_535)) return { ok: false, reason: 'the port must be 0 to 65535' };
  return { ok: true, value: { host, port } };
}

const HostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/,
    {
      message: 'expected a host name such as frontdesk.shop.lan',
    },
  )
  .transform((name) => name.replace(/\.$/, ''));

/** `HOST:PORT` with an IP host (parseListen), for the hub and the metrics endpoint. */
export const ListenText = z.string().transform((text, context) => {
  const parsed = parseListen(text);
  if (parsed.ok) return parsed.value;
  context.addIssue({ code: 'custom', message: parsed.reason, continue: true }); // the union names this field
  return z.NEVER;
});

export const PathText = z.string().trim().min(1, 'must not be empty');

/** The machine file's `hub` for a hub (see HubConfig). */
export const HubFile = z
  .object({
    listen: ListenText.describe('HOST:PORT the hub listens on over HTTPS, e.g. 0.0.0.0:8443'),
    names: z.array(HostName).max(20).optional().describe('host names the screens use for the hub'),
    tlsCertFile: PathText.optional().describe(
      "IT's certificate (PEM); absent: a generated self-signed one",
    ),
    tlsKeyFile: PathText.optional().describe("the certificate's private key (PEM)"),
    announce: z
      .boolean()
      .optional()
      .describe(
        'announce the hub on the LAN with mDNS (default true); false where IT forbids mDNS',
      ),
  })
  .strict()
  .refine((hub) => (hub.tlsCertFile === undefined) === (hub.tlsKeyFile === undefined), {
    message: 'give tlsCertFile and tlsKeyFile together, or neither',
  });

export function hubConfigFromFile(file: z.output<typeof HubFile>): HubConfig {
  return {
    listen: file.listen,
    announce: file.announce === false ? 'off' : 'lan',
    names: [...new Set(file.names ?? [])],
    tls:
      file.tlsCertFile !== undefined && file.tlsKeyFile !== undefined
        ? { certFile: file.tlsCertFile, keyFile: file.tlsKeyFile }
        : null,
  };
}

/**
 * The machine file's `hub`: this PC is the hub (`listen`, HubFile) or an Electron screen of
 * another PC's hub (`url` and `fingerprint`, hub-screen.ts).
 */
export const HubMachineFile = z.union([HubFile, HubScreenFile]);

export function hubRolesFromFile(file: z.output<typeof HubMachineFile> | undefined): {
  hub: HubConfig | null;
  hubScreen: HubScreenConfig | null;
} {
  if (file === undefined) return { hub: null, hubScreen: null };
  return 'listen' in file
    ? { hub: hubConfigFromFile(file), hubScreen: null }
    : { hub: null, hubScreen: hubScreenConfigFromFile(file) };
}
