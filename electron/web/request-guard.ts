/**
 * The browser shell's request checks, pure so they are tested on their own. The shell listens on
 * 127.0.0.1 (or, as a hub, on the LAN over HTTPS), and any web page a screen's browser opens can
 * still send requests there:
 * - Host must name us (127.0.0.1:PORT or localhost:PORT; a hub also its configured names and its
 *   own addresses): a DNS-rebinding page has its own name;
 * - Origin, when a browser sends one, must be our own: a cross-site page cannot call the API;
 * - every API call carries the launch token as a Bearer credential, compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { CONTENT_SECURITY_POLICY } from '../../shared/csp';

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** Host header check (case-insensitive; a missing Host is refused: HTTP/1.1 requires it). */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  return host !== undefined && allowedHosts(port).has(host.toLowerCase());
}

/**
 * A hub's Host check: `name:PORT` for a name in `names` (lower case, IPv6 in brackets), or the
 * bare name when PORT is the scheme's default (443 for https). Nothing else.
 */
export function isAllowedHubHost(
  host: string | undefined,
  policy: { port: number; scheme: 'http' | 'https'; names: ReadonlySet<string> },
): boolean {
  if (host === undefined) return false;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host.toLowerCase());
  const name = match?.[1];
  if (name === undefined || !policy.names.has(name)) return false;
  const defaultPort = policy.scheme === 'https' ? 443 : 80;
  const port = match?.[2] === undefined ? defaultPort : Number(match[2]);
  return port === policy.port;
}

/** A name as it appears in a Host header: IPv6 addresses in brackets, all lower case. */
export function hostName(address: string): string {
  const lower = address.toLowerCase();
  return lower.includes(':') ? `[${lower}]` : lower;
}

/** Origin absent (same-origin GET, curl) or exactly our own origin for the Host used. */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  scheme: 'http' | 'https' = 'http',
): boolean {
  if (origin === undefined) return true;
  if (host === undefined) return false;
  return origin.toLowerCase() === `${scheme}://${host.toLowerCase()}`;
}

/** `Authorization: Bearer <token>`; the digests make the comparison independent of length. */
export function hasBearerToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '');
  const presented = match?.[1];
  if (presented === undefined) return false;
  return timingSafeEqual(digest(presented), digest(token));
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Headers for every response; the CSP matches a Vite build (no inline script or style). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};
