/**
 * The browser shell's request checks, pure so they are tested on their own. The shell listens on
 * 127.0.0.1 only, but any web page the kiosk's browser opens can still send requests there:
 * - Host must name us (127.0.0.1:PORT or localhost:PORT): a DNS-rebinding page has its own name;
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

/** Origin absent (same-origin GET, curl) or exactly our own origin for the Host used. */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (host === undefined) return false;
  return origin.toLowerCase() === `http://${host.toLowerCase()}`;
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
