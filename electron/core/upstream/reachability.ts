/**
 * Whether the upstream's host accepts connections, at no cost to the API's budget (issue 18): a
 * TCP connect to its host and port (a TLS handshake for https), closed at once, without an HTTP
 * request. The reference server counts requests per key; a connection that sends none is never
 * counted (test/integration/core/reachability.test.ts measures it). Never throws.
 */
import { isIP, connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { NetworkReason } from './outcome';

export type ReachabilityResult = { ok: true } | { ok: false; reason: NetworkReason };

/** Checks the host of `baseUrl` within `timeoutMs`. */
export type ReachabilityCheck = (baseUrl: string, timeoutMs: number) => Promise<ReachabilityResult>;

const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

/** The same reasons the HTTP client gives, so the status says it in the same words. */
export function reasonOf(error: unknown): NetworkReason {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'other';
  if (CONNECT_CODES.has(code)) return 'connect';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'reset';
  if (code === 'ETIMEDOUT') return 'timeout';
  return 'other';
}

export const tcpReachability: ReachabilityCheck = (baseUrl, timeoutMs) => {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return Promise.resolve({ ok: false, reason: 'other' });
  }
  const tls = url.protocol === 'https:';
  const port = url.port === '' ? (tls ? 443 : 80) : Number(url.port);
  // URL keeps an IPv6 literal's brackets; net.connect wants it without.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve) => {
    let settled = false;
    // The handshake is what is checked, not the certificate: a wrong one fails the HTTP client
    // with its own, clearer error.
    const socket = tls
      ? tlsConnect(
          // SNI takes a name, never an address.
          { host, port, rejectUnauthorized: false, ...(isIP(host) ? {} : { servername: host }) },
          () => finish({ ok: true }),
        )
      : netConnect({ host, port }, () => finish({ ok: true }));
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), timeoutMs);
    timer.unref();
    function finish(result: ReachabilityResult): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    }
    socket.on('error', (error) => finish({ ok: false, reason: reasonOf(error) }));
  });
};
