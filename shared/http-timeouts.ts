/**
 * Time limits for hostile or broken clients (issue 11), shared by both HTTP servers: the
 * reference server and the kiosk's browser shell (electron/web may not import server/). Fastify's
 * defaults leave `requestTimeout` and `connectionTimeout` at 0, so a client that never finishes
 * its headers or body held a connection for minutes. Node checks the request and header limits
 * every `connectionsCheckingInterval` (default 30 s); a short interval makes the limits hold to
 * half a second, so a slow or unfinished request is closed within 11 s, a TLS handshake included
 * (issue 39).
 */
export const HTTP_TIMEOUTS = {
  /** The whole request (headers and body) must arrive within this. */
  requestMs: 10_000,
  /** The headers must arrive within this (Node's `headersTimeout`; at most `requestMs`). */
  headersMs: 10_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: 5_000,
  /** A socket with no traffic either way is closed after this (a response counts as traffic). */
  idleSocketMs: 30_000,
  /** A TLS handshake (the hub) must finish within this. */
  handshakeMs: 10_000,
  /** How often Node checks the request and header limits. */
  checkIntervalMs: 500,
} as const;

export type HttpTimeouts = { [K in keyof typeof HTTP_TIMEOUTS]: number };

/** The Fastify options that apply `timeouts` to the plain HTTP server Fastify creates. */
export function fastifyTimeoutOptions(timeouts: HttpTimeouts = HTTP_TIMEOUTS) {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleSocketMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      connectionsCheckingInterval: timeouts.checkIntervalMs,
      headersTimeout: timeouts.headersMs,
    },
  };
}

/**
 * The same for an HTTPS server, with `tls` (certificate, key, versions) and a handshake limit:
 * Fastify passes its `http` options to a plain server only, so the header limit and the check
 * interval go with the TLS options (issue 39: without them the hub held a slow client 20 to 120 s).
 */
export function fastifyHttpsTimeoutOptions<T extends object>(
  tls: T,
  timeouts: HttpTimeouts = HTTP_TIMEOUTS,
) {
  const { http, ...server } = fastifyTimeoutOptions(timeouts);
  return { ...server, https: { ...tls, ...http, handshakeTimeout: timeouts.handshakeMs } };
}
